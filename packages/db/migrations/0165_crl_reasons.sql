-- Revocation by the built-in CA (RFC 5280 §5): why each certificate was revoked, written into its CRL entry, and the
-- last CRL each brand's issuing CA signed, with its CRL number.

-- The CRLReason (§5.3.1) given with the revocation; 0 (unspecified) is written as no reasonCode at all. 7 is unused and
-- 8 (removeFromCRL) belongs to delta CRLs only, so neither is ever stored. Earlier revocations kept no reason: unspecified.
ALTER TABLE certificates ADD COLUMN revocation_reason smallint CHECK (revocation_reason IN (0, 1, 2, 3, 4, 5, 6, 9, 10));
UPDATE certificates SET revocation_reason = 0 WHERE revoked_at IS NOT NULL;
ALTER TABLE certificates ADD CONSTRAINT certificates_revoked_with_reason CHECK ((revoked_at IS NULL) = (revocation_reason IS NULL));

-- One row per brand, shared by every instance: the CRL number only grows (§5.2.3), allocated under this row's lock, and
-- the CRL last signed is served until it is a day old or a revocation of the brand empties `der` (the revoking
-- transaction takes the same lock, so a CRL signed meanwhile is never kept without it).
CREATE TABLE ca_crls (
  brand        text PRIMARY KEY,
  crl_number   bigint NOT NULL DEFAULT 0 CHECK (crl_number >= 0),
  der          bytea,
  this_update  timestamptz,
  next_update  timestamptz
);
