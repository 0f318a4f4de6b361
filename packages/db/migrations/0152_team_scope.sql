-- Team, second part: domains, DNS zones and domain contacts belong to a department like orders do (services/team/
-- scope.ts), messages know the department of the object they are about, and the read-only role no longer reads the
-- account's bills.

-- Who brought the domain or zone here and in which department (NULL: the owner, or a member without one).
ALTER TABLE domains ADD COLUMN member_id integer REFERENCES members(id);
ALTER TABLE domains ADD COLUMN dept_id integer REFERENCES depts(id);
ALTER TABLE dns_zones ADD COLUMN member_id integer REFERENCES members(id);
ALTER TABLE dns_zones ADD COLUMN dept_id integer REFERENCES depts(id);
ALTER TABLE domain_contacts ADD COLUMN member_id integer REFERENCES members(id);
ALTER TABLE domain_contacts ADD COLUMN dept_id integer REFERENCES depts(id);
-- A domain order carries who paid for it, so that the domain lands in that department once registered.
ALTER TABLE domain_orders ADD COLUMN member_id integer REFERENCES members(id);
ALTER TABLE domain_orders ADD COLUMN dept_id integer REFERENCES depts(id);

-- A message about one order or domain carries that object's department and author: a member scoped to departments
-- reads those of its departments; messages about the account as a whole (about_object false) only those who see all.
ALTER TABLE site_messages ADD COLUMN about_object boolean NOT NULL DEFAULT false;
ALTER TABLE site_messages ADD COLUMN member_id integer REFERENCES members(id);
ALTER TABLE site_messages ADD COLUMN dept_id integer REFERENCES depts(id);

-- Read-only means the orders of its department: the account's bills and ledger are finance's (a role that should
-- read them says so in its own permissions).
UPDATE roles SET permissions = array_remove(permissions, 'billing.read') WHERE account_id IS NULL AND code = 'readonly';
