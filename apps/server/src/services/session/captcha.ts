import type { Queryable } from '@cc/db/client';
import { fail } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { backgroundHeight, backgroundWidth, pieceSize, renderSliderPuzzle } from '../../adapters/captcha/slider.ts';

export const captchaValidSeconds = 120;
/** How far (pixels) the dropped piece may be from the hole. */
export const captchaTolerance = 5;

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

export async function createCaptcha(q: Queryable) {
  const p = renderSliderPuzzle();
  const captchaId = randomToken(16);
  await q.query(`INSERT INTO captchas (id, x, y, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`, [
    captchaId,
    p.x,
    p.y,
    captchaValidSeconds,
  ]);
  // Expired puzzles are useless; sweep them while we are here rather than with a timer.
  await q.query(`DELETE FROM captchas WHERE expires_at < now() - interval '1 hour' AND (token_expires_at IS NULL OR token_expires_at < now() - interval '1 hour')`);
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
 * One try per puzzle: the first verify uses it up, right or wrong, so the answer cannot be searched for.
 * A right answer gives a token valid two minutes, stored only as its hash.
 */
export async function verifyCaptcha(q: Queryable, captchaId: string, x: number): Promise<string> {
  const [row] = await q.query<{ x: number; live: boolean }>(
    `UPDATE captchas SET attempts = attempts + 1 WHERE id = $1 AND attempts = 0 AND solved_at IS NULL
      RETURNING x, expires_at > now() AS live`,
    [captchaId],
  );
  if (!row || !row.live) throw fail('CAPTCHA_EXPIRED');
  if (Math.abs(row.x - x) > captchaTolerance) throw fail('CAPTCHA_WRONG');
  const token = randomToken();
  await q.query(`UPDATE captchas SET solved_at = now(), token_hash = $2, token_expires_at = now() + make_interval(secs => $3) WHERE id = $1`, [
    captchaId,
    sha256(token),
    captchaValidSeconds,
  ]);
  return token;
}

/** Uses up a captcha token: missing → CAPTCHA_REQUIRED, unknown → CAPTCHA_WRONG, used or expired → CAPTCHA_EXPIRED. */
export async function consumeCaptchaToken(q: Queryable, token: string | undefined): Promise<void> {
  if (!token) throw fail('CAPTCHA_REQUIRED');
  const hash = sha256(token);
  const used = await q.query(
    `UPDATE captchas SET token_used_at = now() WHERE token_hash = $1 AND token_used_at IS NULL AND token_expires_at > now() RETURNING id`,
    [hash],
  );
  if (used.length) return;
  const known = await q.query(`SELECT 1 FROM captchas WHERE token_hash = $1`, [hash]);
  throw fail(known.length ? 'CAPTCHA_EXPIRED' : 'CAPTCHA_WRONG');
}
