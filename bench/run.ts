// `npm run bench`: prints the figures the issues ask for. Each section says what it measures.
// `npm run bench -- payments` runs only the sections whose name contains the word.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.ts';
import * as session from './sections/session.ts';

// `console`: the section loads the built console in Chromium.
const sections: [string, { run(): Promise<void> }, { console?: true }?][] = [
  ['session', session, { console: true }],
  ['issuance', { run: async () => (await import('./sections/issuance.ts')).run() }],
  ['purchase', { run: async () => (await import('./sections/purchase.ts')).run() }, { console: true }],
  ['tools', { run: async () => (await import('./sections/tools.ts')).run() }, { console: true }],
  ['payments', { run: async () => (await import('./sections/payments.ts')).run() }],
  ['lighthouse', { run: async () => (await import('./sections/lighthouse.ts')).run() }, { console: true }],
  ['domains', { run: async () => (await import('./sections/domains.ts')).run() }],
  ['typing', { run: async () => (await import('./sections/typing.ts')).run() }, { console: true }],
  ['messages', { run: async () => (await import('./sections/messages.ts')).run() }],
  ['dns', { run: async () => (await import('./sections/dns.ts')).run() }],
  ['discovery', { run: async () => (await import('./sections/discovery.ts')).run() }],
  ['acme', { run: async () => (await import('./sections/acme.ts')).run() }],
];

const only = process.argv.slice(2);
const chosen = sections.filter(([name]) => !only.length || only.some((w) => name.includes(w)));
// Sections that load the console in Chromium serve the built console: a fresh clone has none, and a page without its
// scripts measures nothing (0 kB, a tool that never appears).
if (chosen.some(([, , needs]) => needs?.console) && !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('No built console in apps/web/dist: npm run build first');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
for (const [name, section] of chosen) {
  console.log(`\n======== ${name}`);
  await section.run();
}
