/**
 * `npm run statecharts` regenerates `docs/statecharts/` (one page per machine exported from
 * `src/machines/*.machine.ts`, plus README.md) and removes pages of machines that no longer exist.
 * `npm run statecharts:check` writes nothing and exits 1, naming the files, when the committed pages
 * differ from what would be generated. Both exit 1 when a machine module cannot be imported, since
 * its page could be neither written nor checked. `--dir <folder>` and `--out <folder>` replace
 * `src/machines` and `docs/statecharts`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathOption } from './lib/cli';
import { loadMachines } from './lib/load-machines';
import { repoRoot } from './lib/records';
import { staleDocs, statechartDocs } from './lib/statechart-doc';
import { runMain } from './lib/run-main';

const docsDir = pathOption('out', join(repoRoot, 'docs', 'statecharts'));
const machinesDir = pathOption('dir', join(repoRoot, 'src', 'machines'));
const shown = relative(repoRoot, docsDir);

function currentDocs(): Map<string, string> {
  const docs = new Map<string, string>();
  if (!existsSync(docsDir)) return docs;
  for (const name of readdirSync(docsDir).filter((file) => file.endsWith('.md'))) {
    docs.set(name, readFileSync(join(docsDir, name), 'utf8'));
  }
  return docs;
}

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const { machines, failures, warnings } = await loadMachines({ dir: machinesDir });
  for (const failure of failures) console.error(`cannot import ${failure.module}: ${failure.reason}`);
  for (const warning of warnings) console.error(`warning: ${warning}`);
  if (failures.length) {
    console.error(`${shown} left untouched: fix the import errors above first`);
    return 1;
  }
  if (machines.length === 0) console.log(`no machines: no ${relative(repoRoot, machinesDir)}/*.machine.ts exports a state machine yet`);

  const expected = statechartDocs(machines);
  const actual = currentDocs();
  const stale = staleDocs(expected, actual);

  if (check) {
    if (stale.length === 0) {
      console.log(`${shown} is up to date (${machines.length} machine${machines.length === 1 ? '' : 's'})`);
      return 0;
    }
    console.error(`${shown} is stale; run \`npm run statecharts\` and commit the result:`);
    for (const name of stale) {
      const why = !expected.has(name) ? 'no such machine any more' : !actual.has(name) ? 'missing' : 'differs';
      console.error(`  ${shown}/${name} (${why})`);
    }
    return 1;
  }

  mkdirSync(docsDir, { recursive: true });
  for (const name of stale) {
    const content = expected.get(name);
    if (content === undefined) rmSync(join(docsDir, name));
    else writeFileSync(join(docsDir, name), content);
    console.log(`${content === undefined ? 'removed' : 'wrote'} ${shown}/${name}`);
  }
  console.log(
    `${shown}: ${machines.length} machine${machines.length === 1 ? '' : 's'}, ${stale.length} file${stale.length === 1 ? '' : 's'} changed`,
  );
  return 0;
}

runMain(main);
