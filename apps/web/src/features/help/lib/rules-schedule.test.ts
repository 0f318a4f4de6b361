import { describe, expect, it } from 'vitest';
import { fillRules, methodsTable, scheduleTable } from './rules-schedule.ts';

describe('the help centre reads the rules table', () => {
  it('writes the schedule with every date, in zh and en', () => {
    expect(scheduleTable('zh').split('\n')).toEqual([
      '| 签发日期 | 证书最长有效期 | 域名验证可复用 | 依据 |',
      '|---|---|---|---|',
      '| 2026-03-15 之前 | 398 天 | 398 天 | BR 6.3.2 (398 days since 2020-09-01) |',
      '| 2026-03-15 起 | 200 天 | 200 天 | SC-081v3 |',
      '| 2027-03-15 起 | 100 天 | 100 天 | SC-081v3 |',
      '| 2029-03-15 起 | 47 天 | 10 天 | SC-081v3 |',
    ]);
    expect(scheduleTable('en')).toContain('| from 2029-03-15 | 47 days | 10 days | SC-081v3 |');
  });

  it('names the end of the e-mail methods and of the IP-address method', () => {
    expect(methodsTable('en')).toContain('| E-mail to admin@ and the other role addresses (BR 3.2.2.4.4) | 2028-03-15 | SC-090 |');
    expect(methodsTable('zh')).toContain('| IP 地址解析方式 (BR 3.2.2.4.8) | 2026-03-15 |');
    expect(methodsTable('en')).toContain('| DNS record (CNAME / TXT) (BR 3.2.2.4.7) | not set | — |');
  });

  it('fills today\'s limit by the day', () => {
    expect(fillRules('{{rules.tlsToday}} / {{rules.reuseToday}} / {{rules.emailEnds}}', 'zh', '2026-12-07')).toBe('200 天 / 200 天 / 2028-03-15');
    expect(fillRules('{{rules.tlsToday}}', 'en', '2029-03-15')).toBe('47 days');
  });
});
