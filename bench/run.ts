// `npm run bench`: prints the figures the issues ask for. Each section says what it measures.
// `npm run bench -- payments` runs only the sections whose name contains the word.
import * as session from './sections/session.ts';

const sections: [string, { run(): Promise<void> }][] = [
  ['session', session],
  ['issuance', { run: async () => (await import('./sections/issuance.ts')).run() }],
  ['purchase', { run: async () => (await import('./sections/purchase.ts')).run() }],
  ['tools', { run: async () => (await import('./sections/tools.ts')).run() }],
  ['payments', { run: async () => (await import('./sections/payments.ts')).run() }],
  ['lighthouse', { run: async () => (await import('./sections/lighthouse.ts')).run() }],
  ['domains', { run: async () => (await import('./sections/domains.ts')).run() }],
  ['typing', { run: async () => (await import('./sections/typing.ts')).run() }],
  ['messages', { run: async () => (await import('./sections/messages.ts')).run() }],
  ['dns', { run: async () => (await import('./sections/dns.ts')).run() }],
  ['discovery', { run: async () => (await import('./sections/discovery.ts')).run() }],
  ['acme', { run: async () => (await import('./sections/acme.ts')).run() }],
];

const only = process.argv.slice(2);
for (const [name, section] of sections) {
  if (only.length && !only.some((w) => name.includes(w))) continue;
  console.log(`\n======== ${name}`);
  await section.run();
}
