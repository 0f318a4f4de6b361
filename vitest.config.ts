import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker, which leaves a core idle while a file waits on its embedded
    // database (WebAssembly, one thread) or on PostgreSQL. Each file has its own database and free ports.
    maxWorkers: 2,
    projects: [
      // Unit files keep a module graph each: the console's modules hold the page's state (the i18n instance and the
      // message tables it has loaded), which a test may start from. A hook may start an embedded database from scratch.
      { test: { name: 'unit', include: ['packages/*/test/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/web/scripts/**/*.test.ts'], environment: 'node', hookTimeout: 60_000 } },
      // The API files share their worker's module graph (isolate: false): each file otherwise imports the whole server
      // afresh and the embedded database compiles again, 1.5 s and more per file, a third of the layers' time. Every
      // file builds its own app on its own database, and the server keeps no per-test state in a module.
      { test: { name: 'api', include: ['apps/server/test/**/*.test.ts'], environment: 'node', isolate: false, testTimeout: 60_000, hookTimeout: 60_000 } },
      {
        test: {
          // One file at a time within a process. Each file has its own stack on free ports and its own database;
          // `npm test` (e2e/run-suite.ts) runs the browser files on two lanes, one file at a time each, the first lane once
          // its unit and API layers are done (pages ask for less motion, so no click lands on a dialog still moving: under
          // load that is how steps lost their event when files first ran two at a time).
          name: 'e2e', include: ['e2e/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false,
          // What a page shows after a call settles: on a loaded machine that can take longer than the 1 s default.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
