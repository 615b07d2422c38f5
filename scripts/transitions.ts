/**
 * `npm run transitions`: how much of each machine the path tests walked. Compares every edge of every
 * machine exported from `src/machines/*.machine.ts` with the transitions recorded in `.transitions/`
 * by the last test run (`npm run test:machines`). Exits 1 below 100% for any machine, when a machine
 * has no records, or when a machine module cannot be imported; 0 otherwise, including when there are
 * no machines yet. `--dir <folder>` and `--records <folder>` replace `src/machines` and `.transitions`.
 */
import { join, relative } from 'node:path';
import { pathOption } from './lib/cli';
import { coverage, type Coverage } from './lib/edges';
import { loadMachines } from './lib/load-machines';
import { readRecords, repoRoot, transitionsDir } from './lib/records';
import { runMain } from './lib/run-main';

function pad(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) =>
    row
      .map((value, column) => (column === 0 ? value.padEnd(widths[column] ?? 0) : value.padStart(widths[column] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

async function main(): Promise<number> {
  const dir = pathOption('dir', join(repoRoot, 'src', 'machines'));
  const recordsDir = pathOption('records', transitionsDir);
  const { machines, failures, warnings } = await loadMachines({ dir });
  for (const failure of failures) console.error(`cannot import ${failure.module}: ${failure.reason}`);
  for (const warning of warnings) console.error(`warning: ${warning}`);
  if (machines.length === 0) {
    const where = relative(repoRoot, dir);
    console.log(failures.length ? 'no machines could be loaded' : `no machines: no ${where}/*.machine.ts exports a state machine yet`);
    return failures.length ? 1 : 0;
  }

  const records = readRecords(recordsDir);
  for (const problem of records.problems) console.error(`skipped record ${problem}`);
  const results: { coverage: Coverage; recorded: boolean }[] = machines.map(({ id, machine }) => {
    const keys = records.byMachine.get(id);
    return { coverage: coverage(machine, keys ?? []), recorded: keys !== undefined };
  });

  const rows = [['machine', 'walked', 'total', '%']];
  for (const { coverage: c, recorded } of results) {
    rows.push([c.machineId, String(c.walked), String(c.total), recorded ? `${c.percent.toFixed(1)}%` : 'no records']);
  }
  console.log(pad(rows).join('\n'));

  const incomplete = results.filter(({ coverage: c, recorded }) => !recorded || c.walked < c.total);
  for (const { coverage: c, recorded } of incomplete) {
    console.log('');
    if (!recorded) {
      console.log(`${c.machineId}: no path test recorded any transition (describePaths from tests/support/path-tests.ts records them)`);
    }
    if (c.missing.length) console.log(`${c.machineId}: not walked`);
    for (const edge of c.missing) console.log(`  ${edge.description}    [${edge.key}]`);
  }

  const known = new Set(machines.map(({ id }) => id));
  const others = [...records.byMachine.keys()].filter((id) => !known.has(id)).sort();
  if (others.length) console.log(`\n(records of machines outside ${relative(repoRoot, dir)} ignored: ${others.join(', ')})`);
  if (records.files === 0) {
    console.log(`\nno records in ${relative(repoRoot, recordsDir)}/: run \`npm run test:machines\` first`);
  }
  return incomplete.length > 0 || failures.length > 0 ? 1 : 0;
}

// Explicit exit: an imported service may keep a handle open, and the report is complete by now.
runMain(main);
