import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type { TrackPoint } from '@cc/domain/slider-track';
import { startTestApp, type TestApp } from './harness.ts';
import { freshIp, sha256hex, solveCaptcha, uniqueEmail } from './session-helpers.ts';
import { humanTrack } from '../../../packages/domain/test/human-drag.ts';
import { readPuzzle, solveAll, type SolverName } from './captcha-solvers.ts';
import { captchaFailuresPerAccount, captchaFailuresPerIp, captchaTolerance } from '../src/services/session/captcha.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Challenge = { captchaId: string; background: string; piece: string; y: number; width: number; height: number; pieceWidth: number; pieceHeight: number };
const decode = (dataUrl: string) => PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
const demo = { username: 'demo@certhub.local', password: sha256hex('Demo@2026') };
const getCaptcha = (username: string, ip = freshIp(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/captcha?username=${encodeURIComponent(username)}`, remoteAddress: ip, headers }).then((r) => r.json() as { code: number; msg: string; data: Challenge });
const newCaptcha = async (username = demo.username, ip = freshIp()) => {
  const { data } = await getCaptcha(username, ip);
  const [row] = await t.app.db.query<{ x: number; y: number }>(`SELECT x, y FROM captchas WHERE id = $1`, [data.captchaId]);
  return { ...data, answer: row!.x };
};
const verify = (captchaId: string, x: number, opts: { track?: readonly TrackPoint[]; headers?: Record<string, string>; ip?: string } = {}) =>
  t.app
    .inject({ method: 'POST', url: '/captcha/verify', remoteAddress: opts.ip ?? freshIp(), payload: { captchaId, x, track: opts.track ?? humanTrack(x) }, headers: opts.headers ?? {} })
    .then((r) => r.json());
const login = (payload: Record<string, string>) => t.app.inject({ method: 'POST', url: '/login', remoteAddress: freshIp(), payload }).then((r) => r.json());
/** Forgets the failed slider checks, as if the window had passed. */
const ageFailures = () => t.app.db.query(`UPDATE rate_events SET at = at - interval '16 minutes' WHERE key LIKE 'captcha:%'`);

describe('GET /captcha', () => {
  it('renders a real puzzle: a 320x160 background and a piece with transparent outside', async () => {
    const c = await newCaptcha();
    expect(c).toMatchObject({ width: 320, height: 160, pieceWidth: 60, pieceHeight: 60 });
    const bg = decode(c.background);
    const piece = decode(c.piece);
    expect([bg.width, bg.height]).toEqual([320, 160]);
    expect([piece.width, piece.height]).toEqual([60, 60]);
    const alphas = Array.from({ length: 60 * 60 }, (_, i) => piece.data[i * 4 + 3]);
    expect(alphas.filter((a) => a === 0).length).toBeGreaterThan(300);
    // The 38x38 body less up to three notches and its rounded corners: never under 1,000 opaque pixels.
    expect(alphas.filter((a) => a === 255).length).toBeGreaterThan(1000);
    const [row] = await t.app.db.query<{ y: number }>(`SELECT y FROM captchas WHERE id = $1`, [c.captchaId]);
    expect(row!.y).toBe(c.y);
    expect(c.answer).toBeGreaterThanOrEqual(60);
    expect(c.answer).toBeLessThanOrEqual(320 - 60);
  });

  it('is different every time', async () => {
    const a = await newCaptcha();
    const b = await newCaptcha();
    expect(a.captchaId).not.toBe(b.captchaId);
    expect(a.background).not.toBe(b.background);
    expect(a.piece).not.toBe(b.piece);
  });

  it('asks whom the puzzle is for, in the caller language', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/captcha', remoteAddress: freshIp(), headers: { lang: 'en' } });
    expect(r.json()).toMatchObject({ code: 10001, errors: { username: expect.any(String) } });
  });
});

describe('the solvers a bot would run, on 100 fresh puzzles through the API', () => {
  it('each finds the hole at most 5 times in 100, and so does their vote, which the API refuses', { timeout: 600_000 }, async () => {
    const trials = 100;
    const found: Record<SolverName, number> = { ratio: 0, cannyTemplate: 0, softEdge: 0, outlineStep: 0, columns: 0, region: 0, continuity: 0, vote: 0 };
    let passed = 0;
    for (let i = 0; i < trials; i++) {
      // A name and an address of its own each time: the failures below must not lock the next puzzle out.
      const c = await newCaptcha(uniqueEmail('bot'));
      const guesses = solveAll(readPuzzle(c.background, c.piece, c.y), captchaTolerance);
      for (const [name, x] of Object.entries(guesses)) if (Math.abs(x - c.answer) <= captchaTolerance) found[name as SolverName]++;
      // The vote is sent as a bot would, with a drag that passes for a hand's: only the place is judged here.
      if ((await verify(c.captchaId, guesses.vote)).code === 200) passed++;
    }
    expect(found).toEqual(Object.fromEntries(Object.entries(found).map(([name, n]) => [name, n <= trials * 0.05 ? n : `${n} > 5%`])));
    expect(passed).toBe(found.vote);
  });
});

describe('POST /captcha/verify', () => {
  it('accepts a drop within 5 pixels by a hand, and answers a token', async () => {
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

  it('refuses the right place reached by a program: at once, in a straight line at one speed, speeding up to the end', async () => {
    const line = (x: number, ms: number, ease = (s: number) => s): TrackPoint[] =>
      Array.from({ length: Math.floor(ms / 16) + 1 }, (_, i) => [Math.round(x * ease(Math.min(1, (i * 16) / ms))), i % 3 === 0 ? 1 : 0, Math.min(ms, i * 16)] as const);
    for (const track of [(x: number) => [[x, 0, 0]] as TrackPoint[], (x: number) => [[0, 0, 0], [x, 0, 5]] as TrackPoint[], (x: number) => line(x, 900), (x: number) => line(x, 700, (s) => s * s)]) {
      const c = await newCaptcha();
      expect(await verify(c.captchaId, c.answer, { track: track(c.answer) })).toMatchObject({ code: 12002, msg: '滑块验证未通过，请重试' });
    }
    // No track at all is a malformed call.
    const c = await newCaptcha();
    const bare = await t.app.inject({ method: 'POST', url: '/captcha/verify', remoteAddress: freshIp(), payload: { captchaId: c.captchaId, x: c.answer }, headers: { lang: 'en' } });
    expect(bare.json()).toMatchObject({ code: 10001, errors: { track: 'The drag track is not valid' } });
  });

  it('gives one token per puzzle: a second verify of a solved one fails', async () => {
    const c = await newCaptcha();
    expect((await verify(c.captchaId, c.answer)).code).toBe(200);
    expect(await verify(c.captchaId, c.answer, { headers: { lang: 'en' } })).toMatchObject({ code: 12003, msg: 'The slider check has expired, please try again' });
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
    const zh = await t.app.inject({ method: 'POST', url: '/captcha/verify', payload: { x: 10, track: [] } });
    expect(zh.json()).toMatchObject({ code: 10001, msg: '此项为必填项', errors: { captchaId: '此项为必填项' } });
    const en = await t.app.inject({ method: 'POST', url: '/captcha/verify', payload: { captchaId: 'a', track: [] }, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(en.json()).toMatchObject({ code: 10001, msg: 'This field is required', errors: { x: 'This field is required' } });
    const bad = await t.app.inject({ method: 'POST', url: '/captcha/verify', payload: { captchaId: 'a', x: 1, track: [[1, 'a', 3]] } });
    expect(bad.json()).toMatchObject({ code: 10001, errors: { 'track.0.1': '滑动轨迹无效' } });
  });

  it('takes form-encoded bodies: x as text, the track as its JSON text', async () => {
    const c = await newCaptcha();
    const r = await t.app.inject({
      method: 'POST',
      url: '/captcha/verify',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `captchaId=${c.captchaId}&x=${c.answer}&track=${encodeURIComponent(JSON.stringify(humanTrack(c.answer)))}`,
    });
    expect(r.json().code).toBe(200);
  });
});

describe('failed slider checks are counted', () => {
  it(`per address: after ${captchaFailuresPerIp} failures, for whichever accounts, no new puzzle for a while`, async () => {
    const ip = freshIp();
    for (let i = 0; i < captchaFailuresPerIp; i++) {
      const c = await newCaptcha(uniqueEmail('ip'), ip);
      expect((await verify(c.captchaId, c.answer + 40, { ip })).code).toBe(12002);
    }
    expect(await getCaptcha(uniqueEmail('ip'), ip)).toMatchObject({ code: 12019, data: null, msg: '滑块验证失败次数过多，请15分钟后再试' });
    expect(await getCaptcha(uniqueEmail('ip'), ip, { lang: 'en' })).toMatchObject({ code: 12019, msg: 'Too many failed slider checks. Please try again in 15 min' });
    // Another address is not affected; once the window has passed, this one may try again.
    expect((await getCaptcha(uniqueEmail('ip'))).code).toBe(200);
    await ageFailures();
    expect((await getCaptcha(uniqueEmail('ip'), ip)).code).toBe(200);
  });

  it(`per account: after ${captchaFailuresPerAccount} failures from any addresses, no puzzle for it by any of its names; one asked before is refused too`, async () => {
    const early = await newCaptcha(demo.username);
    for (let i = 0; i < captchaFailuresPerAccount; i++) {
      const c = await newCaptcha(i % 2 ? demo.username : 'Demo@CertHub.local');
      expect((await verify(c.captchaId, c.answer, { track: [[0, 0, 0], [c.answer, 0, 10]] })).code).toBe(12002);
    }
    // Asked by its phone number from a new address: the same account.
    const byPhone = await t.app.inject({ method: 'GET', url: '/captcha?username=13800138000&telPrefix=86', remoteAddress: freshIp() });
    expect(byPhone.json()).toMatchObject({ code: 12019, msg: '滑块验证失败次数过多，请15分钟后再试' });
    expect(await verify(early.captchaId, early.answer)).toMatchObject({ code: 12019 });
    // Other accounts are not affected.
    expect((await getCaptcha(uniqueEmail('other'))).code).toBe(200);
    await ageFailures();
    expect(await login({ ...demo, captchaToken: await solveCaptcha(t.app, '13800138000', '86') })).toMatchObject({ code: 200 });
  });

  it('on PostgreSQL, 20 concurrent wrong tries from one address: exactly the limit are judged, the rest refused', async () => {
    const pg = await startTestApp({}, { postgres: true });
    try {
      const ip = freshIp();
      const puzzles = [];
      for (let i = 0; i < 20; i++) {
        const r = await pg.app.inject({ method: 'GET', url: `/captcha?username=${uniqueEmail('race')}`, remoteAddress: freshIp() });
        puzzles.push((r.json().data as Challenge).captchaId);
      }
      const codes = await Promise.all(
        puzzles.map((captchaId) =>
          pg.app.inject({ method: 'POST', url: '/captcha/verify', remoteAddress: ip, payload: { captchaId, x: 5, track: humanTrack(5) } }).then((r) => r.json().code as number),
        ),
      );
      expect(codes.filter((c) => c === 12002).length).toBe(captchaFailuresPerIp);
      expect(codes.filter((c) => c === 12019).length).toBe(20 - captchaFailuresPerIp);
    } finally {
      await pg.close();
    }
  });
});

describe('the captcha token at /login', () => {
  it('is required', async () => {
    expect(await login(demo)).toMatchObject({ code: 12001, msg: '请先完成滑块验证' });
  });

  it('is single use', async () => {
    const captchaToken = await solveCaptcha(t.app, demo.username);
    expect((await login({ ...demo, captchaToken })).code).toBe(200);
    expect(await login({ ...demo, captchaToken })).toMatchObject({ code: 12003 });
  });

  it('is used up by a failed sign-in too', async () => {
    const captchaToken = await solveCaptcha(t.app, demo.username);
    expect((await login({ ...demo, password: sha256hex('wrong'), captchaToken })).code).toBe(12004);
    expect((await login({ ...demo, captchaToken })).code).toBe(12003);
  });

  it('expires after two minutes', async () => {
    const captchaToken = await solveCaptcha(t.app, demo.username);
    await t.app.db.query(`UPDATE captchas SET token_expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256hex(captchaToken)]);
    expect((await login({ ...demo, captchaToken })).code).toBe(12003);
  });

  it('signs in only the account the puzzle was asked for, by whichever of its names', async () => {
    const forSomeoneElse = await solveCaptcha(t.app, uniqueEmail('victim'));
    expect(await login({ ...demo, captchaToken: forSomeoneElse })).toMatchObject({ code: 12002, msg: '滑块验证未通过，请重试' });
    expect(await login({ ...demo, username: '13800138000', captchaToken: await solveCaptcha(t.app, 'DEMO@certhub.local') })).toMatchObject({ code: 200 });
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
