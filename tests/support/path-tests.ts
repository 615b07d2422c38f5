/**
 * Path tests generated from a machine's real graph.
 *
 * One call in a test file under tests/machines/ makes a `describe` with one `it` per path through
 * the machine. Each `it` drives a real actor (`createActor`) along its path and, after every step,
 * checks that the actor is where the graph says (state value and status; context and tags if asked)
 * and took the same transitions. Transitions taken are recorded to `.transitions/` for
 * `npm run transitions`, which fails until every edge of every machine was walked.
 *
 * ```ts
 * import { describePaths } from '../support/path-tests';
 * import { sessionUser } from '../support/fixtures/session';
 * import { signInMachine } from '../../src/machines/auth/sign-in.machine';
 *
 * describePaths(signInMachine, {
 *   input: { returnTo: '/orders' },              // or inputs: { fresh: {...}, expired: {...} }
 *   // Sample events per type (a list, or a function of the current snapshot). Types without
 *   // samples are sent as `{ type }`. Events a callback actor would send to the machine go here too.
 *   events: { 'signIn.submit': [{ type: 'signIn.submit', username: 'ann', password: 'Secret-123', rememberMe: true }] },
 *   // Invoked actors become fakes that stay pending until the path finishes them with one of these
 *   // (keyed by src, or by invoke id). Without samples: output undefined, error a plain Error.
 *   invokes: {
 *     getCaptchaToken: { outputs: ['captcha-token'] },
 *     signIn: { outputs: [sessionUser(), sessionUser({ forceIdentityMigration: true })], errors: [new Error('Wrong password')] },
 *   },
 *   provide: { actions: { establishSession: () => {}, goToReturnPage: () => {} } }, // any .provide()
 *   check: { context: true, tags: true },         // compare more than value and status
 *   afterPath: ({ snapshot, invocations }) => {
 *     // Runs after each path with the live actor; `invocations` lists every fake start with its input.
 *   },
 * });
 * ```
 *
 * How the steps happen:
 * - `xstate.done.actor.<id>` / `xstate.error.actor.<id>` steps settle the fake of that invoke with
 *   the sample output or error; a callback or observable src gets the same fake, which never sends.
 * - `after` steps advance vitest fake timers to when that timer is due. Of several delays pending in
 *   one state, only the shortest is planned; delays come from `setup({ delays })` or the number.
 * - `always` transitions happen by themselves and are checked like the others.
 * - Time is frozen for planning and running at `now` (default: when the file is collected), so
 *   guards that read `Date.now()` agree with the graph.
 *
 * Keeping the number of tests down: by default every edge (state, event) of the explored graph
 * gets a path, and paths that are a prefix of another are dropped. Context is part of a graph
 * state, so context that grows (counters, lists) or varies (messages) multiplies states: pass
 * `stateKey` to say what identifies a state, fewer samples, or `strategy: 'transitions'` to keep
 * only the paths needed to walk every machine transition once. Planning fails with a hint past
 * `maxPaths` (300) or `maxStates` (2000).
 *
 * Hand-written machine tests can have their transitions counted too: `const inspect =
 * recordTransitions()` at the top of the file, then `createActor(machine, { inspect })`.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Actor, AnyActorLogic, AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';
import { findInvokes } from './fake-actors';
import type { InvokeSamples } from './path-events';
import { planScenario, type PlannedPath, type PlanOptions } from './path-plan';
import { runPath, type PathRun, type StateCheck } from './path-runner';
import { flushRecordsAfterAll, recordedKeys, recordInspection } from './transition-recorder';

type EventOf<TMachine extends AnyStateMachine, TType extends string> = Extract<EventFromLogic<TMachine>, { type: TType }>;

/** Per event type: sample events to send, as a list or computed from the state they are sent in. */
export type EventSamples<TMachine extends AnyStateMachine> = {
  [TType in EventFromLogic<TMachine>['type']]?:
    readonly EventOf<TMachine, TType>[] | ((snapshot: SnapshotFrom<TMachine>) => readonly EventOf<TMachine, TType>[]);
};

export interface TypedPathRun<TMachine extends AnyStateMachine> extends Omit<PathRun, 'actor' | 'snapshot'> {
  actor: Actor<TMachine>;
  snapshot: SnapshotFrom<TMachine>;
}

