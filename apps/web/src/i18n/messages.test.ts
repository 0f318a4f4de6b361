import { describe, expect, it } from 'vitest';
import { messagesReady, msg } from './index.ts';

describe('rule messages come after the first paint', () => {
  it('answers core keys at once, and an area key with nothing (never the bare key) until its table is here', async () => {
    expect(msg('err.notFound')).toBe('记录不存在');
    expect(msg('purchase.contact.required')).toBe('');
    // Asking was enough to send for the tables.
    await messagesReady();
    expect(msg('purchase.dcv.notAllowed', { method: 'http' })).toBe('此产品不支持 http 验证方式');
  });
});
