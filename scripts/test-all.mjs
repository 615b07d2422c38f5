import { spawn } from 'node:child_process';
import { findChromium, findHeadlessShell } from './chromium.mjs';

/**
 * `npm test`: every check the project has, in the order that fails fastest, stopping at the first red one.
 *
 * A step given as a list runs its checks side by side: typecheck, lint and formatting each keep one core busy, so on
 * a two-core machine the three took 151 s together on a clean clone, where they had taken 174 s in a row. A check
 * with `after` starts once those checks of its step have passed: lint ran on alone for a minute after the other two,
 * leaving a core idle, which the unit tests now use.
 */
/** Where no PostgreSQL can be installed (`.ci/run` says so), the tests that need a real server are left out. */
const withoutPostgres = process.env.PORTAL_TESTS_WITHOUT_POSTGRES === '1';
if (withoutPostgres)
  console.log('PORTAL_TESTS_WITHOUT_POSTGRES=1: the rolling-restart test and the other tests of a real PostgreSQL are left out.');

const steps = [
  [
    ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
    ['formatting', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
    ['unit, server, machine and view tests', 'npx', ['vitest', 'run'], { after: ['typecheck', 'formatting'], live: true }],
  ],
  // Three real servers on one PostgreSQL behind a proxy, restarted one by one under load: alone, as it is timed.
  ...(withoutPostgres
    ? []
    : [
        [
          'several servers: a rolling restart under load fails no request and delivers each order and outbox row once',
          'npm',
          ['run', '--silent', 'test:cluster'],
        ],
      ]),
  ['statechart docs are fresh', 'npm', ['run', '--silent', 'statecharts:check']],
  ['OpenAPI document is fresh', 'npm', ['run', '--silent', 'openapi:check']],
  // knip: a file or export that nothing imports is code nobody reads from; one used only in its own file need not be exported.
  ['no file or export that nothing imports', 'npm', ['run', '--silent', 'unused']],
  ['every transition walked', 'npm', ['run', '--silent', 'transitions']],
  ['production build', 'npx', ['vite', 'build']],
  [
    "sign-in and seventeen signed-in routes within their size budgets, antd's CSS as files, no chunk cycle, no inspector shipped",
    'node',
    ['scripts/bundle-check.mjs'],
  ],
  ['cart recalculation: one request per change, only the last answer applied', 'npm', ['run', '--silent', 'bench:cart']],
  ['browser end-to-end tests', 'npx', ['playwright', 'test']],
];

const chromium = findChromium();
if (!chromium) {
  console.error('Browser tests need Chromium: install the "chromium" package (apt-get install -y chromium) or set CHROME_PATH.');
  process.exit(1);
}
const headlessShell = findHeadlessShell();
if (!headlessShell) console.log('No chromium-headless-shell: the browser tests drive the full Chromium, about a quarter slower.');
const env = { ...process.env, CHROME_PATH: chromium, ...(headlessShell ? { CHROME_HEADLESS_SHELL_PATH: headlessShell } : {}) };

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/**
 * Runs one check; side by side with others, its output is held back and printed whole when it ends, unless it is
 * the step's one `live` check, whose output shows as it comes.
 */
function run([name, command, args, { live = false } = {}], { alone }) {
  const started = Date.now();
  const inherit = alone || live;
  if (inherit) console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (!inherit) {
        console.log(`\n▶ ${name}`);
        if (output.length > 0) process.stdout.write(Buffer.concat(output));
      }
      const ok = code === 0;
      console[ok ? 'log' : 'error'](ok ? `✔ ${name} (${seconds(started)}s)` : `\n✖ ${name} failed after ${seconds(started)}s`);
      resolve(ok ? 0 : (code ?? 1));
    });
  });
}

const started = Date.now();
/** Runs a step's checks side by side, each once the checks it comes `after` have passed; the first failure's code. */
async function runStep(group) {
  const runs = new Map();
  for (const check of group) {
    const after = (check[3]?.after ?? []).map((name) => runs.get(name));
    runs.set(
      check[0],
      Promise.all(after).then((codes) => {
        const failed = codes.find((code) => code !== 0);
        return failed ?? run(check, { alone: group.length === 1 });
      }),
    );
  }
  const codes = await Promise.all(runs.values());
  return codes.find((code) => code !== 0);
}

for (const step of steps) {
  const failed = await runStep(Array.isArray(step[0]) ? step : [step]);
  if (failed !== undefined) process.exit(failed);
}
console.log(`\nAll checks passed in ${seconds(started).replace(/\.\d$/, '')}s.`);
