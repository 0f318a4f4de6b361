import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker, which leaves a core idle while a file waits on its embedded
    // database (WebAssembly, one thread) or on PostgreSQL. Each file has its own database and free ports.
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['packages/*/test/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/web/scripts/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'api', include: ['apps/server/test/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 } },
      {
        test: {
          // One file at a time. Each file has its own stack on free ports and its own database, and two at a time take
          // the layer from 24 to 11 min here, but under that load three steps lost their event in three full runs
          // (sidebar click, DNS edit diff, new company chosen): two at a time waits until those races are found.
          name: 'e2e', include: ['e2e/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false,
          // What a page shows after a call settles: on a loaded machine that can take longer than the 1 s default.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
