import { describe, expect, it } from 'vitest';
import { assign, createMachine, fromPromise, setup, type AnyStateMachine } from 'xstate';
import { findInvokes } from './fake-actors';
import { intakeSamples, sampleIntakeFixture } from './fixtures/sample-intake.fixture';
import { planScenario, type PlannedPath, type PlanOptions } from './path-plan';
import { runPath, type StateCheck } from './path-runner';

const NOW = Date.UTC(2030, 0, 1);

function plan(machine: AnyStateMachine, input: unknown, options: PlanOptions = intakeSamples) {
  return planScenario(machine, findInvokes(machine), input, options);
}

function pathNamed(paths: readonly PlannedPath[], name: string): PlannedPath {
  const path = paths.find((candidate) => candidate.name === name);
  if (!path) throw new Error(`no planned path "${name}" among:\n${paths.map((p) => p.name).join('\n')}`);
  return path;
}

function run(machine: AnyStateMachine, path: PlannedPath, input: unknown, check: StateCheck = {}) {
  return runPath(machine, path, { input, invokes: findInvokes(machine), now: NOW, check });
}

describe('the path runner fails when the real actor leaves the graph', () => {
  it('when a provided action sends the actor down another route', async () => {
    // The graph never runs custom actions, so it still expects review; the real actor is sent back to scanning.
    const broken = sampleIntakeFixture.provide({ actions: { announce: ({ self }) => self.send({ type: 'intake.cancel' }) } });
    const { paths } = plan(broken, { prefilled: 'AB1234' });
    const path = pathNamed(paths, 'intake.submit → submit done → label.printed → after noticeTime');
    await expect(run(broken, path, { prefilled: 'AB1234' })).rejects.toThrow(/step 0 \(start\): state/);
  });

  it('when the state value matches but the transitions taken differ', async () => {
    const pinger = setup({
      types: { context: {} as { pings: number }, events: {} as { type: 'ping' } | { type: 'go' } },
      actions: { greet: () => {} },
    }).createMachine({
      id: 'pinger',
      context: { pings: 0 },
      initial: 'idle',
      states: {
        idle: { on: { go: 'busy', ping: { actions: assign({ pings: ({ context }) => context.pings + 1 }) } } },
        busy: { entry: 'greet', on: { ping: { actions: assign({ pings: ({ context }) => context.pings + 1 }) } } },
      },
    });
    const broken = pinger.provide({ actions: { greet: ({ self }) => self.send({ type: 'ping' }) } });
    // Counting pings would make the graph endless; the state value alone identifies a graph state here.
    const path = pathNamed(plan(broken, undefined, { stateKey: (snapshot) => JSON.stringify(snapshot.value) }).paths, 'go → ping');
    await expect(run(broken, path, undefined)).rejects.toThrow(/step 1 \(go\): transitions taken/);
  });

  it('when context differs and the test asked to compare context', async () => {
    const { paths } = plan(sampleIntakeFixture, { prefilled: null });
    const path = pathNamed(paths, 'scanner.detected → intake.submit → submit done → label.printed → after noticeTime');
    await expect(run(sampleIntakeFixture, path, { prefilled: null }, { context: true })).resolves.toBeDefined();
    const wrongBarcode = sampleIntakeFixture.resolveState({
      value: { review: 'idle' },
      context: { barcode: 'XX0000', accession: null, attempts: 0, error: null },
    });
    const tampered: PlannedPath = {
      ...path,
      steps: path.steps.map((step, index) => (index === 1 ? { ...step, snapshot: wrongBarcode } : step)),
    };
    await expect(run(sampleIntakeFixture, tampered, { prefilled: null }, { context: true })).rejects.toThrow(/step 1 .*: state/);
  });

  it('when the path settles an invoked actor the test replaced with its own', async () => {
    const { paths } = plan(sampleIntakeFixture, { prefilled: 'AB1234' });
    const path = pathNamed(paths, 'intake.submit → submit error → intake.submit → submit error');
    const pending = fromPromise<{ accession: string }, { barcode: string }>(() => new Promise(() => {}));
    const options = {
      input: { prefilled: 'AB1234' },
      invokes: findInvokes(sampleIntakeFixture),
      now: NOW,
      actors: { submitSample: pending },
    };
    await expect(runPath(sampleIntakeFixture, path, options)).rejects.toThrow(/no fake of it is running/);
  });
});

describe('path planning', () => {
  it('explores one graph per input, so initial routing on input is covered', () => {
    const blank = plan(sampleIntakeFixture, { prefilled: null });
    const prefilled = plan(sampleIntakeFixture, { prefilled: 'AB1234' });
    expect(blank.paths[0]?.steps[0]?.snapshot.value).toBe('scanning');
    expect(prefilled.paths[0]?.steps[0]?.snapshot.value).toEqual({ review: 'idle' });
  });

  it('never plans a delay while a shorter one in the same state is pending', () => {
    const racing = setup({ delays: { short: 1000, long: 5000 } }).createMachine({
      id: 'racing',
      initial: 'waiting',
      states: { waiting: { after: { short: 'quick', long: 'slow' } }, quick: {}, slow: {} },
    });
    const names = plan(racing, undefined).paths.map((path) => path.name);
    expect(names).toEqual(['after short']);
  });

  it('keeps fewer paths with the transitions strategy, still walking every transition', () => {
    const options: PlanOptions = intakeSamples;
    const edges = plan(sampleIntakeFixture, { prefilled: null }, options);
    const transitions = plan(sampleIntakeFixture, { prefilled: null }, { ...options, strategy: 'transitions' });
    expect(transitions.paths.length).toBeLessThan(edges.paths.length);
    expect(transitions.keys).toEqual(edges.keys);
  });

  it('refuses to generate more paths than maxPaths, saying what to do', () => {
    expect(() => plan(sampleIntakeFixture, { prefilled: null }, { ...intakeSamples, maxPaths: 3 })).toThrow(/strategy 'transitions'/);
  });

  it('names the step when the machine throws on a sample, pointing at the missing samples', () => {
    expect(() => plan(sampleIntakeFixture, { prefilled: 'AB1234' }, {})).toThrow(
      /sampleIntakeFixture: the machine threw on submit done undefined in \{"review":"submitting"\}: .*accession.*Give sample events or invoke outputs/,
    );
  });

  it('asks for named actors when an invoke uses inline logic', () => {
    const inline = createMachine({
      id: 'inline',
      initial: 'a',
      states: { a: { invoke: { src: fromPromise(() => Promise.resolve(1)), onError: 'a' } } },
    });
    expect(() => findInvokes(inline)).toThrow(/name it in setup\(\{ actors \}\)/);
  });
});
