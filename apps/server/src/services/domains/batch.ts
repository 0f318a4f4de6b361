import { randomBytes } from 'node:crypto';
import type { BatchKind } from '@cc/contracts/domains';
import { translate } from '@cc/contracts/messages';
import { AppError } from '../../lib/app-error.ts';
import { enqueue } from '../jobs/queue.ts';
import type { JobKind } from '../jobs/kinds.ts';
import { RuleError, said } from '../purchase/rule-error.ts';
import type { DomainsContext } from './context.ts';
import { contactsById } from './contacts.ts';
import { checkNameservers, setNameserversIn, setOwnerIn } from './manage.ts';
import { parse } from './names.ts';
import { accountIdOf, deptFilterSql, type Viewer, type Who } from '../team/scope.ts';
import { heldDomainIdsSql } from './held.ts';

/** Runs a batch's waiting names in slices, so a batch of thousands neither holds one transaction nor blocks other jobs. */
export const domainsBatchJob = 'domains.batch' satisfies JobKind;
const slice = 100;

type Params = {
  contactId?: number | undefined; nameservers?: string[] | undefined; groupId?: number | null | undefined; remark?: string | undefined;
  /** Who started it, as seen then: a member's batch changes only the names of its departments (and its own). */
  viewer?: { memberId: number | null; depts: number[] | null } | undefined;
};

