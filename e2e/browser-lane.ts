// One lane of `npm test`'s browser layer (e2e/run-suite.ts): a single Vitest that runs the browser files the suite
// hands it on standard input, one file per line, one after another, until the input ends. Its worker keeps one module
// graph for them all (isolate: false), so the server and the harness are imported once per lane and not once per file
// (about 3 s a file on an idle machine). Every file still starts a stack of its own (harness startStack).
// After each file it prints `@@lane <passed|failed> <file>` on a line of its own: the suite holds the file's
// output until then and prints it in one piece.
import { createInterface } from 'node:readline';
import { createVitest } from 'vitest/node';

const vitest = await createVitest('test', { watch: false, project: ['e2e'], isolate: false });
await vitest.standalone();
for await (const file of createInterface({ input: process.stdin })) {
  if (!file) continue;
  let ok = false;
  try {
    const specs = await vitest.getRelevantTestSpecifications([file]);
    const result = await vitest.runTestSpecifications(specs);
    // The result lists every file this Vitest has run so far: this one's is judged.
    const mine = result.testModules.filter((m) => specs.some((s) => s.moduleId === m.moduleId));
    ok = specs.length > 0 && mine.length === specs.length && mine.every((m) => m.state() === 'passed') && result.unhandledErrors.length === 0;
  } catch (e) {
    console.error(e);
  }
  console.log(`@@lane ${ok ? 'passed' : 'failed'} ${file}`);
}
await vitest.close();
