import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Queryable } from '@cc/db/client';
import type { Config } from '../../config.ts';
import { secretBox } from '../../lib/secret-box.ts';

const period = 30;
const issuer = 'CertHub';

/** A new authenticator secret: base32 for the user, sealed for the database. */
export async function newTotpSecret(config: Config, label: string) {
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({ issuer, label, secret, period });
  const otpauthUrl = totp.toString();
  return {
    secret: secret.base32,
    otpauthUrl,
    qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }),
    sealed: secretBox(config).seal(secret.base32),
  };
}

/**
 * Checks an authenticator code against a sealed secret (one step either side for clock drift),
 * and refuses a code whose time step was already used by this account, so a seen code cannot be replayed.
 */
export async function checkTotp(q: Queryable, config: Config, accountId: number, sealed: string | null, code: string): Promise<boolean> {
  if (!sealed) return false;
  const secret = Secret.fromBase32(secretBox(config).open(sealed));
  const now = Date.now();
  const delta = TOTP.validate({ token: code, secret, period, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / period) + delta;
  const won = await q.query(`UPDATE accounts SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2 RETURNING id`, [accountId, step]);
  return won.length > 0;
}
