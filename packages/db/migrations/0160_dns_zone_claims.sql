-- Hosted zones are claims until proven (packages/domain dns-claims.ts): several accounts may claim one name, each
-- pending, and only a proof of control (the parent's delegation to our nameservers, or the claim's own TXT token seen
-- through public DNS) turns one active, releasing the others. Only active zones are answered, by the built-in server
-- and by PowerDNS through the views below.

-- One claim per account and name; one active zone per name.
ALTER TABLE dns_zones DROP CONSTRAINT dns_zones_name_key;
CREATE UNIQUE INDEX dns_zones_account_name ON dns_zones (account_id, name);
CREATE UNIQUE INDEX dns_zones_active_name ON dns_zones (name) WHERE status = 'active';
CREATE INDEX dns_zones_name ON dns_zones (name);

-- The claim's TXT token (published at _certhub-challenge.<zone> as certhub-verify=<token>), known to its account only.
-- check_note: why the last check left the zone pending (a message key with params, JSON), '' when none.
ALTER TABLE dns_zones ADD COLUMN verify_token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
ALTER TABLE dns_zones ADD COLUMN check_note text NOT NULL DEFAULT '';

-- A name whose active zone its account deleted: the delegation to our nameservers it may leave behind is that
-- account's, so for anyone else it is no proof (the "sitting duck" takeover of a lame delegation); their TXT token is.
CREATE TABLE dns_zones_left (
  name        text PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  left_at     timestamptz NOT NULL DEFAULT now()
);

-- PowerDNS serves only active zones, as the built-in server does.
CREATE OR REPLACE VIEW pdns_domains AS
  SELECT id, name, NULL::text AS master, NULL::integer AS last_check, 'NATIVE'::text AS type,
         NULL::bigint AS notified_serial, NULL::text AS account, NULL::text AS options, NULL::text AS catalog
  FROM dns_zones WHERE status = 'active';

CREATE OR REPLACE VIEW pdns_records AS
  SELECT r.id, r.zone_id AS domain_id, r.name, r.type, r.content, r.ttl, r.prio, r.disabled,
         NULL::text AS ordername, true AS auth
  FROM dns_records r JOIN dns_zones z ON z.id = r.zone_id AND z.status = 'active'
  UNION ALL
  SELECT -z.id::bigint AS id, z.id AS domain_id, z.name, 'SOA'::text AS type,
         z.mname || ' ' || z.rname || ' ' || z.serial || ' ' || z.refresh || ' ' || z.retry || ' ' || z.expire || ' ' || z.minimum AS content,
         z.soa_ttl AS ttl, 0 AS prio, false AS disabled, NULL::text AS ordername, true AS auth
  FROM dns_zones z WHERE z.status = 'active'
  UNION ALL
  SELECT DISTINCT NULL::bigint AS id, r.zone_id AS domain_id, anc.name, NULL::text AS type, NULL::text AS content,
         NULL::integer AS ttl, NULL::integer AS prio, false AS disabled, NULL::text AS ordername, true AS auth
  FROM dns_records r
  JOIN dns_zones z ON z.id = r.zone_id AND z.status = 'active'
  CROSS JOIN LATERAL (
    SELECT array_to_string((string_to_array(r.name, '.'))[i:], '.') AS name
    FROM generate_series(2, array_length(string_to_array(r.name, '.'), 1)) AS i
  ) anc
  WHERE NOT r.disabled AND right(anc.name, length(z.name) + 1) = '.' || z.name
    AND NOT EXISTS (SELECT 1 FROM dns_records x WHERE x.zone_id = r.zone_id AND x.name = anc.name AND NOT x.disabled);
