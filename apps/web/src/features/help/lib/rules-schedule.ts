/**
 * The help centre's tables of the certificate rules, written from the rules table (packages/domain cabf-rules.ts)
 * so an article never holds a number of its own: an article places `{{rules.schedule}}` or `{{rules.methods}}`
 * where the table goes, and `{{rules.tlsToday}}` for today's limit.
 */
import { dcvReuseDays, endDate, identityReuseDays, ruleOn, tlsLeafEku, tlsMaxValidityDays, validationMethodAllowed, type BrMethod, type Rule } from '@cc/domain/cabf-rules';
import type { HelpLang } from './articles.ts';

const words = {
  zh: {
    head: '| 签发日期 | 证书最长有效期 | 域名验证可复用 | 依据 |',
    before: (d: string) => `${d} 之前`,
    from: (d: string) => `${d} 起`,
    days: (n: number) => `${n} 天`,
    methodsHead: '| 验证方式 | 停止验证域名的日期 | 依据 |',
    none: '未设定',
    identity: (n: number, d: string) => `组织（OV/EV）身份信息可复用 ${n} 天（${d} 起）。`,
    eku: (d: string) => `${d} 起签发的 TLS 证书只含“服务器身份验证”（serverAuth）用途。`,
    methods: {
      '3.2.2.4.7': 'DNS 记录（CNAME / TXT）',
      '3.2.2.4.18': '文件验证（HTTP）',
      '3.2.2.4.19': 'ACME http-01',
      '3.2.2.4.4': '邮件发往 admin@ 等管理邮箱',
      '3.2.2.4.14': '邮件发往 DNS TXT 公布的邮箱',
      '3.2.2.4.13': '邮件发往 CAA 记录中的邮箱',
      '3.2.2.4.16': '电话联系 DNS TXT 公布的联系人',
      '3.2.2.4.17': '电话联系 CAA 记录中的联系人',
      '3.2.2.4.8': 'IP 地址解析方式',
    } satisfies Record<BrMethod, string>,
  },
  en: {
    head: '| Issued on | Longest validity | Domain validation reusable for | Source |',
    before: (d: string) => `before ${d}`,
    from: (d: string) => `from ${d}`,
    days: (n: number) => `${n} days`,
    methodsHead: '| Validation method | Stops validating names on | Source |',
    none: 'not set',
    identity: (n: number, d: string) => `Organisation (OV/EV) identity data is reusable for ${n} days (from ${d}).`,
    eku: (d: string) => `TLS certificates issued from ${d} carry the server authentication (serverAuth) usage alone.`,
    methods: {
      '3.2.2.4.7': 'DNS record (CNAME / TXT)',
      '3.2.2.4.18': 'File (HTTP)',
      '3.2.2.4.19': 'ACME http-01',
      '3.2.2.4.4': 'E-mail to admin@ and the other role addresses',
      '3.2.2.4.14': 'E-mail to an address published in DNS TXT',
      '3.2.2.4.13': 'E-mail to an address in a CAA record',
      '3.2.2.4.16': 'Phone call to a contact published in DNS TXT',
      '3.2.2.4.17': 'Phone call to a contact in a CAA record',
      '3.2.2.4.8': 'IP address resolution',
    } satisfies Record<BrMethod, string>,
  },
} as const;

const dated = (...rules: Rule<unknown>[]) => [...new Set(rules.flatMap((r) => r.flatMap((s) => (s.from ? [s.from] : []))))].sort();

/** One row per date either the TLS validity or the DCV reuse period changes, with the ballot that set it. */
export function scheduleTable(lang: HelpLang): string {
  const w = words[lang];
  const dates = dated(tlsMaxValidityDays, dcvReuseDays);
  const first = dates[0]!;
  const dayBefore = new Date(Date.parse(`${first}T00:00:00Z`) - 1);
  const rows = [`| ${w.before(first)} | ${w.days(ruleOn(tlsMaxValidityDays, dayBefore))} | ${w.days(ruleOn(dcvReuseDays, dayBefore))} | ${tlsMaxValidityDays[0]!.source} |`];
  for (const d of dates) {
    const source = [...new Set([tlsMaxValidityDays, dcvReuseDays].flatMap((r) => r.filter((s) => s.from === d).map((s) => s.source)))].join(', ');
    rows.push(`| ${w.from(d)} | ${w.days(ruleOn(tlsMaxValidityDays, d))} | ${w.days(ruleOn(dcvReuseDays, d))} | ${source} |`);
  }
  return [w.head, '|---|---|---|---|', ...rows].join('\n');
}

/** Each validation method and the day it stops validating names, if one is set. */
export function methodsTable(lang: HelpLang): string {
  const w = words[lang];
  const rows = (Object.keys(w.methods) as BrMethod[]).map((m) => {
    const rule = validationMethodAllowed[m];
    const end = endDate(rule);
    return `| ${w.methods[m]} (BR ${m}) | ${end ?? w.none} | ${end ? rule.find((s) => s.from === end)!.source : '—'} |`;
  });
  const identityStep = identityReuseDays.at(-1)!;
  const ekuStep = tlsLeafEku.find((s) => s.from && s.value.length === 1 && s.value[0] === 'serverAuth');
  return [w.methodsHead, '|---|---|---|', ...rows, '', w.identity(identityStep.value, identityStep.from ?? ''), ...(ekuStep ? ['', w.eku(ekuStep.from!)] : [])].join('\n');
}

/** An article's Markdown with the rules' placeholders filled for the day (`on`, the server's day when known). */
export function fillRules(markdown: string, lang: HelpLang, on: Date | string = new Date()): string {
  return markdown
    .replaceAll('{{rules.schedule}}', scheduleTable(lang))
    .replaceAll('{{rules.methods}}', methodsTable(lang))
    .replaceAll('{{rules.tlsToday}}', words[lang].days(ruleOn(tlsMaxValidityDays, on)))
    .replaceAll('{{rules.reuseToday}}', words[lang].days(ruleOn(dcvReuseDays, on)))
    .replaceAll('{{rules.emailEnds}}', endDate(validationMethodAllowed['3.2.2.4.4']) ?? words[lang].none);
}
