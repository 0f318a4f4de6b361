import { describe, expect, it } from 'vitest';
import { purchaseMessages } from '../src/purchase-messages.ts';
import { needsContact, needsOrganization, showsDcvMethod, isProductType } from '../src/product-types.ts';

describe('purchaseMessages', () => {
  it('has the exact Chinese texts of the specification', () => {
    const zh = purchaseMessages.zh;
    expect(zh['purchase.domain.multipleIp']).toBe('此产品不支持多IP');
    expect(zh['purchase.domain.formatBatch']).toBe('{{entry}} 格式不正确');
    expect(zh['purchase.batch.tooMany']).toBe('一次最多可提交500个订单');
    expect(zh['purchase.csr.fileType']).toBe('文件类型不正确');
    expect(zh['purchase.csr.noneInZip']).toBe('未包含有效 CSR 或文件结构不正确');
    expect(zh['purchase.csr.uploaded']).toBe('已成功上传 {{n}} 个 CSR');
    expect(zh['purchase.pay.disconnected']).toBe('与服务器断开连接~');
  });

  it('has the English texts of the specification', () => {
    const en = purchaseMessages.en;
    expect(en['purchase.domain.duplicate']).toBe('{{domain}} duplicate');
    expect(en['purchase.domain.notWildcard']).toBe('{{domain}} is not a wildcard domain');
    expect(en['purchase.domain.evNoWildcard']).toBe('EV certificates do not support wildcard');
    expect(en['purchase.domain.required']).toBe('Please fill in domains');
  });

  it('uses the same placeholders in both languages', () => {
    const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, zh] of Object.entries(purchaseMessages.zh)) {
      const en = purchaseMessages.en[key as keyof typeof purchaseMessages.zh];
      expect(en, key).toBeTruthy();
      expect(names(en), key).toEqual(names(zh));
    }
  });
});

describe('product types', () => {
  it.each([
    [{ productType: 'ov' }, true], [{ productType: 'ev' }, true], [{ productType: 'code' }, true], [{ productType: 'doc' }, true],
    [{ productType: 'wild', certType: 'OV' }, true], [{ productType: 'flex', certType: 'EV' }, true],
    [{ productType: 'ssl', certType: 'DV' }, false], [{ productType: 'smime', certType: 'SMIME' }, false], [{ productType: 'vmc', certType: 'VMC' }, false],
  ])('needsOrganization(%j) → %s', (p, want) => expect(needsOrganization(p)).toBe(want));

  it.each([['DV', false], ['OV', true], ['EV', true], ['CODE', true]])('needsContact(%s) → %s', (certType, want) => expect(needsContact({ certType })).toBe(want));

  it.each([['ssl', true], ['flex', true], ['ev', true], ['ip_ssl', false], ['ip_single', false], ['code', false], ['vmc', false]])(
    'showsDcvMethod(%s) → %s', (t, want) => expect(showsDcvMethod(t)).toBe(want),
  );

  it('knows the 13 product types', () => {
    expect(['dv_one_ssl', 'ssl', 'wild', 'flex', 'ip_ssl', 'ip_single', 'ov', 'ev', 'code', 'doc', 'email', 'smime', 'vmc'].every(isProductType)).toBe(true);
    expect(isProductType('dv')).toBe(false);
  });
});
