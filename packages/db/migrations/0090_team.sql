-- Team: the people of an account (members), what they may do (roles, as data), where they sit (departments), and
-- the audit log they write. The account holder is the owner: sessions and keys without a member are the owner's.

-- A role is a set of named permissions (packages/contracts/src/team.ts lists the names). Roles with no account are
-- every account's; an account may add its own rows later without code.
CREATE TABLE roles (
  id               serial PRIMARY KEY,
  account_id       integer REFERENCES accounts(id) ON DELETE CASCADE,
  code             text NOT NULL,
  name_zh          text NOT NULL,
  name_en          text NOT NULL,
  permissions      text[] NOT NULL,
  -- The most one payment may be, in cents, unless the owner set the account's own (role_pay_limits); NULL: no limit.
  pay_limit_cents  bigint CHECK (pay_limit_cents >= 0),
  position         integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX roles_code ON roles (coalesce(account_id, 0), code);

INSERT INTO roles (code, name_zh, name_en, permissions, pay_limit_cents, position) VALUES
  ('owner', '所有者', 'Owner', ARRAY['orders.read','orders.manage','orders.pay','billing.read','billing.manage','domains.manage','tools.use','contacts.manage','members.manage','audit.read','keys.manage','scope.all','account.owner'], NULL, 0),
  ('admin', '管理员', 'Administrator', ARRAY['orders.read','orders.manage','orders.pay','billing.read','billing.manage','domains.manage','tools.use','contacts.manage','members.manage','audit.read','keys.manage','scope.all'], NULL, 1),
  ('finance', '财务', 'Finance', ARRAY['orders.read','orders.pay','billing.read','billing.manage','scope.all'], NULL, 2),
  ('technical', '技术', 'Technical', ARRAY['orders.read','orders.manage','orders.pay','domains.manage','tools.use','contacts.manage'], 0, 3),
  ('readonly', '只读', 'Read-only', ARRAY['orders.read','billing.read'], NULL, 4);

-- The owner's own payment limit for a role on this account (0 = members of the role cannot pay; NULL = no limit).
CREATE TABLE role_pay_limits (
  account_id       integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  role_id          integer NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  pay_limit_cents  bigint CHECK (pay_limit_cents >= 0),
  PRIMARY KEY (account_id, role_id)
);

-- Departments form a tree per account (parent NULL: a top department).
CREATE TABLE depts (
  id          serial PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  parent_id   integer REFERENCES depts(id),
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX depts_account ON depts(account_id);

-- A member signs in with its own address or phone and password (NULL until the invitation is taken up). Removed
-- members stay as rows: their orders and log entries keep naming them.
CREATE TABLE members (
  id                 serial PRIMARY KEY,
  account_id         integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name               text NOT NULL,
  email              text,
  telephone          text,
  tel_prefix         text NOT NULL DEFAULT '86',
  password_hash      text,
  role_id            integer NOT NULL REFERENCES roles(id),
  dept_id            integer REFERENCES depts(id),
  status             text NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'active', 'suspended', 'removed')),
  -- Second step of the member's sign-in: a code to its own address or phone ('Y'), or none after a reset ('N').
  two_step           text NOT NULL DEFAULT 'Y' CHECK (two_step IN ('Y', 'N')),
  invite_hash        text UNIQUE,
  invite_expires_at  timestamptz,
  last_login_at      timestamptz,
  last_login_ip      text NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (email IS NOT NULL OR telephone IS NOT NULL)
);
CREATE INDEX members_account ON members(account_id);
CREATE UNIQUE INDEX members_email ON members(lower(email)) WHERE status <> 'removed' AND email IS NOT NULL;
CREATE UNIQUE INDEX members_tel ON members(tel_prefix, telephone) WHERE status <> 'removed' AND telephone IS NOT NULL;

ALTER TABLE sessions ADD COLUMN member_id integer REFERENCES members(id);
ALTER TABLE api_keys ADD COLUMN member_id integer REFERENCES members(id);
ALTER TABLE login_challenges ADD COLUMN member_id integer REFERENCES members(id);
ALTER TABLE orders ADD COLUMN member_id integer REFERENCES members(id);
ALTER TABLE orders ADD COLUMN dept_id integer REFERENCES depts(id);
ALTER TABLE contacts ADD COLUMN dept_id integer REFERENCES depts(id);

-- The audit log is account_log, with who (the member; NULL: the owner) and which object.
ALTER TABLE account_log ADD COLUMN member_id integer REFERENCES members(id);
ALTER TABLE account_log ADD COLUMN object_type text NOT NULL DEFAULT '';
ALTER TABLE account_log ADD COLUMN object_id text NOT NULL DEFAULT '';

-- Entries are never changed nor removed, whatever code runs against the database.
CREATE FUNCTION account_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'account_log entries cannot be changed or removed';
END
$$;
CREATE TRIGGER account_log_immutable BEFORE UPDATE OR DELETE ON account_log FOR EACH ROW EXECUTE FUNCTION account_log_refuse_change();
