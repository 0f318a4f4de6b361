-- Domain names (/domain): the built-in sandbox registry's own records, and the registrar side (the account's
-- names, carts, orders, contacts, groups, batch jobs).

-- The sandbox registry (adapters/registry/sandbox.ts): what a real registry keeps, one row per registered name.
-- registrar is the sponsoring registrar's id (this product's, or another's). statuses are EPP client statuses
-- (clientTransferProhibited while locked). A released name is deleted.
CREATE TABLE registry_domains (
  name              text PRIMARY KEY,
  registrar         text NOT NULL,
  created_at        timestamptz NOT NULL,
  expires_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  last_transfer_at  timestamptz,
  auth_code         text NOT NULL,
  statuses          jsonb NOT NULL DEFAULT '[]'::jsonb,
  nameservers       jsonb NOT NULL DEFAULT '[]'::jsonb,
  contacts          jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX registry_domains_registrar ON registry_domains(registrar, expires_at);

-- Transfers between registrars at the registry; pending ones complete at act_by unless approved or rejected before.
CREATE TABLE registry_transfers (
  id            serial PRIMARY KEY,
  name          text NOT NULL,
  gaining       text NOT NULL,
  losing        text NOT NULL,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'clientApproved', 'clientRejected', 'serverApproved', 'cancelled')),
  requested_at  timestamptz NOT NULL,
  act_by        timestamptz NOT NULL,
  settled_at    timestamptz
);
-- One pending transfer per name at a time.
CREATE UNIQUE INDEX registry_transfers_pending ON registry_transfers(name) WHERE status = 'pending';

-- Domain contacts (registrant, admin, tech, billing templates) of an account.
CREATE TABLE domain_contacts (
  id            serial PRIMARY KEY,
  account_id    integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('personal', 'enterprise')),
  name          text NOT NULL,
  org           text NOT NULL DEFAULT '',
  email         text NOT NULL,
  telephone     text NOT NULL,
  country       text NOT NULL DEFAULT 'CN',
  province      text NOT NULL DEFAULT '',
  city          text NOT NULL DEFAULT '',
  address       text NOT NULL DEFAULT '',
  postal_code   text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX domain_contacts_account ON domain_contacts(account_id, id DESC);

CREATE TABLE domain_groups (
  id          serial PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, name)
);

-- The names an account holds here. One row per name; a name that leaves (transferred out, deleted) keeps its row
-- with gone_at set, so its history stays readable, and may come back as a new row.
CREATE TABLE domains (
  id                 serial PRIMARY KEY,
  account_id         integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  -- The order that brought the name here (registration or transfer in): its address in the console.
  order_no           text NOT NULL UNIQUE,
  name               text NOT NULL,
  unicode            text NOT NULL,
  tld                text NOT NULL,
  registered_at      timestamptz NOT NULL,
  expires_at         timestamptz NOT NULL,
  locked             boolean NOT NULL DEFAULT true,
  auto_renew         boolean NOT NULL DEFAULT false,
  for_sale           boolean NOT NULL DEFAULT false,
  nameservers        jsonb NOT NULL DEFAULT '[]'::jsonb,
  registrant_id      integer REFERENCES domain_contacts(id) ON DELETE SET NULL,
  admin_id           integer REFERENCES domain_contacts(id) ON DELETE SET NULL,
  tech_id            integer REFERENCES domain_contacts(id) ON DELETE SET NULL,
  billing_id         integer REFERENCES domain_contacts(id) ON DELETE SET NULL,
  group_id           integer REFERENCES domain_groups(id) ON DELETE SET NULL,
  remark             text NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  gone_at            timestamptz,
  gone_reason        text
);
CREATE UNIQUE INDEX domains_held ON domains(name) WHERE gone_at IS NULL;
CREATE INDEX domains_account ON domains(account_id, expires_at) WHERE gone_at IS NULL;
CREATE INDEX domains_group ON domains(group_id) WHERE group_id IS NOT NULL;

-- Items an account means to buy: a registration (years) or a transfer in (with its auth code).
CREATE TABLE domain_carts (
  id          serial PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name        text NOT NULL,
  unicode     text NOT NULL,
  years       integer NOT NULL CHECK (years BETWEEN 1 AND 10),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, name)
);

-- Registrar orders: registration, renewal, transfer in. Paid from the balance in the transaction that creates them.
-- Statuses: paid -> succeeded, or refunded (the registry refused: taken meanwhile, wrong auth code, rejected transfer);
-- a transfer in is pending between its request and the registry's answer.
CREATE TABLE domain_orders (
  id            serial PRIMARY KEY,
  order_no      text NOT NULL UNIQUE,
  account_id    integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('register', 'renew', 'transferIn')),
  name          text NOT NULL,
  unicode       text NOT NULL,
  years         integer NOT NULL CHECK (years BETWEEN 1 AND 10),
  amount        bigint NOT NULL CHECK (amount >= 0),
  status        text NOT NULL CHECK (status IN ('paid', 'pending', 'succeeded', 'refunded')),
  reason        text NOT NULL DEFAULT '',
  auth_code     text NOT NULL DEFAULT '',
  contact_id    integer REFERENCES domain_contacts(id) ON DELETE SET NULL,
  transfer_id   integer,
  expires_before timestamptz,
  expires_after  timestamptz,
  batch_no      text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  completed_at  timestamptz
);
CREATE INDEX domain_orders_account ON domain_orders(account_id, kind, id DESC);
CREATE INDEX domain_orders_open ON domain_orders(status) WHERE status IN ('paid', 'pending');

-- Batch work over many names (ownership, nameservers, group, remark), run by the job queue in slices.
CREATE TABLE domain_batches (
  id          text PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('ownership', 'nameservers', 'group', 'remark')),
  params      jsonb NOT NULL DEFAULT '{}'::jsonb,
  total       integer NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX domain_batches_account ON domain_batches(account_id, created_at DESC);
CREATE TABLE domain_batch_items (
  batch_id  text NOT NULL REFERENCES domain_batches(id) ON DELETE CASCADE,
  seq       integer NOT NULL,
  name      text NOT NULL,
  status    text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'done', 'failed')),
  message   text NOT NULL DEFAULT '',
  PRIMARY KEY (batch_id, seq)
);

-- Expiry reminders sent, once per name, expiry and threshold (two instances never both send).
CREATE TABLE domain_expiry_reminders (
  domain_id       integer NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
  expires_at      timestamptz NOT NULL,
  threshold_days  integer NOT NULL,
  sent_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (domain_id, expires_at, threshold_days)
);
