import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar, idCardCheckChar } from '@cc/domain/real-name';
import { referralRewardCents } from '@cc/domain/referral';
import { signVerificationCallback, verificationSignatureHeader, verificationTimestampHeader, verifierKey } from '../src/adapters/verification/sandbox.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { client as baseClient, newAccount } from './purchase-helpers.ts';
import { balanceOf, expectLedgerMatchesBalances, sandboxSecretForTests } from './payment-helpers.ts';
import { signUpByEmail } from './session-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX_SECRET: sandboxSecretForTests });
  // The verifier's callbacks travel over real HTTP to this server's own port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => expectLedgerMatchesBalances(t.app.db));
afterAll(() => t.close());

/** A valid identity number no other test uses: born in Beijing on a random day of 1990, a random sequence, its check
 * character. Each is drawn once: the numbers a test file draws must never meet (one identity, one account). */
const drawnIdCards = new Set<string>();
const idCard = (): string => {
  const birthday = new Date(Date.UTC(1990, 0, 1) + randomInt(0, 365) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  const first = `110105${birthday}${String(randomInt(0, 1000)).padStart(3, '0')}`;
  const number = first + idCardCheckChar(first)!;
  if (drawnIdCards.has(number)) return idCard();
  drawnIdCards.add(number);
  return number;
};
const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const creditCode = () => {
  const first = `91350100${Array.from({ length: 9 }, () => alphabet[randomInt(alphabet.length)]).join('')}`;
  return first + creditCodeCheckChar(first)!;
};
const company = () => ({ orgName: '测试科技有限公司', socialCode: creditCode(), legalName: '李四', openAccount: '招商银行深圳分行', bankAccount: `7559${randomInt(10_000_000, 99_999_999)}` });

type Body = { code: number; data: Record<string, unknown>; msg: string; errors?: Record<string, string> };
type Opts = { lang?: 'zh' | 'en'; form?: boolean };
/** The signed-in client of purchase-helpers, its answers read as objects. */
function client(app: TestApp['app'], token: string) {
  const c = baseClient(app, token);
  const typed = async (r: Promise<{ body: unknown }>) => ({ body: (await r).body as Body });
  return {
    get: (url: string, opts?: Opts) => typed(c.get(url, opts)),
    post: (url: string, payload: object, opts?: Opts) => typed(c.post(url, payload, opts)),
    put: (url: string, payload: object, opts?: Opts) => typed(c.put(url, payload, opts)),
  };
}
const reviewIdOf = (d: Record<string, unknown>) => new URL(String(d.reviewURL)).searchParams.get('id')!;
const publicCall = async (method: 'GET' | 'POST', url: string, payload?: object) => (await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).json() as Body;
const accountOf = async (token: string) => ((await client(t.app, token).get('/v1/account')).body.data as { accountInfo: Record<string, unknown> }).accountInfo;
const rowsOf = async (accountId: number) => (await t.app.db.query(`SELECT id FROM real_name_verifications WHERE account_id = $1`, [accountId])).length;

async function signedCallback(body: object, opts: { timestamp?: number; key?: Buffer; app?: TestApp['app'] } = {}) {
  const raw = JSON.stringify(body);
  const ts = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const key = opts.key ?? verifierKey(Buffer.from(sandboxSecretForTests, 'utf8'));
  const r = await (opts.app ?? t.app).inject({
    method: 'POST',
    url: '/verification-callbacks/sandbox',
    headers: { 'content-type': 'application/json', [verificationSignatureHeader]: signVerificationCallback(key, ts, raw), [verificationTimestampHeader]: String(ts) },
    payload: raw,
  });
  return { status: r.statusCode, body: r.json() as Body };
}

describe('personal verification (/v1/realAuth)', () => {
  it('N → pending → approved through the sandbox review page and its signed callback', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    expect((await me.get('/v1/realAuth')).body).toMatchObject({ code: 200, data: { status: 'N', authno: 0, name: '', idCard: '', reviewURL: '' } });
    expect(await accountOf(a.token)).toMatchObject({ authPProgress: 'N' });

    const number = idCard();
    const sent = (await me.post('/v1/realAuth', { name: '张三', idCard: number })).body;
    expect(sent).toMatchObject({ code: 200, data: { status: 'pending', name: '张三', idCard: `110***********${number.slice(-4)}` } });
    expect(String(sent.data.reviewURL)).toMatch(/\/verify\/test\?id=rv_/);
    expect(await accountOf(a.token)).toMatchObject({ authPProgress: 'pending' });
    // The full number is nowhere in plain text.
    expect(JSON.stringify(await t.app.db.query(`SELECT * FROM real_name_verifications WHERE account_id = $1`, [a.id]))).not.toContain(number);

    const again = (await me.post('/v1/realAuth', { name: '张三', idCard: number }, { lang: 'en' })).body;
    expect(again).toMatchObject({ code: 10009, msg: 'Your personal verification is under review: do not submit it again' });

    const rid = reviewIdOf(sent.data);
    expect(await publicCall('GET', `/sandbox/verifications/${rid}`)).toMatchObject({
      code: 200, data: { kind: 'personal', status: 'pending', subject: { name: '张三', idNumber: `110***********${number.slice(-4)}` }, depositCents: null },
    });
    expect(await publicCall('POST', `/sandbox/verifications/${rid}/approve`)).toMatchObject({ code: 200, data: { status: 'approved' } });
    await t.app.jobs.drain();

    expect((await me.get('/v1/realAuth')).body.data).toMatchObject({ status: 'approved', reviewURL: '' });
    expect(await accountOf(a.token)).toMatchObject({ authPProgress: 'approved', authName: '张三', idCard: `110***********${number.slice(-4)}` });
    expect((await me.post('/v1/realAuth', { name: '张三', idCard: idCard() })).body).toMatchObject({ code: 10009, msg: '您已完成个人实名认证' });
    expect(await publicCall('POST', `/sandbox/verifications/${rid}/decline`)).toMatchObject({ code: 10009, msg: '该审核单已结束（approved），不能再操作' });
  });

  it('declined with the reviewer\'s reason, then submitted again', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const sent = (await me.post('/v1/realAuth', { name: '王五', idCard: idCard() })).body;
    expect(await publicCall('POST', `/sandbox/verifications/${reviewIdOf(sent.data)}/decline`, { reason: '姓名与证件不符' })).toMatchObject({ code: 200, data: { status: 'declined' } });
    await t.app.jobs.drain();
    expect((await me.get('/v1/realAuth')).body.data).toMatchObject({ status: 'declined', reason: '姓名与证件不符' });
    expect(await accountOf(a.token)).toMatchObject({ authPProgress: 'declined', authName: '' });
    expect((await me.post('/v1/realAuth', { name: '王五', idCard: idCard() })).body.data).toMatchObject({ status: 'pending' });
  });

  it.each([
    [{ idCard: '11010519491231002X' }, 'zh', 'name', '请填写真实姓名'],
    [{ name: '  ', idCard: '11010519491231002X' }, 'en', 'name', 'Enter your legal name'],
    [{ name: '张三' }, 'zh', 'idCard', '请填写身份证号码'],
    [{ name: '张三', idCard: '110105194912310021' }, 'zh', 'idCard', '身份证号码校验位不正确，请核对'],
    [{ name: '张三', idCard: '110105194912310021' }, 'en', 'idCard', 'The check character of the identity card number is wrong: please check the number'],
    [{ name: '张三', idCard: '1101051949123100' }, 'zh', 'idCard', '身份证号码应为18位，前17位为数字，最后一位为数字或X'],
    [{ name: '张三', idCard: '110105194913310025' }, 'en', 'idCard', 'The date of birth in the identity card number is not valid'],
    [{ name: 'x'.repeat(51), idCard: '11010519491231002X' }, 'zh', 'name', 'name 最多 50 个字符'],
  ])('refuses %j (%s) with a precise message, and records nothing', async (payload, lang, field, msg) => {
    const a = await newAccount(t.app);
    const r = (await client(t.app, a.token).post('/v1/realAuth', payload, { lang: lang as 'zh' | 'en' })).body;
    expect(r.code).toBe(10001);
    expect(r.errors?.[field]).toBe(msg);
    expect(await rowsOf(a.id)).toBe(0);
    expect(await accountOf(a.token)).toMatchObject({ authPProgress: 'N' });
  });

  it('takes a form body and a lower-case x', async () => {
    const a = await newAccount(t.app);
    const number = idCard();
    const r = (await client(t.app, a.token).post('/v1/realAuth', { name: '赵六', idCard: number.toLowerCase() }, { form: true })).body;
    expect(r).toMatchObject({ code: 200, data: { status: 'pending' } });
  });

  it('refuses an identity number that verifies another account', async () => {
    const number = idCard();
    const a = await newAccount(t.app);
    const b = await newAccount(t.app);
    expect((await client(t.app, a.token).post('/v1/realAuth', { name: '张三', idCard: number })).body.code).toBe(200);
    const r = (await client(t.app, b.token).post('/v1/realAuth', { name: '张三', idCard: number })).body;
    expect(r).toMatchObject({ code: 10009, msg: '该身份证号码已用于其他账户的实名认证', errors: { idCard: '该身份证号码已用于其他账户的实名认证' } });
    expect(await rowsOf(b.id)).toBe(0);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/realAuth' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/orgRealAuth', payload: company() })).statusCode).toBe(401);
  });
});

