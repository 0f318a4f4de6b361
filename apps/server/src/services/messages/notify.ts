import type { Queryable } from '@cc/db/client';
import { informTypes, type InformType } from '@cc/contracts/account';
import type { SiteMsgKind, SiteMsgParams, SiteMsgParamsOf } from '@cc/contracts/site-messages';
import { enqueue } from '../jobs/queue.ts';
import { toAscii } from '@cc/domain/domain-names';
import { heldDomainIdsSql } from '../domains/held.ts';
import { accountOrderIdsSql } from '../orders/by-number.ts';

/** Kinds that also go by mail and SMS through the inform.send job, per the account's /account/notify settings. */
const informedLater = (kind: SiteMsgKind): kind is Exclude<InformType, 'expiring' | 'domainExpiring'> =>
  (informTypes as readonly string[]).includes(kind) && kind !== 'expiring' && kind !== 'domainExpiring';

export interface NotifyOptions {
  /**
   * Whether this call also queues the mail and SMS (inform.send). Reminders that send their own mail at once
   * (certificate and domain expiry, with renewal links and thresholds of their own) and notices that must go to an
   * address other than the current one (security changes go to the old address) pass false.
   */
  mailAndSms?: boolean;
}

/**
 * The one place that tells an account something: the message lands in the message centre, and the same event is
 * queued for mail and SMS per the notification settings, both inside the caller's transaction (so a rolled-back
 * event tells nothing, and a committed one tells exactly once even when a job is retried).
 */
export async function notifyAccount<K extends SiteMsgKind>(q: Queryable, accountId: number, kind: K, given: SiteMsgParamsOf<K>, opts: NotifyOptions = {}): Promise<void> {
  const params = given as SiteMsgParams;
  // A message about one order or domain carries its department and author (services/team/scope.ts): members of
  // that department read it; one about the account as a whole is for those who see all.
  await q.query(
    `WITH obj AS (
       SELECT dept_id, member_id FROM orders WHERE id IN ${accountOrderIdsSql('$1::int', `ARRAY[$3::jsonb->>'orderNo']`)}
       UNION ALL
       SELECT dept_id, member_id FROM domains WHERE id IN ${heldDomainIdsSql('$1::int', 'ARRAY[$4::text]')}
       LIMIT 1)
     INSERT INTO site_messages (account_id, kind, params, about_object, dept_id, member_id)
     SELECT $1, $2, $3::jsonb, EXISTS (SELECT 1 FROM obj), (SELECT dept_id FROM obj), (SELECT member_id FROM obj)`,
    // A domain is named in its Unicode form or its ASCII one: held names are found by the ASCII one (domains/held.ts).
    [accountId, kind, JSON.stringify(params), typeof params.domain === 'string' ? toAscii(params.domain) : null],
  );
  if (opts.mailAndSms !== false && informedLater(kind)) await enqueue(q, 'inform.send', { accountId, informType: kind, params });
}
