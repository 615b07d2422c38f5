import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadEnv } from 'vite';
import { DEFAULTED_SETTINGS } from './deployment-settings.mjs';

/**
 * Checks the production build: the JavaScript a first visit to /sign-in downloads, in KB gzip (the entry
 * chunk, the sign-in screen's chunk and everything they import statically, from the build's manifest),
 * against its budget; that no development aid (the Stately inspector) shipped; and that every deployment
 * setting with a default (the committed .env, or the deployment's own value) is in the build, so that
 * each element the documents name is shown.
 */

const BUDGET_KB = Number(process.env.SIGN_IN_BUDGET_KB ?? 250);
const dist = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const needed = new Set();
const visit = (key) => {
  if (needed.has(key) || !manifest[key]) return;
  needed.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
visit('index.html');
const signIn = Object.keys(manifest).find((key) => key.endsWith('views/auth/sign-in.view.tsx'));
if (!signIn) throw new Error('The manifest has no chunk for src/views/auth/sign-in.view.tsx');
visit(signIn);

const rows = [...needed]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, kb: gzipSync(readFileSync(join(dist, file))).length / 1024 }))
  .sort((a, b) => b.kb - a.kb);
const total = rows.reduce((sum, row) => sum + row.kb, 0);

for (const row of rows) console.log(`${row.kb.toFixed(2).padStart(8)} KB  ${row.file}`);
console.log(`${total.toFixed(2).padStart(8)} KB  sign-in route, initial JavaScript (gzip); budget ${BUDGET_KB} KB`);
let failed = false;
if (total > BUDGET_KB) {
  console.error(`The sign-in route grew past its budget of ${BUDGET_KB} KB gzip.`);
  failed = true;
}

const shipped = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
const withInspector = shipped.filter((file) => /stately\.ai\/inspect/.test(readFileSync(join(dist, 'assets', file), 'utf8')));
if (withInspector.length > 0) {
  console.error(`The Stately inspector is in the production bundle: ${withInspector.join(', ')}`);
  failed = true;
} else {
  console.log(`No development inspector in the ${shipped.length} production chunks.`);
}
const settings = loadEnv('production', process.cwd(), 'VITE_');
const code = shipped.map((file) => readFileSync(join(dist, 'assets', file), 'utf8')).join('\n');
for (const name of DEFAULTED_SETTINGS) {
  const value = settings[name]?.trim();
  if (!value) console.log(`${name} is empty: the deployment hides what it stands for.`);
  else if (!code.includes(value)) {
    console.error(`${name} (${value}) is not in the production build.`);
    failed = true;
  } else console.log(`${name} ships as ${value}.`);
}

process.exit(failed ? 1 : 0);
