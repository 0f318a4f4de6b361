import { describe, expect, it } from 'vitest';
import { siteMsgCategories, siteMsgKinds, siteMsgLink, siteMsgListQuery, type SiteMsgKind } from '../src/site-messages.ts';
import { messages } from '../src/messages.ts';

describe('site message kinds', () => {
  it('gives every kind a group, and a title and a body in zh and en', () => {
    for (const [kind, category] of Object.entries(siteMsgKinds)) {
      expect(siteMsgCategories).toContain(category);
      for (const part of ['title', 'body']) {
        const key = `siteMsg.kind.${kind}.${part}`;
        expect(key in messages.zh && key in messages.en, key).toBe(true);
      }
    }
  });

  it.each([
    ['issued', { orderNo: 'SSL 1' }, '/ssl/certificate/SSL%201'],
    ['orderValidation', { orderNo: 'SSL2' }, '/ssl/certificate/SSL2'],
    ['payment', { orderNos: 'SSL2' }, '/orders/list'],
    ['payment', { orderNos: '' }, '/account/credit-records'],
    ['balanceLow', {}, '/deposit'],
    ['securityChange', { change: 'password' }, '/account/secure'],
  ] as [SiteMsgKind, Record<string, string>, string][])('links %s to %s', (kind, params, link) => {
    expect(siteMsgLink(kind, params)).toBe(link);
  });

  it('reads the list query with its defaults and refuses unknown filters', () => {
    expect(siteMsgListQuery.parse({})).toEqual({ limit: 20, offset: 1 });
    expect(siteMsgListQuery.parse({ category: '', kind: '', status: 'unread', limit: '10', offset: '2' })).toEqual({ limit: 10, offset: 2, status: 'unread' });
    expect(siteMsgListQuery.safeParse({ category: 'spam' }).success).toBe(false);
  });
});
