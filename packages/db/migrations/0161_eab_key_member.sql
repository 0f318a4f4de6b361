-- An EAB key made by a team member spends within that member's role limit (services/payments/spending.ts): the key
-- remembers who made it. A key of the holder (NULL) is bounded by its own spending limit only. A removed member's
-- row stays (status removed), so the key keeps pointing at it and stops ordering with it.
ALTER TABLE acme_eab_keys ADD COLUMN member_id integer REFERENCES members(id);