describe('the verifier\'s callback', () => {
  it('refuses a bad signature, a stale timestamp, a malformed body and an unknown verification; applies once', async () => {
    const a = await newAccount(t.app);
    const sent = (await client(t.app, a.token).post('/v1/realAuth', { name: '张三', idCard: idCard() })).body.data;
    const rid = reviewIdOf(sent);
    const event = { eventId: `${rid}:approved`, reviewId: rid, merchantRef: String(sent.authno), status: 'approved', reason: '', occurredAt: Math.floor(Date.now() / 1000) };

    expect(await signedCallback(event, { key: Buffer.alloc(32, 1) })).toMatchObject({ status: 401, body: { code: 401, msg: '回调签名无效' } });
    expect(await signedCallback(event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).toMatchObject({ status: 401, body: { msg: '回调时间戳已过期（须在 300 秒内）' } });
    expect(await signedCallback({ ...event, status: 'maybe' })).toMatchObject({ status: 400, body: { msg: '回调内容格式错误' } });
    expect(await signedCallback({ ...event, merchantRef: '999999' })).toMatchObject({ status: 400, body: { msg: '回调所指的认证不存在' } });
    expect(await accountOf(a.token)).toMatchObject({ authPProgress: 'pending' });

    expect(await signedCallback(event)).toMatchObject({ status: 200, body: { data: { applied: true } } });
    expect(await signedCallback({ ...event, status: 'declined' })).toMatchObject({ status: 200, body: { data: { applied: false, reason: 'replay' } } });
    expect(await accountOf(a.token)).toMatchObject({ authPProgress: 'approved' });
  });
});

describe('enterprise verification (/v1/orgRealAuth)', () => {
  it('deposit confirmed with the amount on the statement, then approved by the reviewer', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    expect((await me.get('/v1/orgRealAuth')).body.data).toMatchObject({ status: 'N', step: 'none', authno: 0 });
    const c = company();
    const sent = (await me.post('/v1/orgRealAuth', c)).body;
    expect(sent).toMatchObject({ code: 200, data: { status: 'pending', step: 'deposit', orgName: c.orgName, legalName: '李四', bankAccount: `****${c.bankAccount.slice(-4)}`, attemptsLeft: 3 } });
    expect(await accountOf(a.token)).toMatchObject({ authEProgress: 'pending' });
    const authno = Number(sent.data.authno);
    const rid = reviewIdOf(sent.data);
    const view = await publicCall('GET', `/sandbox/verifications/${rid}`);
    const deposit = Number(view.data.depositCents);
    expect(deposit).toBeGreaterThanOrEqual(1);
    expect(deposit).toBeLessThanOrEqual(99);

    // The reviewer cannot decide before the company proved it holds the account.
    expect(await publicCall('POST', `/sandbox/verifications/${rid}/approve`)).toMatchObject({ code: 10009, msg: '企业尚未确认打款金额，暂不能审核' });

    const wrong = (deposit % 99) + 1;
    expect((await me.post('/v1/orgRealAuth', { authno, balance: wrong })).body).toMatchObject({ code: 10001, msg: '打款金额不正确，还可尝试 2 次', errors: { balance: '打款金额不正确，还可尝试 2 次' } });
    expect((await me.post('/v1/orgRealAuth', { authno, balance: wrong }, { lang: 'en' })).body.msg).toBe('The amount is wrong: 1 attempts left');
    expect((await me.get(`/v1/orgRealAuth/${authno}`)).body.data).toMatchObject({ step: 'deposit', attemptsLeft: 1 });

    expect((await me.post('/v1/orgRealAuth', { authno, balance: deposit })).body).toMatchObject({ code: 200, data: { step: 'review', status: 'pending' } });
    expect((await me.post('/v1/orgRealAuth', { authno, balance: deposit })).body).toMatchObject({ code: 10009, msg: '该企业认证不在等待确认打款金额的阶段' });
    expect((await me.post('/v1/orgRealAuth', company())).body).toMatchObject({ code: 10009, msg: '企业认证正在进行中，请勿重复提交' });

    expect(await publicCall('POST', `/sandbox/verifications/${rid}/approve`)).toMatchObject({ code: 200 });
    await t.app.jobs.drain();
    expect((await me.get('/v1/orgRealAuth')).body.data).toMatchObject({ status: 'approved', step: 'done' });
    expect(await accountOf(a.token)).toMatchObject({ authEProgress: 'approved', companyName: c.orgName, authPProgress: 'N' });
  });

  it('declines after three wrong amounts, and when the deposit has expired', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const sent = (await me.post('/v1/orgRealAuth', company())).body.data;
    const deposit = Number((await publicCall('GET', `/sandbox/verifications/${reviewIdOf(sent)}`)).data.depositCents);
    const wrong = (deposit % 99) + 1;
    await me.post('/v1/orgRealAuth', { authno: sent.authno, balance: wrong });
    await me.post('/v1/orgRealAuth', { authno: sent.authno, balance: wrong });
    expect((await me.post('/v1/orgRealAuth', { authno: sent.authno, balance: wrong })).body).toMatchObject({ code: 10009, msg: '打款金额错误次数过多，企业认证未通过，请重新提交' });
    expect((await me.get('/v1/orgRealAuth', { lang: 'en' })).body.data).toMatchObject({ status: 'declined', reason: 'Too many wrong deposit amounts' });
    expect(await accountOf(a.token)).toMatchObject({ authEProgress: 'declined' });
    // The right amount afterwards changes nothing.
    expect((await me.post('/v1/orgRealAuth', { authno: sent.authno, balance: deposit })).body.code).toBe(10009);

    const again = (await me.post('/v1/orgRealAuth', company())).body.data;
    expect(again).toMatchObject({ status: 'pending', step: 'deposit' });
    await t.app.db.query(`UPDATE real_name_verifications SET deposit_expires_at = now() - interval '1 second' WHERE id = $1`, [again.authno]);
    const late = Number((await publicCall('GET', `/sandbox/verifications/${reviewIdOf(again)}`)).data.depositCents);
    expect((await me.post('/v1/orgRealAuth', { authno: again.authno, balance: late })).body).toMatchObject({ code: 10009, msg: '打款金额已过期，企业认证未通过，请重新提交' });
    expect((await me.get('/v1/orgRealAuth')).body.data).toMatchObject({ status: 'declined', reason: '打款金额确认超时' });
  });

  it('answers another account\'s verification number as one that does not exist, and changes nothing', async () => {
    const a = await newAccount(t.app);
    const b = await newAccount(t.app);
    const sent = (await client(t.app, a.token).post('/v1/orgRealAuth', company())).body.data;
    const deposit = Number((await publicCall('GET', `/sandbox/verifications/${reviewIdOf(sent)}`)).data.depositCents);
    const bob = client(t.app, b.token);
    expect((await bob.get(`/v1/orgRealAuth/${sent.authno}`)).body).toMatchObject({ code: 10004, msg: '认证记录不存在' });
    expect((await bob.post('/v1/orgRealAuth', { authno: sent.authno, balance: deposit }, { lang: 'en' })).body).toMatchObject({ code: 10004, msg: 'Verification not found' });
    expect((await client(t.app, a.token).get(`/v1/orgRealAuth/${sent.authno}`)).body.data).toMatchObject({ step: 'deposit', attemptsLeft: 3 });
    expect((await bob.get('/v1/orgRealAuth/abc')).body).toMatchObject({ code: 10001 });
  });

  it.each([
    [{ socialCode: '91350100M000100Y44' }, 'zh', 'socialCode', '统一社会信用代码校验位不正确，请核对'],
    [{ socialCode: '91350100M000100O43' }, 'en', 'socialCode', 'A unified social credit code has 18 digits or capital letters (no I, O, S, V, Z)'],
    [{ socialCode: '' }, 'zh', 'socialCode', '请填写统一社会信用代码'],
    [{ orgName: '' }, 'zh', 'orgName', '请填写企业名称'],
    [{ legalName: '' }, 'en', 'legalName', 'Enter the legal representative\'s name'],
    [{ openAccount: '' }, 'zh', 'openAccount', '请填写开户银行'],
    [{ bankAccount: '' }, 'zh', 'bankAccount', '请填写对公银行账号'],
    [{ bankAccount: '12-34' }, 'zh', 'bankAccount', '对公银行账号应为8~30位数字'],
    [{ authno: 1 }, 'zh', 'balance', '请填写收到的打款金额（0.01~0.99 元）'],
    [{ authno: 1, balance: 100 }, 'en', 'balance', 'Enter the amount received (0.01 to 0.99 CNY)'],
  ])('refuses %j (%s) with a precise message, and records nothing', async (change, lang, field, msg) => {
    const a = await newAccount(t.app);
    const r = (await client(t.app, a.token).post('/v1/orgRealAuth', { ...company(), ...change }, { lang: lang as 'zh' | 'en' })).body;
    expect(r.code).toBe(10001);
    expect(r.errors?.[field]).toBe(msg);
    expect(await rowsOf(a.id)).toBe(0);
  });

  it('refuses a credit code that verifies another account', async () => {
    const c = company();
    const a = await newAccount(t.app);
    const b = await newAccount(t.app);
    expect((await client(t.app, a.token).post('/v1/orgRealAuth', c)).body.code).toBe(200);
    expect((await client(t.app, b.token).post('/v1/orgRealAuth', c, { lang: 'en' })).body).toMatchObject({ code: 10009, msg: 'This unified social credit code already verifies another account' });
  });
});