export interface PathTestOptions<TMachine extends AnyStateMachine> extends Pick<PlanOptions, 'strategy' | 'maxPaths' | 'maxStates'> {
  /** Title of the generated `describe`; defaults to `<machine id> paths`. */
  name?: string;
  input?: InputFrom<TMachine>;
  /** Several named inputs, each explored as its own graph in its own `describe` (initial routing may depend on input). */
  inputs?: Record<string, InputFrom<TMachine>>;
  events?: EventSamples<TMachine>;
  /** Sample outputs and errors of invoked actors, keyed by src (or by invoke id, which wins). */
  invokes?: Record<string, InvokeSamples>;
  /** Implementations for `.provide()`: actions, guards, delays, and actors that replace the fakes. */
  provide?: Parameters<TMachine['provide']>[0];
  /** Besides value and status, also compare context and/or tags after every step. */
  check?: StateCheck;
  /** Runs after each path with the live actor, for assertions of the test's own. */
  afterPath?: (run: TypedPathRun<TMachine>) => void | Promise<void>;
  /** Identity of a graph state; defaults to value + context + status. */
  stateKey?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Frozen clock for planning and running (default: when the suite is collected). */
  now?: number | Date;
}

export interface PathSuite {
  machineId: string;
  paths: readonly { scenario: string | undefined; path: PlannedPath }[];
  /** Edge keys the generated paths are planned to walk. */
  plannedKeys: ReadonlySet<string>;
  /** Edge keys actually walked so far in this test file (read it in a later test). */
  recorded(): ReadonlySet<string>;
}

function withClock<T>(now: number, run: () => T): T {
  vi.useFakeTimers({ now });
  try {
    return run();
  } finally {
    vi.useRealTimers();
  }
}

function uniqueNames(paths: readonly PlannedPath[]): string[] {
  const seen = new Map<string, number>();
  return paths.map(({ name }) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

/** Generates a `describe` with one `it` per path through the machine's real graph. See the usage above. */
export function describePaths<TMachine extends AnyStateMachine>(machine: TMachine, options: PathTestOptions<TMachine> = {}): PathSuite {
  const testFile = expect.getState().testPath ?? '';
  const now = options.now === undefined ? Date.now() : Number(options.now);
  const base: AnyStateMachine = options.provide ? machine.provide(options.provide) : machine;
  const userActors: Record<string, AnyActorLogic> | undefined = options.provide?.actors;
  const invokes = findInvokes(base);
  const planOptions: PlanOptions = {
    events: options.events as PlanOptions['events'],
    invokes: options.invokes,
    stateKey: options.stateKey as PlanOptions['stateKey'],
    strategy: options.strategy,
    maxPaths: options.maxPaths,
    maxStates: options.maxStates,
  };
  const scenarios: [string | undefined, unknown][] = options.inputs ? Object.entries(options.inputs) : [[undefined, options.input]];
  const covered = new Set<string>();
  const plans = scenarios.map(([scenario, input]) => ({
    scenario,
    input,
    plan: withClock(now, () => planScenario(base, invokes, input, planOptions, covered)),
  }));

  const hook = options.afterPath;
  const afterPath = hook ? (run: PathRun) => hook(run as TypedPathRun<TMachine>) : undefined;
  flushRecordsAfterAll(testFile);

  describe(options.name ?? `${machine.id} paths`, () => {
    for (const { scenario, input, plan } of plans) {
      const body = () => {
        const names = uniqueNames(plan.paths);
        plan.paths.forEach((path, index) => {
          it(names[index] ?? path.name, async () => {
            await runPath(base, path, {
              input,
              invokes,
              now,
              actors: userActors,
              check: options.check,
              inspect: (event) => recordInspection(testFile, event),
              afterPath,
            });
          });
        });
      };
      if (scenario === undefined) body();
      else describe(`input: ${scenario}`, body);
    }
  });

  return {
    machineId: machine.id,
    paths: plans.flatMap(({ scenario, plan }) => plan.paths.map((path) => ({ scenario, path }))),
    plannedKeys: new Set(plans.flatMap(({ plan }) => [...plan.keys])),
    recorded: () => recordedKeys(machine.id, testFile),
  };
}

export { runPath, type PathRun, type StateCheck } from './path-runner';
export { planScenario, type PlannedPath, type PlannedStep, type PlanOptions } from './path-plan';
export type { InvokeSamples, EventSampleSource } from './path-events';
export type { Invocation } from './fake-actors';
export { recordTransitions } from './transition-recorder';
