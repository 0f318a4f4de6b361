import type { z } from 'zod';
import type { Db, Queryable } from '@cc/db/client';
import type { captchaQuery, captchaVerifyBody } from '@cc/contracts/session';
import { judgeTrack } from '@cc/domain/slider-track';
import { fail } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { backgroundHeight, backgroundWidth, pieceSize, renderSliderPuzzle } from '../../adapters/captcha/slider.ts';
import { addressKey } from '../../plugins/ip-limit.ts';
import { memberByUsername } from '../team/member-sign-in.ts';
import { accountByUsername, normaliseUsername } from './accounts.ts';
import { longestWait, record, type Limit } from './rate-limit.ts';

export const captchaValidSeconds = 120;
/** How far (pixels) the dropped piece may be from the hole. */
export const captchaTolerance = 5;
/** Failed slider checks allowed per client address and per account in 15 minutes; then no new puzzle until they age. */
export const captchaFailuresPerIp = 10;
export const captchaFailuresPerAccount = 10;
const failureWindowSeconds = 15 * 60;

type Who = Pick<z.infer<typeof captchaQuery>, 'username' | 'telPrefix'>;

/**
 * Whom a sign-in name reaches: the account (or team member) whatever name it is typed by (e-mail in any case, phone),
 * otherwise the name itself. Puzzles, their failures and their tokens belong to it.
 */
export async function captchaSubject(q: Queryable, who: Who): Promise<string> {
  const account = await accountByUsername(q, who.username, who.telPrefix);
  if (account) return `acct:${account.id}`;
  const member = await memberByUsername(q, who.username, who.telPrefix);
  if (member) return `member:${member.id}`;
  const u = normaliseUsername(who.username);
  return u.kind === 'email' ? `email:${u.email}` : `tel:${who.telPrefix ?? '86'}:${u.telephone}`;
}

function failureLimits(ip: string, subject: string | null): Limit[] {
  const limits = [{ key: `captcha:ip:${addressKey(ip)}`, max: captchaFailuresPerIp, windowSeconds: failureWindowSeconds }];
  if (subject) limits.push({ key: `captcha:subject:${subject}`, max: captchaFailuresPerAccount, windowSeconds: failureWindowSeconds });
  return limits;
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** A new puzzle for whoever is about to sign in, unless the address or the account has failed too often lately. */
export async function createCaptcha(db: Db, ip: string, who: Who) {
  const subject = await captchaSubject(db, who);
  const wait = await longestWait(db, failureLimits(ip, subject));
  if (wait > 0) throw fail('CAPTCHA_LOCKED', { minutes: Math.ceil(wait / 60) });
  const p = renderSliderPuzzle();
  const captchaId = randomToken(16);
  await db.query(`INSERT INTO captchas (id, x, y, subject, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`, [
    captchaId,
    p.x,
    p.y,
    subject,
    captchaValidSeconds,
  ]);
  // Expired puzzles are useless; sweep them while we are here rather than with a timer.
  await db.query(`DELETE FROM captchas WHERE expires_at < now() - interval '1 hour' AND (token_expires_at IS NULL OR token_expires_at < now() - interval '1 hour')`);
  return {
    captchaId,
    background: dataUrl(p.background),
    piece: dataUrl(p.piece),
    y: p.y,
    width: backgroundWidth,
    height: backgroundHeight,
    pieceWidth: pieceSize,
    pieceHeight: pieceSize,
  };
}

/**
 * One try per puzzle: the first verify uses it up, right or wrong, so the answer cannot be searched for. Right means
 * dropped within the tolerance by a drag that looks like a hand's (packages/domain slider-track.ts). A wrong try
 * counts against the address and the puzzle's account, under a lock per counter, so concurrent tries from any
 * instance cannot pass the limit; past it, tries are refused. A right answer gives a token valid two minutes,
 * stored only as its hash.
 */
export async function verifyCaptcha(db: Db, ip: string, body: z.infer<typeof captchaVerifyBody>): Promise<string> {
  type Outcome = { token: string } | { error: 'CAPTCHA_EXPIRED' | 'CAPTCHA_WRONG' } | { error: 'CAPTCHA_LOCKED'; minutes: number };
  const outcome = await db.tx(async (q): Promise<Outcome> => {
    const [row] = await q.query<{ x: number; subject: string | null; live: boolean }>(
      `UPDATE captchas SET attempts = attempts + 1 WHERE id = $1 AND attempts = 0 AND solved_at IS NULL
        RETURNING x, subject, expires_at > now() AS live`,
      [body.captchaId],
    );
    if (!row || !row.live) return { error: 'CAPTCHA_EXPIRED' };
    const limits = failureLimits(ip, row.subject);
    for (const key of limits.map((l) => l.key).sort()) await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`rate|${key}`]);
    const wait = await longestWait(q, limits);
    if (wait > 0) return { error: 'CAPTCHA_LOCKED', minutes: Math.ceil(wait / 60) };
    const right = Math.abs(row.x - body.x) <= captchaTolerance && judgeTrack(body.track, body.x, body.input).human;
    if (!right) {
      await record(q, limits.map((l) => l.key));
      return { error: 'CAPTCHA_WRONG' };
    }
    const token = randomToken();
    await q.query(`UPDATE captchas SET solved_at = now(), token_hash = $2, token_expires_at = now() + make_interval(secs => $3) WHERE id = $1`, [
      body.captchaId,
      sha256(token),
      captchaValidSeconds,
    ]);
    return { token };
  });
  if ('token' in outcome) return outcome.token;
  if ('minutes' in outcome) throw fail(outcome.error, { minutes: outcome.minutes });
  throw fail(outcome.error);
}

/**
 * Uses up a captcha token for signing in as `who`: missing → CAPTCHA_REQUIRED, unknown or asked for someone else →
 * CAPTCHA_WRONG, used or expired → CAPTCHA_EXPIRED.
 */
export async function consumeCaptchaToken(q: Queryable, token: string | undefined, who: Who): Promise<void> {
  if (!token) throw fail('CAPTCHA_REQUIRED');
  const hash = sha256(token);
  const subject = await captchaSubject(q, who);
  const used = await q.query(
    `UPDATE captchas SET token_used_at = now()
      WHERE token_hash = $1 AND subject = $2 AND token_used_at IS NULL AND token_expires_at > now() RETURNING id`,
    [hash, subject],
  );
  if (used.length) return;
  const [known] = await q.query<{ subject: string | null }>(`SELECT subject FROM captchas WHERE token_hash = $1`, [hash]);
  throw fail(known && known.subject === subject ? 'CAPTCHA_EXPIRED' : 'CAPTCHA_WRONG');
}