/** Starts a batch (ownership, nameservers, group, remark) over many names: checked up front, run by the job queue. */
export async function startBatch(ctx: DomainsContext, who: Who, b: { kind: BatchKind; domains: string[] } & Params) {
  const accountId = accountIdOf(who);
  const params: Params = typeof who === 'number' || who.depts === null ? {} : { viewer: { memberId: who.memberId, depts: who.depts } };
  if (b.kind === 'ownership') {
    if (!b.contactId || !(await contactsById(ctx.db, who, [b.contactId])).size) throw new RuleError('NOT_FOUND', said('dm.contact.notFound'), { contactId: said('dm.contact.notFound') });
    params.contactId = b.contactId;
  } else if (b.kind === 'nameservers') {
    params.nameservers = checkNameservers(b.nameservers ?? []);
  } else if (b.kind === 'group') {
    if (b.groupId) {
      const [g] = await ctx.db.query(`SELECT 1 FROM domain_groups WHERE id = $1 AND account_id = $2`, [b.groupId, accountId]);
      if (!g) throw new RuleError('DOMAIN_GROUP', said('dm.group.notFound'), { groupId: said('dm.group.notFound') });
    }
    params.groupId = b.groupId ?? null;
  } else {
    if (b.remark === undefined) throw new RuleError('INVALID_INPUT', said('dm.v.remark'), { remark: said('dm.v.remark') });
    params.remark = b.remark;
  }
  const names = [...new Set(b.domains.map((d) => parse(d)?.ascii ?? d.trim().toLowerCase()))];
  const id = `B${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;
  await ctx.db.tx(async (q) => {
    await q.query(`INSERT INTO domain_batches (id, account_id, kind, params, total) VALUES ($1, $2, $3, $4::jsonb, $5)`, [id, accountId, b.kind, JSON.stringify(params), names.length]);
    await q.query(`INSERT INTO domain_batch_items (batch_id, seq, name) SELECT $1, i, n FROM unnest($2::text[]) WITH ORDINALITY AS t(n, i)`, [id, names]);
    await enqueue(q, domainsBatchJob, { batchId: id });
  });
  return batchStatus(ctx, accountId, id);
}

/** One slice of a batch; answers whether names are left. Each name is its own transaction: one failure does not undo the others. */
export async function runBatchSlice(ctx: DomainsContext, batchId: string): Promise<'more' | 'done'> {
  const [b] = await ctx.db.query<{ account_id: number; kind: BatchKind; params: Params }>(`SELECT account_id, kind, params FROM domain_batches WHERE id = $1 AND finished_at IS NULL`, [batchId]);
  if (!b) return 'done';
  const viewer: Viewer | null = b.params.viewer ? { id: b.account_id, ...b.params.viewer } : null;
  const items = await ctx.db.query<{ seq: number; name: string }>(`SELECT seq, name FROM domain_batch_items WHERE batch_id = $1 AND status = 'waiting' ORDER BY seq LIMIT ${slice}`, [batchId]);
  for (const it of items) {
    let message = '';
    try {
      await ctx.db.tx(async (q) => {
        if (viewer) {
          const params: unknown[] = [b.account_id, it.name];
          const [seen] = await q.query(`SELECT 1 FROM domains d WHERE d.id IN ${heldDomainIdsSql('$1::int', 'ARRAY[$2::text]')}${deptFilterSql(viewer, 'd', params)}`, params);
          if (!seen) throw new RuleError('NOT_FOUND', said('dm.domain.notFound', { domains: it.name }));
        }
        if (b.kind === 'ownership') await setOwnerIn(q, ctx, b.account_id, it.name, b.params.contactId!);
        else if (b.kind === 'nameservers') await setNameserversIn(q, ctx, b.account_id, it.name, b.params.nameservers!);
        else {
          const set = b.kind === 'group' ? 'group_id = $3' : 'remark = $3';
          const r = await q.query(`UPDATE domains SET ${set}, updated_at = now() WHERE id IN ${heldDomainIdsSql('$1::int', 'ARRAY[$2::text]')} RETURNING id`, [b.account_id, it.name, b.kind === 'group' ? (b.params.groupId ?? null) : (b.params.remark ?? '')]);
          if (!r.length) throw new RuleError('NOT_FOUND', said('dm.domain.notFound', { domains: it.name }));
        }
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      // Kept as a key: the list answers it in the reader's language.
      message = JSON.stringify({ key: e.key, params: e.params ?? {} });
    }
    await ctx.db.query(`UPDATE domain_batch_items SET status = $3, message = $4 WHERE batch_id = $1 AND seq = $2`, [batchId, it.seq, message ? 'failed' : 'done', message]);
  }
  if (items.length === slice) return 'more';
  await ctx.db.query(`UPDATE domain_batches SET finished_at = now() WHERE id = $1`, [batchId]);
  return 'done';
}

const readMessage = (m: string, locale: 'zh' | 'en') => {
  if (!m) return '';
  try {
    const { key, params } = JSON.parse(m) as { key: string; params: Record<string, string | number> };
    return translate(locale, key, params);
  } catch {
    return m;
  }
};

export async function batchStatus(ctx: DomainsContext, accountId: number, id: string, locale: 'zh' | 'en' = 'zh') {
  const [b] = await ctx.db.query<{ id: string; kind: BatchKind; total: number; created_at: Date | string; finished_at: Date | string | null }>(
    `SELECT id, kind, total, created_at, finished_at FROM domain_batches WHERE id = $1 AND account_id = $2`, [id, accountId]);
  if (!b) throw new RuleError('NOT_FOUND', said('dm.batch.notFound'), { id: said('dm.batch.notFound') });
  const items = await ctx.db.query<{ name: string; status: 'waiting' | 'done' | 'failed'; message: string }>(`SELECT name, status, message FROM domain_batch_items WHERE batch_id = $1 ORDER BY seq`, [id]);
  return {
    id: b.id, kind: b.kind, total: b.total, createdAt: new Date(b.created_at).toISOString(), finished: b.finished_at !== null,
    done: items.filter((i) => i.status === 'done').length, failed: items.filter((i) => i.status === 'failed').length,
    items: items.map((i) => ({ domain: i.name, status: i.status, message: readMessage(i.message, locale) })),
  };
}

export async function listBatches(ctx: DomainsContext, accountId: number) {
  const rows = await ctx.db.query<{ id: string; kind: BatchKind; total: number; created_at: Date | string; finished_at: Date | string | null; done: number; failed: number }>(
    `SELECT b.id, b.kind, b.total, b.created_at, b.finished_at,
            (SELECT count(*)::int FROM domain_batch_items i WHERE i.batch_id = b.id AND i.status = 'done') AS done,
            (SELECT count(*)::int FROM domain_batch_items i WHERE i.batch_id = b.id AND i.status = 'failed') AS failed
       FROM domain_batches b WHERE b.account_id = $1 ORDER BY b.created_at DESC LIMIT 50`, [accountId]);
  const items = rows.map((b) => ({ id: b.id, kind: b.kind, total: b.total, createdAt: new Date(b.created_at).toISOString(), finished: b.finished_at !== null, done: b.done, failed: b.failed }));
  return { items, total: items.length };
}