describe('invite condition and the referral reward', () => {
  it('credits the inviter once, through the ledger, when the invited account passes verification', async () => {
    const inviter = await signUpByEmail(t.app);
    const me = client(t.app, inviter.token);
    const code = `Ref${randomInt(100_000, 999_999)}`;
    expect((await me.put('/v1/inviteCode', { inviteCode: code })).body.code).toBe(200);
    const friend = await signUpByEmail(t.app, { inviteCode: code });
    const [row] = await t.app.db.query<{ id: number }>(`SELECT id FROM accounts WHERE account_no = $1`, [inviter.accountNo]);
    const inviterId = row!.id;

    expect((await me.get('/v1/inviteCondition')).body.data).toMatchObject({
      rewardCents: referralRewardCents, maxRewards: 50, condition: 'realName', invited: 1, verified: 0, rewarded: 0, earnedCents: 0,
      invitees: [{ state: 'signedUp' }],
    });

    const f = client(t.app, friend.token);
    const sent = (await f.post('/v1/realAuth', { name: '钱七', idCard: idCard() })).body.data;
    await publicCall('POST', `/sandbox/verifications/${reviewIdOf(sent)}/approve`);
    await t.app.jobs.drain();
    expect(await balanceOf(t.app, inviterId)).toBe(referralRewardCents);
    const records = (await me.get('/v1/creditChangeRecords?limit=10&offset=1')).body.data as { data: { kind: string; amount: number }[] };
    expect(records.data[0]).toMatchObject({ kind: 'referral_reward', amount: referralRewardCents });

    // The enterprise verification of the same friend earns nothing more.
    const org = (await f.post('/v1/orgRealAuth', company())).body.data;
    const rid = reviewIdOf(org);
    const deposit = Number((await publicCall('GET', `/sandbox/verifications/${rid}`)).data.depositCents);
    await f.post('/v1/orgRealAuth', { authno: org.authno, balance: deposit });
    await publicCall('POST', `/sandbox/verifications/${rid}/approve`);
    await t.app.jobs.drain();
    expect(await balanceOf(t.app, inviterId)).toBe(referralRewardCents);
    expect((await me.get('/v1/inviteCondition')).body.data).toMatchObject({ invited: 1, verified: 1, rewarded: 1, earnedCents: referralRewardCents, invitees: [{ state: 'rewarded' }] });
    // The friend sees nothing of the inviter's programme.
    expect((await f.get('/v1/inviteCondition')).body.data).toMatchObject({ invited: 0, earnedCents: 0 });
  });

  it('an old code stops working once the inviter changes it', async () => {
    const inviter = await signUpByEmail(t.app);
    const me = client(t.app, inviter.token);
    const old = `Old${randomInt(100_000, 999_999)}`;
    await me.put('/v1/inviteCode', { inviteCode: old });
    await me.put('/v1/inviteCode', { inviteCode: `New${randomInt(100_000, 999_999)}` });
    await expect(signUpByEmail(t.app, { inviteCode: old })).rejects.toThrow();
    expect((await me.get('/v1/inviteCondition')).body.data).toMatchObject({ invited: 0 });
  });
});

