-- DNS hosting: zones an account hosts here, their records, and every change made to them.
-- The built-in authoritative server (apps/server/src/adapters/dns/authoritative.ts) answers from these tables on
-- every query, so any instance answers a change made through another at once. The columns follow PowerDNS's
-- gpgsql schema (name, type, content, ttl, prio, disabled), and the views pdns_domains / pdns_records below give
-- PowerDNS exactly its shape (the gpgsql-*-query settings point at them), as the way past one process.

-- A hosted zone. name is the apex, lowercase ASCII without the final dot. serial is the SOA serial and the zone's
-- version: every change bumps it in the same transaction, and an edit made against an older serial is refused.
-- status: 'pending' until the delegation check sees our nameservers (a domain registered elsewhere), 'active' after;
-- both are served (a resolver only asks us once the delegation is there).
CREATE TABLE dns_zones (
  id                 serial PRIMARY KEY,
  account_id         integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name               text NOT NULL UNIQUE,
  serial             bigint NOT NULL,
  status             text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active')),
  -- SOA fields: mname is our first nameserver, rname the hostmaster mailbox as a name.
  mname              text NOT NULL,
  rname              text NOT NULL,
  refresh            integer NOT NULL DEFAULT 3600,
  retry              integer NOT NULL DEFAULT 600,
  expire             integer NOT NULL DEFAULT 1209600,
  minimum            integer NOT NULL DEFAULT 300,
  soa_ttl            integer NOT NULL DEFAULT 3600,
  -- Where the zone came from: 'registered' (a domain registered here) or 'external' (pointed at our nameservers).
  origin             text NOT NULL DEFAULT 'external' CHECK (origin IN ('registered', 'external')),
  delegation_checked_at timestamptz,
  -- The nameservers the delegation check saw last (comma separated), shown to the user.
  delegation_seen    text NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dns_zones_account ON dns_zones(account_id);

-- A record. name is the owner, lowercase, absolute without the final dot (the apex is the zone's name). content is the
-- presentation form PowerDNS stores: TXT as quoted strings of at most 255 bytes each, MX/SRV without the priority
-- (prio holds it), host names without the final dot. system records (the apex NS) are managed by the product.
CREATE TABLE dns_records (
  id          bigserial PRIMARY KEY,
  zone_id     integer NOT NULL REFERENCES dns_zones(id) ON DELETE CASCADE,
  name        text NOT NULL,
  type        text NOT NULL CHECK (type IN ('A', 'AAAA', 'CNAME', 'TXT', 'MX', 'SRV', 'CAA', 'NS')),
  content     text NOT NULL,
  ttl         integer NOT NULL,
  prio        integer NOT NULL DEFAULT 0,
  disabled    boolean NOT NULL DEFAULT false,
  system      boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dns_records_zone_name ON dns_records(zone_id, name);

-- Each change of a zone's records: who, when, what (the diff), and the whole record set after it, so that any
-- earlier state can be restored (a rollback is itself a change). serial is the zone's serial after the change.
CREATE TABLE dns_zone_changes (
  id          bigserial PRIMARY KEY,
  zone_id     integer NOT NULL REFERENCES dns_zones(id) ON DELETE CASCADE,
  account_id  integer REFERENCES accounts(id) ON DELETE SET NULL,
  actor       text NOT NULL DEFAULT '',
  kind        text NOT NULL,
  serial      bigint NOT NULL,
  diff        jsonb NOT NULL,
  snapshot    jsonb NOT NULL,
  rollback_of bigint,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dns_zone_changes_zone ON dns_zone_changes(zone_id, id DESC);

-- PowerDNS's gpgsql shape over our tables. The SOA is made from the zone row (its serial is the zone's), so it can
-- never disagree with what the built-in server answers.
CREATE VIEW pdns_domains AS
  SELECT id, name, NULL::text AS master, NULL::integer AS last_check, 'NATIVE'::text AS type,
         NULL::bigint AS notified_serial, NULL::text AS account, NULL::text AS options, NULL::text AS catalog
  FROM dns_zones;

CREATE VIEW pdns_records AS
  SELECT r.id, r.zone_id AS domain_id, r.name, r.type, r.content, r.ttl, r.prio, r.disabled,
         NULL::text AS ordername, true AS auth
  FROM dns_records r
  UNION ALL
  SELECT -z.id::bigint AS id, z.id AS domain_id, z.name, 'SOA'::text AS type,
         z.mname || ' ' || z.rname || ' ' || z.serial || ' ' || z.refresh || ' ' || z.retry || ' ' || z.expire || ' ' || z.minimum AS content,
         z.soa_ttl AS ttl, 0 AS prio, false AS disabled, NULL::text AS ordername, true AS auth
  FROM dns_zones z
  UNION ALL
  -- Empty non-terminals (a.b.example.com exists, b.example.com has no record): PowerDNS knows them by rows with no
  -- type (what its rectify-zone writes), and answers NODATA rather than NXDOMAIN for them, as RFC 8020 wants.
  SELECT DISTINCT NULL::bigint AS id, r.zone_id AS domain_id, anc.name, NULL::text AS type, NULL::text AS content,
         NULL::integer AS ttl, NULL::integer AS prio, false AS disabled, NULL::text AS ordername, true AS auth
  FROM dns_records r
  JOIN dns_zones z ON z.id = r.zone_id
  CROSS JOIN LATERAL (
    SELECT array_to_string((string_to_array(r.name, '.'))[i:], '.') AS name
    FROM generate_series(2, array_length(string_to_array(r.name, '.'), 1)) AS i
  ) anc
  WHERE NOT r.disabled AND right(anc.name, length(z.name) + 1) = '.' || z.name
    AND NOT EXISTS (SELECT 1 FROM dns_records x WHERE x.zone_id = r.zone_id AND x.name = anc.name AND NOT x.disabled);

-- The rest of PowerDNS's gpgsql schema, empty: what it reads besides zones and records (metadata, DNSSEC keys,
-- TSIG keys, comments, autoprimaries) when it serves these zones (apps/server/src/adapters/dns/powerdns.ts).
CREATE TABLE pdns_domainmetadata (id serial PRIMARY KEY, domain_id integer, kind text, content text);
CREATE TABLE pdns_cryptokeys (id serial PRIMARY KEY, domain_id integer, flags integer NOT NULL, active boolean, published boolean DEFAULT true, content text);
CREATE TABLE pdns_tsigkeys (id serial PRIMARY KEY, name text, algorithm text, secret text);
CREATE TABLE pdns_comments (id serial PRIMARY KEY, domain_id integer NOT NULL, name text NOT NULL, type text NOT NULL, modified_at integer NOT NULL, account text, comment text NOT NULL);
CREATE TABLE pdns_supermasters (ip inet NOT NULL, nameserver text NOT NULL, account text NOT NULL, PRIMARY KEY (ip, nameserver));

-- DCV autopilot: the validation records published for an order in a zone hosted here, removed after issuance.
CREATE TABLE dns_dcv_records (
  id          bigserial PRIMARY KEY,
  order_id    integer NOT NULL,
  zone_id     integer NOT NULL REFERENCES dns_zones(id) ON DELETE CASCADE,
  name        text NOT NULL,
  type        text NOT NULL,
  content     text NOT NULL
);
CREATE INDEX dns_dcv_records_order ON dns_dcv_records(order_id);
