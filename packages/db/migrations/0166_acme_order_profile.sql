-- The ACME certificate profile a client asked for in newOrder (draft-ietf-acme-profiles): 'classic' is the longest
-- validity the rules table allows on the signing day, 'shortlived' a week. Orders made before keep 'classic'.
ALTER TABLE acme_server_orders ADD COLUMN profile text NOT NULL DEFAULT 'classic';