// Two approvals of one invited account delivered at once (its personal and its enterprise verification, each
// callback several times over): PostgreSQL runs them truly in parallel, where the embedded database would queue them.
describe('referral reward under concurrent callbacks (PostgreSQL)', () => {
  let pg: TestApp;
  beforeAll(async () => {
    pg = await startTestApp({ PAYMENT_SANDBOX_SECRET: sandboxSecretForTests }, { postgres: true });
  });
  afterAll(() => pg.close());

  it('applies each verification once and credits the inviter once', async () => {
    const inviter = await signUpByEmail(pg.app);
    const code = `Race${randomInt(100_000, 999_999)}`;
    expect((await client(pg.app, inviter.token).put('/v1/inviteCode', { inviteCode: code })).body.code).toBe(200);
    const friend = await signUpByEmail(pg.app, { inviteCode: code });
    const f = client(pg.app, friend.token);
    const personal = (await f.post('/v1/realAuth', { name: '钱七', idCard: idCard() })).body.data;
    const org = (await f.post('/v1/orgRealAuth', company())).body.data;
    const now = Math.floor(Date.now() / 1000);
    const eventOf = (d: Record<string, unknown>) => ({ eventId: `${reviewIdOf(d)}:approved`, reviewId: reviewIdOf(d), merchantRef: String(d.authno), status: 'approved', reason: '', occurredAt: now });

    const answers = await Promise.all([personal, org, personal, org, personal, org, personal, org].map((d) => signedCallback(eventOf(d), { app: pg.app })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => (a.body.data as { applied: boolean }).applied)).toHaveLength(2);

    const [row] = await pg.app.db.query<{ id: number }>(`SELECT id FROM accounts WHERE account_no = $1`, [inviter.accountNo]);
    expect(await balanceOf(pg.app, row!.id)).toBe(referralRewardCents);
    expect((await client(pg.app, inviter.token).get('/v1/inviteCondition')).body.data).toMatchObject({ verified: 1, rewarded: 1, earnedCents: referralRewardCents });
    await expectLedgerMatchesBalances(pg.app.db);
  });
});
