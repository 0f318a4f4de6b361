-- Expiry reminders reach the message centre on the days the account chose whatever its channels; mail and SMS only
-- when switched on. A reminder row now records the notice, and `mailed` whether mail/SMS went: an account that turns
-- mail on after the day's notice still gets the mail, once (the UPDATE that claims it is the one that sends).
ALTER TABLE expiry_reminders ADD COLUMN mailed boolean NOT NULL DEFAULT true;
ALTER TABLE domain_expiry_reminders ADD COLUMN mailed boolean NOT NULL DEFAULT true;
