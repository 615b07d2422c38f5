import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineEdges } from '../../scripts/lib/edges';
import { repoRoot, writeRecord } from '../../scripts/lib/records';
import { sampleIntakeFixture } from './fixtures/sample-intake.fixture';

/** The scripts end to end, as `npm run` starts them, on a fixture folder laid out like src/machines. */

const workflows = 'tests/support/fixtures/workflows';

function script(name: 'transitions' | 'statecharts', ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'statechart-tooling-'));
}

function recordsOf(keys: string[]): string {
  const dir = tempDir();
  writeRecord({ testFile: join(repoRoot, 'tests/machines/intake.test.ts'), machines: { sampleIntakeFixture: keys } }, dir);
  return dir;
}

describe('npm run transitions', { timeout: 60_000 }, () => {
  const keys = machineEdges(sampleIntakeFixture).map((edge) => edge.key);

  it('says there are no machines and exits 0 when the folder has none', () => {
    const empty = tempDir();
    const run = script('transitions', '--dir', empty, '--records', empty);
    expect(run.status).toBe(0);
    expect(run.out).toMatch(/^no machines: no .*\/\*\.machine\.ts exports a state machine yet$/m);
  });

  it('prints the table and exits 0 when every edge was walked', () => {
    const run = script('transitions', '--dir', workflows, '--records', recordsOf(keys));
    expect(run.status).toBe(0);
    expect(run.out.split('\n').slice(0, 2)).toEqual([
      'machine              walked  total       %',
      'sampleIntakeFixture      15     15  100.0%',
    ]);
  });

  it('lists every edge not walked and exits 1 below 100%', () => {
    const run = script('transitions', '--dir', workflows, '--records', recordsOf(keys.filter((key) => !key.includes('(always) #0'))));
    expect(run.status).toBe(1);
    expect(run.out).toMatch(/^sampleIntakeFixture\s+14\s+15\s+93\.3%$/m);
    expect(run.out).toContain('sampleIntakeFixture: not walked\n  routing --always [hasPrefill]--> review');
  });

  it('exits 1 when a machine has no records at all', () => {
    const run = script('transitions', '--dir', workflows, '--records', tempDir());
    expect(run.status).toBe(1);
    expect(run.out).toContain('no records');
    expect(run.out).toContain('run `npm run test:machines` first');
  });

  it('names a module that cannot be imported, and why, and exits 1', () => {
    const run = script('transitions', '--dir', 'tests/support/fixtures/loader', '--records', recordsOf(keys));
    expect(run.status).toBe(1);
    expect(run.err).toContain('cannot import tests/support/fixtures/loader/broken.machine.ts: ReferenceError: window is not defined');
  });
});

describe('npm run statecharts', { timeout: 60_000 }, () => {
  it('writes one page per machine and the index, then --check passes', () => {
    const out = tempDir();
    const write = script('statecharts', '--dir', workflows, '--out', out);
    expect(write.status).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['README.md', 'sampleIntakeFixture.md']);
    expect(readFileSync(join(out, 'sampleIntakeFixture.md'), 'utf8')).toContain('```mermaid\nstateDiagram-v2');
    expect(script('statecharts', '--dir', workflows, '--out', out, '--check').status).toBe(0);
  });

  it('--check exits 1 naming edited, missing and orphaned pages', () => {
    const out = tempDir();
    script('statecharts', '--dir', workflows, '--out', out);
    writeFileSync(join(out, 'README.md'), 'edited by hand\n');
    writeFileSync(join(out, 'goneMachine.md'), '# goneMachine\n');
    const check = script('statecharts', '--dir', workflows, '--out', out, '--check');
    expect(check.status).toBe(1);
    expect(check.err).toMatch(/README\.md \(differs\)/);
    expect(check.err).toMatch(/goneMachine\.md \(no such machine any more\)/);
  });

  it('with no machines writes an index that says so, and removes pages of machines that are gone', () => {
    const out = tempDir();
    const empty = join(tempDir(), 'machines');
    mkdirSync(empty);
    writeFileSync(join(out, 'goneMachine.md'), '# goneMachine\n');
    const write = script('statecharts', '--dir', empty, '--out', out);
    expect(write.status).toBe(0);
    expect(write.out).toContain('no machines');
    expect(readdirSync(out)).toEqual(['README.md']);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain('No machines yet');
  });
});
