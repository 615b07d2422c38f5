import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium.mjs';

/** `npm test`: every check the project has, in the order that fails fastest, stopping at the first red one. */

const steps = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['formatting', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['unit, server, machine and view tests', 'npx', ['vitest', 'run']],
  ['statechart docs are fresh', 'npm', ['run', '--silent', 'statecharts:check']],
  ['OpenAPI document is fresh', 'npm', ['run', '--silent', 'openapi:check']],
  ['every transition walked', 'npm', ['run', '--silent', 'transitions']],
  ['production build', 'npx', ['vite', 'build']],
  [
    "sign-in and sixteen signed-in routes within their size budgets, antd's CSS as files, no chunk cycle, no inspector shipped",
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

const started = Date.now();
for (const [name, command, args] of steps) {
  const stepStart = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chromium } });
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds}s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
