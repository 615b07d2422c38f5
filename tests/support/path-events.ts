import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { classifyEvent, eventTypeOf, resolveDelay } from '../../scripts/lib/labels';
import type { InvokeSite } from './fake-actors';

/** Sample events of one type: a fixed list, or a list computed from the state they are sent in. */
export type EventSampleSource = readonly AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => readonly AnyEventObject[]);

/** What an invoked actor may finish with; each sample becomes its own branch of the graph. */
export interface InvokeSamples {
  outputs?: readonly unknown[];
  errors?: readonly unknown[];
}

export interface EventSampling {
  events?: Readonly<Record<string, EventSampleSource | undefined>>;
  /** Keyed by invoke id or by src; the id wins. */
  invokes?: Readonly<Record<string, InvokeSamples | undefined>>;
}

function samplesOf(source: EventSampleSource | undefined, snapshot: AnyMachineSnapshot): readonly AnyEventObject[] | undefined {
  if (source === undefined) return undefined;
  return typeof source === 'function' ? source(snapshot) : source;
}

/**
 * The events the graph explores in a state: every event some active state node has a transition
 * for, with the test's samples where it gave some. `xstate.done.state.*` is raised by the machine
 * itself, so it is never sent; invoked actors finish with the test's sample outputs and errors.
 */
export function eventsFor(invokes: readonly InvokeSite[], sampling: EventSampling): (snapshot: AnyMachineSnapshot) => AnyEventObject[] {
  const srcById = new Map(invokes.map((invoke) => [invoke.id, invoke.src]));
  const invokeSamples = (id: string): InvokeSamples => {
    const src = srcById.get(id);
    return sampling.invokes?.[id] ?? (src === undefined ? undefined : sampling.invokes?.[src]) ?? {};
  };
  return (snapshot) => {
    const types = new Set<string>();
    for (const node of snapshot._nodes) for (const type of node.transitions.keys()) types.add(type);
    return [...types].flatMap((type): AnyEventObject[] => {
      const event = classifyEvent(type);
      switch (event.kind) {
        case 'done-state':
        case 'always':
          return [];
        case 'done-actor': {
          const outputs = invokeSamples(event.id).outputs ?? [undefined];
          return outputs.map((output) => ({ type, output, actorId: event.id }));
        }
        case 'error-actor': {
          const src = srcById.get(event.id) ?? event.id;
          const errors = invokeSamples(event.id).errors ?? [new Error(`${src} failed`)];
          return errors.map((error) => ({ type, error, actorId: event.id }));
        }
        case 'after':
          return [{ type }];
        case 'event':
          return [...(samplesOf(sampling.events?.[type], snapshot) ?? [{ type }])];
      }
    });
  };
}

/**
 * Only events that select a transition are explored, and of the delayed ones only those due first:
 * a real timer of 5 s never fires while one of 1 s in the same state is pending. Elapsed time from
 * earlier states is not modelled; a delay computed at run time is always allowed.
 */
export function eventFilter(machine: AnyStateMachine): (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean {
  return (snapshot, event) => {
    if (machine.getTransitionData(snapshot, event).length === 0) return false;
    if (classifyEvent(event.type).kind !== 'after') return true;
    let earliest = Infinity;
    let own: number | undefined;
    for (const node of snapshot._nodes) {
      for (const delayed of node.after) {
        if (machine.getTransitionData(snapshot, { type: eventTypeOf(delayed) }).length === 0) continue;
        const context: unknown = snapshot.context;
        const ms = typeof delayed.delay === 'function' ? undefined : resolveDelay(machine, delayed.delay, context);
        if (ms !== undefined) earliest = Math.min(earliest, ms);
        if (eventTypeOf(delayed) === event.type) own = ms;
      }
    }
    return own === undefined || own <= earliest;
  };
}

function compact(value: unknown): string {
  if (value instanceof Error) return value.message;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** How an event reads in a test name; `withPayload` tells apart several samples of one type. */
export function stepLabel(event: AnyEventObject, withPayload: boolean): string {
  const kind = classifyEvent(event.type);
  const { type: _type, actorId: _actorId, ...payload } = event;
  switch (kind.kind) {
    case 'done-actor':
      return withPayload ? `${kind.id} done ${compact(payload.output)}` : `${kind.id} done`;
    case 'error-actor':
      return withPayload ? `${kind.id} error ${compact(payload.error)}` : `${kind.id} error`;
    case 'after':
      return `after ${kind.delay}`;
    default:
      return withPayload && Object.keys(payload).length ? `${event.type} ${compact(payload)}` : event.type;
  }
}
