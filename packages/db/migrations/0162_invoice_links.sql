-- The link in the invoice mail (services/billing/invoices.ts): whoever holds it downloads that invoice's PDF without
-- signing in (the mail often goes to an accountant with no console access), until it expires. Only the SHA-256 of the
-- link's random token is kept, so a copy of the database gives no working link.
CREATE TABLE invoice_links (
  token_hash  text PRIMARY KEY,
  invoice_id  integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_links_invoice ON invoice_links(invoice_id);
