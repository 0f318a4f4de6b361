import { createHash, randomUUID } from 'node:crypto';
import type { Db, Queryable } from './client.ts';
import { hashPassword } from './password.ts';
import { products } from './seed-products.ts';

export const demoAccount = {
  email: 'demo@certhub.local',
  telephone: '13800138000',
  password: 'Demo@2026',
  balance: 1_000_000_00,
} as const;

/** Fills what a fresh database needs. Idempotent: safe on every start and from two servers at once. */
export async function seed(db: Db): Promise<void> {
  await db.tx(async (q) => {
    if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock(728392)');
    await seedSettings(q);
    for (const p of products) {
      await q.query(
        `INSERT INTO products (product_no, product_name, product_type, brand, brand_name, sub_brand, brand_description, brand_description_en,
           type_description, cert_type, max_year, chinese_name, english_name, product_description, product_description_en, summary,
           price_per_year, extra_domain_price, free, sort)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20)
         ON CONFLICT (product_no) DO NOTHING`,
        [p.productNo, p.productName, p.productType, p.brand, p.brandName, p.subBrand, p.brandDescription, p.brandDescriptionEn,
          p.typeDescription, p.certType, p.maxYear, p.chineseName, p.englishName, p.productDescription, p.productDescriptionEn, p.summary,
          p.pricePerYear, p.extraDomainPrice, p.free, p.sort],
      );
    }
  });
  const existing = await db.query(`SELECT 1 FROM accounts WHERE email = $1`, [demoAccount.email]);
  if (!existing.length) {
    const pw = await hashPassword(createHash('sha256').update(demoAccount.password).digest('hex'));
    await db.tx(async (q) => {
      const [a] = await q.query<{ id: number }>(
        `INSERT INTO accounts (account_no, root_uuid, email, telephone, tel_prefix, password_hash, balance, company_name, invite_code)
         VALUES ('A10000001', $1, $2, $3, '86', $4, $5, 'CertHub Demo Ltd.', 'demo2026') ON CONFLICT DO NOTHING RETURNING id`,
        [randomUUID(), demoAccount.email, demoAccount.telephone, pw, demoAccount.balance],
      );
      // Every balance is explained by the ledger, the opening one too.
      if (a) {
        await q.query(
          `INSERT INTO ledger_entries (account_id, amount, balance_after, kind, ref, remark) VALUES ($1, $2, $2, 'adjustment', $3, 'opening balance')`,
          [a.id, demoAccount.balance, `opening:${a.id}`],
        );
      }
    });
  }
}

async function seedSettings(q: Queryable) {
  await q.query(`INSERT INTO site_config (host, config) VALUES ('*', '{}'::jsonb) ON CONFLICT DO NOTHING`);
  const frontConf: [string, string, string][] = [
    ['xGlobalsignBrands', 'N', 'Y: only globalsign_ks, globalsign_mssl and alphassl products are visible; otherwise every product except globalsign_ks and globalsign_mssl'],
    ['defaultOrderMode', 'single', 'single or batch: the tab the order screen opens on'],
    ['supportCfca', 'N', 'Y shows the ID card field on contacts'],
    ['registerType', 'tel', 'tel or email: what sign-up asks for'],
  ];
  for (const [setting, value, description] of frontConf) {
    await q.query(`INSERT INTO front_conf (setting, value, description) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [setting, value, description]);
  }
  const rates: [string, string, number][] = [
    ['CNY', '￥', 1],
    ['USD', '$', 0.1389],
    ['EUR', '€', 0.1281],
    ['HKD', 'HK$', 1.0812],
    ['JPY', '¥', 21.35],
  ];
  for (const [currency, symbol, rate] of rates) {
    await q.query(`INSERT INTO exchange_rates (currency, symbol, rate) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [currency, symbol, rate]);
  }
  const payWays: [string, string, string, number][] = [
    ['balance', '余额支付', 'Balance', 0],
    ['alipay', '支付宝', 'Alipay', 1],
    ['wechat', '微信支付', 'WeChat Pay', 2],
    ['paypal', 'PayPal', 'PayPal', 3],
    ['stripe', '银行卡', 'Card', 4],
    ['stripe_alipay', '支付宝（Stripe）', 'Alipay (Stripe)', 5],
    ['stripe_wechat', '微信支付（Stripe）', 'WeChat Pay (Stripe)', 6],
    ['usdt', 'USDT', 'USDT', 7],
    ['usdc', 'USDC', 'USDC', 8],
  ];
  for (const [payWay, name, showName, sort] of payWays) {
    await q.query(`INSERT INTO pay_ways (pay_way, name, show_name, switch, sort) VALUES ($1, $2, $3, 'Y', $4) ON CONFLICT DO NOTHING`, [payWay, name, showName, sort]);
  }
}
