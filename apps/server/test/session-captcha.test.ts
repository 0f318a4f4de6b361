import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { startTestApp, type TestApp } from './harness.ts';
import { freshIp, sha256hex, solveCaptcha } from './session-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const decode = (dataUrl: string) => PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
const newCaptcha = async () => {
  const r = await t.app.inject({ method: 'GET', url: '/captcha' });
  const data = r.json().data as { captchaId: string; background: string; piece: string; y: number; width: number; height: number; pieceWidth: number; pieceHeight: number };
  const [row] = await t.app.db.query<{ x: number; y: number }>(`SELECT x, y FROM captchas WHERE id = $1`, [data.captchaId]);
  return { ...data, answer: row!.x };
};
const verify = (captchaId: string, x: number, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/captcha/verify', payload: { captchaId, x }, headers }).then((r) => r.json());
const login = (payload: Record<string, string>) => t.app.inject({ method: 'POST', url: '/login', remoteAddress: freshIp(), payload }).then((r) => r.json());
const demo = { username: 'demo@certhub.local', password: sha256hex('Demo@2026') };

describe('GET /captcha', () => {
  it('renders a real puzzle: a 320x160 background with a hole and a piece with transparent outside', async () => {
    const c = await newCaptcha();
    expect(c).toMatchObject({ width: 320, height: 160, pieceWidth: 60, pieceHeight: 60 });
    const bg = decode(c.background);
    const piece = decode(c.piece);
    expect([bg.width, bg.height]).toEqual([320, 160]);
    expect([piece.width, piece.height]).toEqual([60, 60]);
    const alphas = Array.from({ length: 60 * 60 }, (_, i) => piece.data[i * 4 + 3]);
    expect(alphas.filter((a) => a === 0).length).toBeGreaterThan(300);
    expect(alphas.filter((a) => a === 255).length).toBeGreaterThan(1500);
    const [row] = await t.app.db.query<{ y: number }>(`SELECT y FROM captchas WHERE id = $1`, [c.captchaId]);
    expect(row!.y).toBe(c.y);
    expect(c.answer).toBeGreaterThanOrEqual(70);
    expect(c.answer).toBeLessThanOrEqual(320 - 60);
    // The hole is darker than the same place in the piece, which is the untouched picture.
    const lum = (d: Buffer, o: number) => d[o]! + d[o + 1]! + d[o + 2]!;
    const centre = (30 * 60 + 26) * 4;
    const bgCentre = ((c.y + 30) * 320 + c.answer + 26) * 4;
    expect(lum(bg.data, bgCentre)).toBeLessThan(lum(piece.data, centre));
  });

  it('is different every time', async () => {
    const a = await newCaptcha();
    const b = await newCaptcha();
    expect(a.captchaId).not.toBe(b.captchaId);
    expect(a.background).not.toBe(b.background);
  });
});

describe('POST /captcha/verify', () => {
  it('accepts a drop within 5 pixels and answers a token', async () => {
    const c = await newCaptcha();
    const r = await verify(c.captchaId, c.answer - 5);
    expect(r.code).toBe(200);
    expect(r.data.captchaToken).toMatch(/^[\w-]{20,}$/);
    const [row] = await t.app.db.query<{ token_hash: string }>(`SELECT token_hash FROM captchas WHERE id = $1`, [c.captchaId]);
    expect(row!.token_hash).toBe(sha256hex(r.data.captchaToken));
  });

  it('refuses a wrong drop, and the puzzle is used up by it', async () => {
    const c = await newCaptcha();
    const wrong = await verify(c.captchaId, c.answer + 6);
    expect(wrong).toMatchObject({ code: 12002, msg: '滑块验证未通过，请重试' });
    expect(await verify(c.captchaId, c.answer)).toMatchObject({ code: 12003, msg: '滑块验证已过期，请重新验证' });
  });

  it('gives one token per puzzle: a second verify of a solved one fails', async () => {
    const c = await newCaptcha();
    expect((await verify(c.captchaId, c.answer)).code).toBe(200);
    expect(await verify(c.captchaId, c.answer, { lang: 'en' })).toMatchObject({ code: 12003, msg: 'The slider check has expired, please try again' });
  });

  it('refuses an expired puzzle', async () => {
    const c = await newCaptcha();
    await t.app.db.query(`UPDATE captchas SET expires_at = now() - interval '1 second' WHERE id = $1`, [c.captchaId]);
    expect((await verify(c.captchaId, c.answer)).code).toBe(12003);
  });

  it('refuses an unknown puzzle', async () => {
    expect((await verify('nope', 100)).code).toBe(12003);
  });

  it('says which field is missing, in the caller language', async () => {
    const zh = await t.app.inject({ method: 'POST', url: '/captcha/verify', payload: { x: 10 } });
    expect(zh.json()).toMatchObject({ code: 10001, msg: '此项为必填项', errors: { captchaId: '此项为必填项' } });
    const en = await t.app.inject({ method: 'POST', url: '/captcha/verify', payload: { captchaId: 'a' }, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(en.json()).toMatchObject({ code: 10001, msg: 'This field is required', errors: { x: 'This field is required' } });
  });

  it('takes form-encoded bodies with x as text', async () => {
    const c = await newCaptcha();
    const r = await t.app.inject({
      method: 'POST',
      url: '/captcha/verify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `captchaId=${c.captchaId}&x=${c.answer}`,
    });
    expect(r.json().code).toBe(200);
  });
});

describe('the captcha token at /login', () => {
  it('is required', async () => {
    expect(await login(demo)).toMatchObject({ code: 12001, msg: '请先完成滑块验证' });
  });

  it('is single use', async () => {
    const captchaToken = await solveCaptcha(t.app);
    expect((await login({ ...demo, captchaToken })).code).toBe(200);
    expect(await login({ ...demo, captchaToken })).toMatchObject({ code: 12003 });
  });

  it('is used up by a failed sign-in too', async () => {
    const captchaToken = await solveCaptcha(t.app);
    expect((await login({ ...demo, password: sha256hex('wrong'), captchaToken })).code).toBe(12004);
    expect((await login({ ...demo, captchaToken })).code).toBe(12003);
  });

  it('expires after two minutes', async () => {
    const captchaToken = await solveCaptcha(t.app);
    await t.app.db.query(`UPDATE captchas SET token_expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256hex(captchaToken)]);
    expect((await login({ ...demo, captchaToken })).code).toBe(12003);
  });

  it('must be one the server gave', async () => {
    expect(await login({ ...demo, captchaToken: 'made-up' })).toMatchObject({ code: 12002 });
  });
});

describe('CAPTCHA=off', () => {
  it('signs in without a captcha token', async () => {
    const off = await startTestApp({ CAPTCHA: 'off' });
    try {
      const r = await off.app.inject({ method: 'POST', url: '/login', payload: demo });
      expect(r.json().code).toBe(200);
      expect(r.headers.authorization).toBeTruthy();
    } finally {
      await off.close();
    }
  });
});
