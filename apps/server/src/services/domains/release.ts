import type { Queryable } from '@cc/db/client';
import { releasedIfExpiredBy } from '@cc/domain/registrar';

/**
 * Names whose registration lapsed past the registry's release (expiry, then grace, redemption and pending delete:
 * packages/domain registrar.ts): the registry holds them for nobody now, so the account that let them lapse holds
 * them no more here either. Closes their rows (gone_reason released) as of `now`, the product's clock; `names` narrows
 * it to some names. Run by the daily job, and by a registration of a name just before it records the new holder.
 */
export async function releaseLapsedNames(q: Queryable, now: Date, names?: string[]): Promise<number> {
  const rows = await q.query(
    `UPDATE domains SET gone_at = $1, gone_reason = 'released', updated_at = $1
      WHERE gone_at IS NULL AND expires_at <= $2 AND ($3::text[] IS NULL OR name = ANY($3::text[])) RETURNING id`,
    [now, releasedIfExpiredBy(now), names ?? null],
  );
  return rows.length;
}
