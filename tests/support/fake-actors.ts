import { fromPromise, type AnyActorLogic, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';

/** An `invoke` found in the machine definition. */
export interface InvokeSite {
  id: string;
  src: string;
  /** Id of the state node that invokes it. */
  stateId: string;
}

/** One start of a fake actor, as the machine started it: tests may assert on the input. */
export interface Invocation {
  id: string;
  src: string;
  input: unknown;
}

/**
 * Finds every invoke by walking the state nodes, so tests name sample outputs per src or id and never
 * list the invokes themselves. Inline logic cannot be replaced through `.provide()`, hence the error.
 */
export function findInvokes(machine: AnyStateMachine): InvokeSite[] {
  const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
  return nodes.flatMap((node) =>
    node.invoke.map((invoke) => {
      if (typeof invoke.src !== 'string' || invoke.src.startsWith('xstate.invoke.')) {
        throw new Error(
          `${machine.id}: the invoke '${invoke.id}' in state '${node.id}' uses inline actor logic; name it in setup({ actors }) so path tests can replace it`,
        );
      }
      return { id: invoke.id, src: invoke.src, stateId: node.id };
    }),
  );
}

interface Deferred {
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

export interface FakeActors {
  /** Implementations for `.provide({ actors })`, one per invoked src. */
  actors: Record<string, AnyActorLogic>;
  /** Every start so far, in order. */
  invocations: Invocation[];
  /** Settles the latest start of the invoke `id`; false when it was never started. */
  settle: (id: string, outcome: { output: unknown } | { error: unknown }) => boolean;
}

/**
 * Every invoked src becomes a promise actor that stays pending until the path settles it. For a
 * promise src that is its done or error; a callback or observable src simply does nothing, its
 * events to the parent being sent by the path itself, and can still fail on demand for `onError`.
 */
export function createFakeActors(invokes: readonly InvokeSite[]): FakeActors {
  const running = new Map<string, Deferred>();
  const invocations: Invocation[] = [];
  const actors: Record<string, AnyActorLogic> = {};
  for (const src of new Set(invokes.map((invoke) => invoke.src))) {
    actors[src] = fromPromise<unknown, unknown>(({ input, self }) => {
      invocations.push({ id: self.id, src, input });
      return new Promise<unknown>((resolve, reject) => {
        running.set(self.id, { resolve, reject });
      });
    });
  }
  return {
    actors,
    invocations,
    settle: (id, outcome) => {
      const deferred = running.get(id);
      if (!deferred) return false;
      running.delete(id);
      if ('output' in outcome) deferred.resolve(outcome.output);
      else deferred.reject(outcome.error);
      return true;
    },
  };
}
