-- E-mail validation links bound to what they were sent for. A link approves its name only while the name still
-- holds the method, mailbox and random values (token, value) it held when the mail was decided: every change of
-- method or mailbox draws new values, so a later change ends every link sent before it. Links are kept after
-- use so that a second click says "already confirmed" instead of "unknown".
CREATE TABLE dcv_approvals (
  id               serial PRIMARY KEY,
  order_domain_id  integer NOT NULL REFERENCES order_domains(id) ON DELETE CASCADE,
  -- SHA-256 of the link's token; the token itself is only in the mail.
  token_hash       text NOT NULL UNIQUE,
  method           text NOT NULL CHECK (method IN ('email', 'email_dns')),
  email            text NOT NULL,
  dcv_token        text NOT NULL,
  dcv_value        text NOT NULL,
  -- email_dns: the TXT record seen holding the address before the mail went out; checked again on approval.
  txt_host         text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  -- A newer link for the same name, or a change of method, ends this one.
  superseded_at    timestamptz,
  used_at          timestamptz
);
CREATE INDEX dcv_approvals_domain ON dcv_approvals(order_domain_id);

-- The unbound single link of 0030 is gone: links sent before this migration stop working (send them again).
DROP INDEX order_domains_approval;
ALTER TABLE order_domains DROP COLUMN approval_hash;
