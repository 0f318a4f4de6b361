-- The message centre (/notification): what the product told one account (the same events that go by mail and SMS
-- per /account/notify, plus security events), written in the transaction that made the event happen. A message keeps
-- its kind and values, not text: it is worded when read, in the reader's language.
CREATE TABLE site_messages (
  id          bigserial PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind        text NOT NULL,
  params      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at  timestamptz NOT NULL DEFAULT now(),
  read_at     timestamptz
);
CREATE INDEX site_messages_account ON site_messages(account_id, id DESC);
-- The header bell counts unread messages on every page: an index of the unread rows alone keeps that count cheap.
CREATE INDEX site_messages_unread ON site_messages(account_id) WHERE read_at IS NULL;

-- Announcements from the platform to every account (maintenance, price changes, CA/Browser Forum rule changes),
-- published by `npm run announce`. Shown once to each account until it reads (or hides) it.
CREATE TABLE announcements (
  id          serial PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('maintenance', 'price', 'rules', 'general')),
  title_zh    text NOT NULL,
  title_en    text NOT NULL,
  body_zh     text NOT NULL,
  body_en     text NOT NULL,
  starts_at   timestamptz NOT NULL DEFAULT now(),
  ends_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX announcements_live ON announcements(starts_at DESC);

CREATE TABLE announcement_reads (
  announcement_id  integer NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
  account_id       integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  read_at          timestamptz NOT NULL DEFAULT now(),
  -- DELETE /v1/siteMsg/announcement/{id}: the account no longer lists it.
  hidden           boolean NOT NULL DEFAULT false,
  PRIMARY KEY (account_id, announcement_id)
);
