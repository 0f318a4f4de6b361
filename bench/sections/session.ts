// Issue 2: server start to first answer, session call throughput, the sign-in page's first JavaScript.
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { launchChromium, load, sha256, startServer } from '../lib.ts';

export const demo = { username: 'demo@certhub.local', password: sha256('Demo@2026') };

export async function run() {
  console.log('# Server start to first answer (embedded database)');
  // The load comes from one address: the per-address limit on anonymous calls would answer 429 after 60 sign-ins.
  const cold = await startServer({ CAPTCHA: 'off', IP_RATE_LIMIT: 'off' });
  console.log(`fresh data dir (migrations + seed): ${cold.startMs.toFixed(0)} ms`);
  try {
    console.log('\n# Session calls at 10 connections, 5 s each (CAPTCHA=off, IP_RATE_LIMIT=off, embedded database)');
    await load('POST /login', {
      url: `${cold.url}/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(demo),
    });
    const token = await cold.signIn();
    await load('GET /v1/account', { url: `${cold.url}/v1/account`, headers: { token, authorization: token } });

    console.log('\n# JavaScript the sign-in page loads first (gzip)');
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const scripts: { url: string; gz: number }[] = [];
      page.on('response', async (res) => {
        if (res.request().resourceType() !== 'script') return;
        const body = await res.body().catch(() => undefined);
        if (body) scripts.push({ url: new URL(res.url()).pathname, gz: gzipSync(body).length });
      });
      await page.goto(`${cold.url}/sign-in`, { waitUntil: 'networkidle' });
      const total = scripts.reduce((s, x) => s + x.gz, 0);
      for (const s of scripts.sort((a, b) => b.gz - a.gz).slice(0, 8)) console.log(`  ${(s.gz / 1024).toFixed(1).padStart(7)} kB  ${s.url}`);
      console.log(`sign-in page JavaScript: ${(total / 1024).toFixed(1)} kB gzip in ${scripts.length} files (aim: under 200 kB)`);
    } finally {
      await browser.close();
    }
  } finally {
    await cold.stop();
  }

  const warmDir = `${tmpdir()}/cc-bench-warm-${process.pid}`;
  const first = await startServer({ DATA_DIR: warmDir });
  await first.stop();
  const warm = await startServer({ DATA_DIR: warmDir });
  console.log(`\n# Restart on an existing embedded database: ${warm.startMs.toFixed(0)} ms to first answer`);
  await warm.stop();
}
