import { expect, vi } from 'vitest';
import {
  createActor,
  type Actor,
  type AnyActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InspectionEvent,
} from 'xstate';
import { classifyEvent } from '../../scripts/lib/labels';
import { transitionKey } from '../../scripts/lib/edges';
import { createFakeActors, type FakeActors, type Invocation, type InvokeSite } from './fake-actors';
import { stepLabel } from './path-events';
import type { PlannedPath, PlannedStep } from './path-plan';

/** What a finished path hands to the test's own assertions. */
export interface PathRun {
  actor: Actor<AnyStateMachine>;
  snapshot: AnyMachineSnapshot;
  path: PlannedPath;
  /** Every start of an invoked (fake) actor, with the input the machine gave it. */
  invocations: readonly Invocation[];
}

export interface StateCheck {
  /** Also compare context with the graph's prediction. */
  context?: boolean;
  /** Also compare tags. */
  tags?: boolean;
}

export interface RunOptions {
  input: unknown;
  invokes: readonly InvokeSite[];
  /** Clock start for fake timers and `Date.now()`, the same the plan was made with. */
  now: number;
  /** Actors the test provides itself; they replace the fakes for their src. */
  actors?: Record<string, AnyActorLogic>;
  check?: StateCheck;
  /** Receives every inspection event of the run (the recorder). */
  inspect?: (event: InspectionEvent) => void;
  afterPath?: (run: PathRun) => void | Promise<void>;
}

/** Enough turns of the microtask queue for a settled promise to reach the parent through the promise actor. */
const MICROTASK_TURNS = 50;

function view(snapshot: AnyMachineSnapshot, check: StateCheck): Record<string, unknown> {
  return {
    value: snapshot.value,
    status: snapshot.status,
    ...(snapshot.status === 'error' ? { error: String(snapshot.error) } : {}),
    ...(check.context ? { context: snapshot.context } : {}),
    ...(check.tags ? { tags: [...snapshot.tags].sort() } : {}),
  };
}

/**
 * Drives a real actor along a planned path: sends plain events, settles fake invoked actors, fires
 * delays with fake timers, and after every step compares the actor with the graph's prediction and
 * the transitions it took with the ones predicted. Throws on the first difference.
 */
export async function runPath(machine: AnyStateMachine, path: PlannedPath, options: RunOptions): Promise<PathRun> {
  const fakes = createFakeActors(options.invokes);
  const tested = machine.provide({ actors: { ...fakes.actors, ...options.actors } });
  const check = options.check ?? {};
  let taken: string[] = [];
  let processed: string[] = [];
  let failure: unknown;

  const inspect = (event: InspectionEvent) => {
    options.inspect?.(event);
    const isRoot = event.actorRef.sessionId === event.rootId;
    if (!isRoot) return;
    if (event.type === '@xstate.microstep') taken.push(...event._transitions.map(transitionKey));
    if (event.type === '@xstate.snapshot') processed.push(event.event.type);
  };

  vi.useFakeTimers({ now: options.now });
  const actor = createActor(tested, { input: options.input, inspect });
  const subscription = actor.subscribe({ error: (error) => (failure = error) });
  try {
    const where = (index: number, step: PlannedStep) =>
      `path "${path.name}", step ${index} (${index === 0 ? 'start' : stepLabel(step.event, true)})`;
    const compare = async (index: number, step: PlannedStep) => {
      for (let turn = 0; turn < 3; turn++) await Promise.resolve();
      const snapshot = actor.getSnapshot();
      expect(view(snapshot, check), `${where(index, step)}: state`).toEqual(view(step.snapshot, check));
      expect(taken, `${where(index, step)}: transitions taken`).toEqual(step.transitions);
    };

    const [first, ...rest] = path.steps;
    actor.start();
    if (first) await compare(0, first);
    for (const [offset, step] of rest.entries()) {
      taken = [];
      processed = [];
      perform(actor, step.event, fakes.settle);
      for (let turn = 0; turn < MICROTASK_TURNS && !processed.includes(step.event.type); turn++) await Promise.resolve();
      if (!processed.includes(step.event.type)) {
        const why = failure === undefined ? '' : ` (${failure instanceof Error ? failure.message : JSON.stringify(failure)})`;
        throw new Error(`${where(offset + 1, step)}: the actor never processed ${step.event.type}${why}`);
      }
      await compare(offset + 1, step);
    }
    const run: PathRun = { actor, snapshot: actor.getSnapshot(), path, invocations: fakes.invocations };
    await options.afterPath?.(run);
    return run;
  } finally {
    subscription.unsubscribe();
    actor.stop();
    vi.useRealTimers();
  }
}

function perform(actor: Actor<AnyStateMachine>, event: AnyEventObject, settle: FakeActors['settle']): void {
  const kind = classifyEvent(event.type);
  if (kind.kind === 'done-actor' || kind.kind === 'error-actor') {
    const output: unknown = event.output;
    const error: unknown = event.error;
    const outcome = kind.kind === 'done-actor' ? { output } : { error };
    if (!settle(kind.id, outcome)) {
      throw new Error(
        `the path settles the invoked actor '${kind.id}', but no fake of it is running (is its src provided by the test instead?)`,
      );
    }
    return;
  }
  if (kind.kind === 'after') {
    // The pending timer knows when it started, so time spent in earlier states counts.
    const timer = Object.values(actor.system.getSnapshot()._scheduledEvents).find(
      (scheduled) => scheduled.event.type === event.type && scheduled.target === actor,
    );
    if (!timer) throw new Error(`the path waits for ${event.type}, but the actor has no such timer pending`);
    vi.advanceTimersByTime(Math.max(0, timer.startedAt + timer.delay - Date.now()));
    return;
  }
  actor.send(event);
}
