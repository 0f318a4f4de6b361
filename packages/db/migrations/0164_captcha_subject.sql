-- Whom a slider puzzle was asked for (services/session/captcha.ts captchaSubject: the account, or the name typed
-- when it names none). Its failures count against that subject as well as the address, and its token signs in only
-- that subject. Puzzles from before have none; they expire within two minutes.
ALTER TABLE captchas ADD COLUMN subject text;
