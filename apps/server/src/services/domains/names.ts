import { domainToUnicode } from 'node:url';
import type { Queryable } from '@cc/db/client';
import type { AvailabilityItem } from '@cc/contracts/domains';
import { parseName, registerPrice, suggestLabels, tldPrices, type ParsedName } from '@cc/domain/registrar';
import type { DomainsContext } from './context.ts';
import { heldDomainIdsSql } from './held.ts';

/** The Unicode form of a stored ASCII name, for people. */
export const unicodeOf = (ascii: string) => domainToUnicode(ascii) || ascii;

/** A typed name parsed by the registrar rules, with its Unicode form recomputed from ASCII (so "例子.中国" and its xn-- form agree). */
export function parse(input: string): ParsedName | null {
  const p = parseName(input);
  if (typeof p === 'string') return null;
  return { ...p, unicode: unicodeOf(p.ascii), labelUnicode: unicodeOf(p.label) };
}

/** Availability of many names (POST domains/available, the search page, batch search), in the order asked. */
export async function availability(ctx: DomainsContext, q: Queryable, accountId: number, asked: string[]): Promise<AvailabilityItem[]> {
  const parsed = asked.map((a) => ({ a, p: parseName(a) }));
  const ok = parsed.flatMap(({ p }) => (typeof p === 'string' ? [] : [p]));
  const checks = new Map((await ctx.registry.check(q, ok.map((p) => ({ ascii: p.ascii, label: p.label, labelUnicode: p.labelUnicode })))).map((c) => [c.name, c]));
  const mine = new Set(
    (await q.query<{ name: string }>(`SELECT name FROM domains WHERE id IN ${heldDomainIdsSql('$1::int', '$2::text[]')}`, [accountId, ok.map((p) => p.ascii)])).map((r) => r.name),
  );
  return parsed.map(({ a, p }): AvailabilityItem => {
    if (typeof p === 'string') {
      return { domain: a, ascii: a, unicode: a, tld: '', available: false, reason: p === 'tld' ? 'tld' : 'invalid', premium: false, price: null, renewPrice: null, realName: false };
    }
    const c = checks.get(p.ascii)!;
    const reason = mine.has(p.ascii) ? 'mine' : c.reason;
    return {
      domain: a, ascii: p.ascii, unicode: unicodeOf(p.ascii), tld: p.tld.tld, available: c.available, reason, premium: c.premium,
      price: c.available ? registerPrice(p.tld, 1, c.premium) : null, renewPrice: p.tld.renew, realName: p.tld.realName,
    };
  });
}

/** GET domains/suggest: the exact label under each TLD asked (common TLDs by default), then suggestions under .com/.cn/.top. */
export async function suggest(ctx: DomainsContext, accountId: number, keyword: string, tlds?: string[]) {
  const typed = keyword.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/.*$/, '').replace(/^www\./, '');
  // "example.com" searches that name first, then the label under the other TLDs; "example" searches the label.
  const direct = parseName(typed);
  const labelTyped = typeof direct === 'string' ? typed.split('.')[0]! : typed.slice(0, typed.length - direct.tld.tld.length - 1);
  const wanted = tlds?.length ? tldPrices.filter((t) => tlds.includes(t.tld) || tlds.includes(t.ascii)) : tldPrices.filter((t) => t.common);
  const exactNames = [...new Set([...(typeof direct === 'string' ? [] : [direct.unicode]), ...wanted.map((t) => `${labelTyped}.${t.tld}`)])];
  const exact = await availability(ctx, ctx.db, accountId, exactNames);
  const first = parseName(`${labelTyped}.com`);
  const label = typeof first === 'string' ? '' : first.label;
  const suggestions = label ? await availability(ctx, ctx.db, accountId, suggestLabels(label).flatMap((l) => [`${l}.com`, `${l}.cn`, `${l}.top`])) : [];
  return { exact, suggestions: suggestions.filter((s) => s.available).slice(0, 12) };
}
