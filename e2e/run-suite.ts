// `npm test`: the type check, lint, console build and the whole suite, on two lanes, one per core of the 2-core machines
// we run on. Lane 1 runs the unit and API layers on one worker (then, when SUITE_ALSO_DATABASE_URL names a PostgreSQL
// database, the same two layers again on it) and then helps with the browser layer; lane 2 runs the checks (tsc, eslint,
// the build the browser layer serves; the layers need none of them) and then starts on the browser layer. The browser
// layer is a queue of its files, largest file first, so both lanes end close together (alone it is the longest part of
// the run); each lane runs the files it takes in one Vitest of its own (e2e/browser-lane.ts), one file at a time.
// Arguments (`npm test -- orders`, a file filter) skip the checks and the queue: both layers then run once
// each, side by side, with the arguments, on the build already there.
// Exits non-zero if any part fails, after every part has run (a failed build skips the browser layer).
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';

const vitest = 'node_modules/.bin/vitest';
const started = Date.now();
const seconds = (from: number) => Math.round((Date.now() - from) / 1000);

/** Runs one command (vitest's `run` unless `command` names another); `stream` prints its lines as they come, otherwise
 * its whole output is printed at the end in one write, so two lanes' outputs never interleave inside a file's report. */
function run(args: string[], opts: { env?: NodeJS.ProcessEnv; stream: boolean; title: string; command?: string }): Promise<boolean> {
  return new Promise((resolve) => {
    const [command, commandArgs] = opts.command ? [opts.command, args] : [vitest, ['run', ...args]];
    const child = spawn(command, commandArgs, { env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const held: string[] = [];
    for (const out of [child.stdout, child.stderr]) {
      createInterface({ input: out }).on('line', (line) => (opts.stream ? console.log(line) : held.push(line)));
    }
    child.on('close', (code) => {
      if (!opts.stream) console.log([`==== ${opts.title}`, ...held].join('\n'));
      resolve(code === 0);
    });
  });
}

/**
 * A browser lane's Vitest (e2e/browser-lane.ts): `run` hands it one file and answers whether the file passed, once the
 * lane reports the file's end; the file's output is then printed in one piece under its name.
 */
function startBrowserLane(lane: number) {
  const child = spawn('node_modules/.bin/tsx', ['e2e/browser-lane.ts'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let held: string[] = [];
  let fileEnded: ((ok: boolean) => void) | undefined;
  let over = false;
  const ended = new Promise<void>((resolve) => child.on('close', () => ((over = true), resolve())));
  const flush = (title: string) => {
    console.log([`==== ${title} (lane ${lane})`, ...held].join('\n'));
    held = [];
  };
  for (const out of [child.stdout, child.stderr]) {
    createInterface({ input: out }).on('line', (line) => {
      const end = out === child.stdout ? /^@@lane (passed|failed) (.+)$/.exec(line) : null;
      if (!end) return void held.push(line);
      flush(end[2]!);
      fileEnded?.(end[1] === 'passed');
    });
  }
  return {
    get ended() {
      return over;
    },
    run(file: string): Promise<boolean> {
      let done = false;
      const result = new Promise<boolean>((resolve) => (fileEnded = (ok) => ((done = true), resolve(ok))));
      child.stdin.write(`${file}\n`);
      const crashed = ended.then(() => {
        if (!done) flush(`${file}: the lane's Vitest ended before the file did`);
        return false;
      });
      return Promise.race([result, crashed]);
    },
    async close() {
      child.stdin.end();
      await ended;
      if (held.length) flush('end');
    },
  };
}

const failed: string[] = [];
const extra = process.argv.slice(2);
const layers = ['--project', 'unit', '--project', 'api', '--maxWorkers=1', '--passWithNoTests'];

if (extra.length) {
  const [unit, browser] = await Promise.all([
    run([...layers, ...extra], { stream: true, title: 'unit and API' }),
    run(['--project', 'e2e', '--passWithNoTests', ...extra], { stream: false, title: 'browser' }),
  ]);
  if (!unit) failed.push('unit and API');
  if (!browser) failed.push('browser');
} else {
  // Largest first: a file's size follows its number of steps, and the longest files must not be the last ones taken.
  const queue = readdirSync('e2e')
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `e2e/${f}`)
    .sort((a, b) => statSync(b).size - statSync(a).size);
  const times: { file: string; lane: number; s: number; ok: boolean }[] = [];
  const checks = (async () => {
    for (const script of ['typecheck', 'lint', 'build']) {
      const from = Date.now();
      const ok = await run(['run', script], { stream: false, title: `npm run ${script}`, command: 'npm' });
      console.log(`==== npm run ${script}: ${ok ? 'passed' : 'FAILED'} in ${seconds(from)} s`);
      if (!ok) failed.push(script);
      // Without a build there is no console to serve.
      if (!ok && script === 'build') queue.length = 0;
    }
  })();
  const browserLane = async (lane: number) => {
    // Started with the lane's first file (the queue may be empty by the time the first lane joins); a lane whose
    // Vitest ended (crashed) goes on with a new one.
    let vitestOfLane: ReturnType<typeof startBrowserLane> | undefined;
    for (let file = queue.shift(); file; file = queue.shift()) {
      if (!vitestOfLane || vitestOfLane.ended) vitestOfLane = startBrowserLane(lane);
      const from = Date.now();
      const ok = await vitestOfLane.run(file);
      times.push({ file, lane, s: seconds(from), ok });
      if (!ok) failed.push(file);
    }
    await vitestOfLane?.close();
  };
  const layersLane = async () => {
    let from = Date.now();
    if (!(await run(layers, { stream: true, title: 'unit and API' }))) failed.push('unit and API');
    console.log(`==== unit and API layers: ${seconds(from)} s`);
    const also = process.env.SUITE_ALSO_DATABASE_URL;
    if (also) {
      from = Date.now();
      console.log(`==== unit and API layers again on PostgreSQL (${also})`);
      const ok = await run(layers, { stream: true, title: 'unit and API on PostgreSQL', env: { DATABASE_URL: also } });
      if (!ok) failed.push('unit and API on PostgreSQL');
      console.log(`==== unit and API layers on PostgreSQL: ${seconds(from)} s`);
    }
    await checks;
    await browserLane(1);
  };
  await Promise.all([layersLane(), checks.then(() => browserLane(2))]);
  console.log('==== browser layer, seconds per file');
  for (const t of times.sort((a, b) => b.s - a.s)) console.log(`${String(t.s).padStart(5)}  lane ${t.lane}  ${t.ok ? 'passed' : 'FAILED'}  ${t.file}`);
}

console.log(`==== suite: ${seconds(started)} s, ${failed.length ? `failed: ${failed.join(', ')}` : 'all passed'}`);
process.exit(failed.length ? 1 : 0);
