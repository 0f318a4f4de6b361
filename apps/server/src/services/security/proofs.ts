import type { Queryable } from '@cc/db/client';
import { translate, type Locale } from '@cc/contracts/messages';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';

/** How long a re-authentication counts for a change of phone or e-mail (ASVS V7: recent, then again). */
export const proofValidSeconds = 10 * 60;
export type ProofVia = 'tel' | 'email' | 'password';

export const word = (locale: Locale, channel: 'tel' | 'email') => translate(locale, channel === 'tel' ? 'w.phone' : 'w.email');

/** A proof of a re-authentication just passed, for this account and this session only. */
export async function issueProof(q: Queryable, accountId: number, sessionHash: string, via: ProofVia) {
  const proof = randomToken();
  await q.query(
    `INSERT INTO security_proofs (token_hash, account_id, session_hash, via, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [sha256(proof), accountId, sessionHash, via, proofValidSeconds],
  );
  return { proof, via, expiresIn: proofValidSeconds };
}

/**
 * The live proof of this account and session (REAUTH_REQUIRED when unknown, used, expired or another session's).
 * With `lock` it is taken for use in the caller's transaction: a second request with it then finds it used.
 */
export async function liveProof(q: Queryable, accountId: number, sessionHash: string, proof: string, lock = false): Promise<{ via: ProofVia }> {
  const [row] = await q.query<{ via: ProofVia }>(
    lock
      ? `UPDATE security_proofs SET used_at = now()
          WHERE token_hash = $1 AND account_id = $2 AND session_hash = $3 AND used_at IS NULL AND expires_at > now() RETURNING via`
      : `SELECT via FROM security_proofs WHERE token_hash = $1 AND account_id = $2 AND session_hash = $3 AND used_at IS NULL AND expires_at > now()`,
    [sha256(proof), accountId, sessionHash],
  );
  if (!row) throw new AppError('REAUTH_REQUIRED', undefined, { proof: 'sec.proof.expired' }, { key: 'sec.proof.expired' });
  return row;
}
