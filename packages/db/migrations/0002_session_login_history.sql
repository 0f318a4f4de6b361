-- The account page shows the sign-in before the current one, so the previous values are kept beside the latest.
ALTER TABLE accounts ADD COLUMN prev_login_ip text NOT NULL DEFAULT '';
ALTER TABLE accounts ADD COLUMN prev_login_time timestamptz;
-- Time step of the last authenticator code accepted, so one code cannot be replayed within its window.
ALTER TABLE accounts ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0;
