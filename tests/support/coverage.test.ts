import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { coverage, machineEdges, transitionKey } from '../../scripts/lib/edges';
import { loadMachines } from '../../scripts/lib/load-machines';
import { readRecords, recordFileName, repoRoot, writeRecord } from '../../scripts/lib/records';
import { sampleIntakeFixture } from './fixtures/sample-intake.fixture';
import { clearsRecords } from './global-setup';

/** Both regions of `active` are entered by one transition with two targets. */
const forked = setup({}).createMachine({
  id: 'forked',
  initial: 'idle',
  states: {
    idle: { on: { 'work.start': { target: ['#forked.active.left.b', '#forked.active.right.d'] } } },
    active: {
      type: 'parallel',
      states: {
        left: { initial: 'a', states: { a: {}, b: {} } },
        right: { initial: 'c', states: { c: {}, d: { on: { 'work.stop': '#forked.idle' } } } },
      },
    },
  },
});

describe('edge keys', () => {
  it('are source id, event, index among that event’s transitions and target ids', () => {
    const scanning = sampleIntakeFixture.getStateNodeById('sampleIntakeFixture.scanning');
    const [valid, invalid] = scanning.transitions.get('barcode.scan') ?? [];
    expect(valid && transitionKey(valid)).toBe('sampleIntakeFixture.scanning barcode.scan #0 → sampleIntakeFixture.review');
    expect(invalid && transitionKey(invalid)).toBe('sampleIntakeFixture.scanning barcode.scan #1 → (none)');
  });

  it('label eventless transitions as always, with their own index', () => {
    const keys = machineEdges(sampleIntakeFixture).map((edge) => edge.key);
    expect(keys).toContain('sampleIntakeFixture.routing (always) #0 → sampleIntakeFixture.review');
    expect(keys).toContain('sampleIntakeFixture.routing (always) #1 → sampleIntakeFixture.scanning');
  });

  it('are the same for a transition a live actor takes', () => {
    const taken: string[] = [];
    const actor = createActor(sampleIntakeFixture, {
      input: { prefilled: null },
      inspect: (event) => {
        if (event.type === '@xstate.microstep') taken.push(...event._transitions.map(transitionKey));
      },
    });
    actor.start();
    actor.send({ type: 'barcode.scan', code: 'nope' });
    actor.stop();
    const known = new Set(machineEdges(sampleIntakeFixture).map((edge) => edge.key));
    expect(taken).toEqual([
      'sampleIntakeFixture.routing (always) #1 → sampleIntakeFixture.scanning',
      'sampleIntakeFixture.scanning barcode.scan #1 → (none)',
    ]);
    expect(taken.every((key) => known.has(key))).toBe(true);
  });
});

describe('machine edges', () => {
  it('lists every transition of the graph, nested and parallel, plus the eventless ones', () => {
    expect(machineEdges(sampleIntakeFixture)).toHaveLength(15);
    expect(machineEdges(sampleIntakeFixture).map((edge) => edge.description)).toContain(
      'review.submitting --error(submit) [canRetry]--> review.idle',
    );
  });

  it('counts a transition into several parallel regions once', () => {
    expect(machineEdges(forked).map((edge) => edge.key)).toEqual([
      'forked.idle work.start #0 → forked.active.left.b,forked.active.right.d',
      'forked.active.right.d work.stop #0 → forked.idle',
    ]);
  });
});

describe('coverage', () => {
  it('counts the recorded edges of the machine and lists the rest', () => {
    const result = coverage(forked, ['forked.idle work.start #0 → forked.active.left.b,forked.active.right.d', 'some.stale key']);
    expect(result).toMatchObject({ machineId: 'forked', total: 2, walked: 1, percent: 50 });
    expect(result.missing.map((edge) => edge.description)).toEqual(['active.right.d --work.stop--> idle']);
  });

  it('is 100% only when every edge was walked, never rounded up', () => {
    const keys = machineEdges(sampleIntakeFixture).map((edge) => edge.key);
    expect(coverage(sampleIntakeFixture, keys).percent).toBe(100);
    expect(coverage(sampleIntakeFixture, keys.slice(1)).percent).toBe(93.3);
    expect(coverage(sampleIntakeFixture, []).percent).toBe(0);
  });
});

describe('transition records', () => {
  it('are one file per test file, read back merged by machine', () => {
    const dir = mkdtempSync(join(tmpdir(), 'transitions-'));
    writeRecord({ testFile: join(repoRoot, 'tests/machines/a.test.ts'), machines: { m: ['k2', 'k1', 'k1'] } }, dir);
    writeRecord({ testFile: join(repoRoot, 'tests/machines/b.test.ts'), machines: { m: ['k3'], n: ['k9'] } }, dir);
    writeFileSync(join(dir, 'junk.json'), '{"not":"a record"}');
    const { byMachine, files, problems } = readRecords(dir);
    expect(files).toBe(3);
    expect([...(byMachine.get('m') ?? [])].sort()).toEqual(['k1', 'k2', 'k3']);
    expect([...(byMachine.get('n') ?? [])]).toEqual(['k9']);
    expect(problems).toEqual(['junk.json: not a transitions record']);
    expect(JSON.parse(readFileSync(join(dir, 'tests__machines__a.test.json'), 'utf8'))).toEqual({
      testFile: 'tests/machines/a.test.ts',
      machines: { m: ['k1', 'k2'] },
    });
  });

  it('are named after the test file', () => {
    expect(recordFileName(join(repoRoot, 'tests/machines/session.test.ts'))).toBe('tests__machines__session.test.json');
  });

  it('are cleared by runs of the machines project or runs without projects, not by other projects', () => {
    const project = (name: string, root: boolean, projects?: unknown[]) => ({
      name,
      isRootProject: () => root,
      vitest: { config: { projects } },
    });
    const configured = [{}, {}, {}, {}];
    expect(clearsRecords(project('machines', false, configured))).toBe(true);
    expect(clearsRecords(project('unit', false, configured))).toBe(false);
    expect(clearsRecords(project('', true, configured))).toBe(false);
    expect(clearsRecords(project('', true))).toBe(true);
  });
});

describe('machine loading', () => {
  it('finds exported machines, reports modules that fail to import and ids used twice', async () => {
    const { machines, failures, warnings } = await loadMachines({ dir: join(repoRoot, 'tests/support/fixtures/loader') });
    expect(machines.map(({ id, module, exportName }) => ({ id, module, exportName }))).toEqual([
      { id: 'sampleIntakeFixture', module: 'tests/support/fixtures/loader/intake.machine.ts', exportName: 'sampleIntakeFixture' },
    ]);
    expect(failures).toEqual([
      {
        module: 'tests/support/fixtures/loader/broken.machine.ts',
        reason: expect.stringMatching(/^ReferenceError: window is not defined .*browser global is read at import time/) as unknown,
      },
    ]);
    expect(warnings).toEqual([
      "machine id 'sampleIntakeFixture' of tests/support/fixtures/loader/intake.machine.ts (sampleIntakeFixture) is reused by another machine (clashingMachine) in tests/support/fixtures/loader/other.machine.ts",
    ]);
  });
});
