import { createEmptyActor, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { getAdjacencyMap, type AdjacencyMap, type AdjacencyValue } from 'xstate/graph';
import { transitionKey } from '../../scripts/lib/edges';
import type { InvokeSite } from './fake-actors';
import { eventFilter, eventsFor, stepLabel, type EventSampling } from './path-events';

/** One step of a planned path: the event, the state the graph predicts, and the transitions it takes. */
export interface PlannedStep {
  /** `xstate.init` for the first step, when the actor starts. */
  event: AnyEventObject;
  snapshot: AnyMachineSnapshot;
  /** Edge keys (see scripts/lib/edges.ts) of every microstep, `always` ones included. */
  transitions: readonly string[];
}

export interface PlannedPath {
  /** The events joined by →. */
  name: string;
  steps: readonly PlannedStep[];
}

export interface PlanOptions extends EventSampling {
  /** Identity of a graph state; defaults to value, context and status. Drop volatile context fields here. */
  stateKey?: (snapshot: AnyMachineSnapshot) => string;
  /**
   * `edges` (default): a path for every (state, event) edge of the explored graph.
   * `transitions`: only as many paths as it takes to walk every machine transition, for big graphs.
   */
  strategy?: 'edges' | 'transitions';
  /** Fail instead of generating more tests than this (default 300). */
  maxPaths?: number;
  /** Fail instead of exploring more graph states than this (default 2000). */
  maxStates?: number;
}

export interface ScenarioPlan {
  paths: PlannedPath[];
  states: number;
  /** Every edge key some planned path takes. */
  keys: Set<string>;
}

function isActorRef(value: object): boolean {
  return 'sessionId' in value && 'send' in value && typeof value.send === 'function';
}

/** JSON that survives actor refs, errors, functions and cycles in context. */
export function stableStringify(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'function') return '[function]';
    if (item instanceof Error) return `[${item.name}: ${item.message}]`;
    if (item instanceof Map) return { map: [...item.entries()] };
    if (item instanceof Set) return { set: [...item.values()] };
    if (typeof item === 'object' && item !== null) {
      if (isActorRef(item)) return `[actor ${String(Reflect.get(item, 'id'))}]`;
      if (seen.has(item)) return '[cycle]';
      seen.add(item);
    }
    return item;
  });
}

function defaultStateKey(snapshot: AnyMachineSnapshot): string {
  const value: unknown = snapshot.value;
  const context: unknown = snapshot.context;
  return stableStringify({ value, context, status: snapshot.status });
}

/** What `StateMachine.transition` and `getInitialSnapshot` take as their actor scope. */
type MachineScope = Parameters<AnyStateMachine['transition']>[2];

/**
 * Runs one macrostep outside any actor, as the graph does, but listening to its microsteps so each
 * step knows which transitions it takes. A fresh system each time keeps `systemId`s from clashing.
 */
function predict(run: (scope: MachineScope) => AnyMachineSnapshot): { snapshot: AnyMachineSnapshot; transitions: string[] } {
  const self = createEmptyActor();
  const transitions: string[] = [];
  self.system.inspect((event) => {
    if (event.type === '@xstate.microstep') transitions.push(...event._transitions.map(transitionKey));
  });
  const noop = () => {};
  const scope: MachineScope = {
    // Only a parent for spawned children that never start; no action runs against it.
    self: self as MachineScope['self'],
    id: '',
    sessionId: '',
    logger: noop,
    defer: noop,
    emit: noop,
    system: self.system,
    stopChild: noop,
    actionExecutor: noop,
  };
  return { snapshot: run(scope), transitions };
}

interface Candidate {
  steps: PlannedStep[];
  sequence: string;
}

/** Drops paths whose events are a prefix of a longer kept path: the longer one walks them too. */
function withoutPrefixes(candidates: Candidate[]): Candidate[] {
  const kept: Candidate[] = [];
  for (const candidate of [...candidates].sort((a, b) => b.steps.length - a.steps.length)) {
    const prefix = `${candidate.sequence}\u0000`;
    if (!kept.some((other) => other.sequence === candidate.sequence || other.sequence.startsWith(prefix))) kept.push(candidate);
  }
  return kept;
}

/** Longest first, a path is kept only if it walks a transition no kept path (of any input so far) walks. */
function coveringTransitions(candidates: Candidate[], covered: Set<string>): Candidate[] {
  const kept: Candidate[] = [];
  for (const candidate of [...candidates].sort((a, b) => b.steps.length - a.steps.length)) {
    const keys = candidate.steps.flatMap((step) => step.transitions);
    if (keys.every((key) => covered.has(key))) continue;
    keys.forEach((key) => covered.add(key));
    kept.push(candidate);
  }
  return kept;
}

/**
 * Labels for the events of the chosen paths: the type alone when it has one sample, with a short
 * payload when that tells its samples apart, else numbered in order of first use.
 */
function eventLabels(steps: readonly PlannedStep[]): (event: AnyEventObject) => string {
  const samplesByType = new Map<string, Map<string, AnyEventObject>>();
  for (const { event } of steps) {
    const samples = samplesByType.get(event.type) ?? new Map<string, AnyEventObject>();
    samples.set(stableStringify(event), event);
    samplesByType.set(event.type, samples);
  }
  const labels = new Map<string, string>();
  for (const samples of samplesByType.values()) {
    const events = [...samples.values()];
    const detailed = events.map((event) => stepLabel(event, events.length > 1));
    const distinct = new Set(detailed).size === detailed.length;
    [...samples.keys()].forEach((serial, index) => {
      const plain = stepLabel(events[index] ?? { type: '' }, false);
      labels.set(serial, distinct ? (detailed[index] ?? plain) : `${plain} #${index + 1}`);
    });
  }
  return (event) => labels.get(stableStringify(event)) ?? stepLabel(event, false);
}

function name(steps: readonly PlannedStep[], label: (event: AnyEventObject) => string): string {
  const labels = steps.slice(1).map((step) => label(step.event));
  return labels.length ? labels.join(' → ') : '(initial state)';
}

/**
 * Paths through the real graph of `machine` from its initial state for one input. With the
 * `transitions` strategy, `covered` carries the transitions walked by the plans of earlier inputs.
 */
export function planScenario(
  machine: AnyStateMachine,
  invokes: readonly InvokeSite[],
  input: unknown,
  options: PlanOptions,
  covered = new Set<string>(),
): ScenarioPlan {
  const stateKey = options.stateKey ?? defaultStateKey;
  const maxStates = options.maxStates ?? 2000;
  const initial = predict((scope) => machine.getInitialSnapshot(scope, input));
  if (initial.snapshot.status === 'error') {
    throw new Error(`${machine.id}: the initial state fails with this input: ${String(initial.snapshot.error)}`);
  }

  let adjacency: AdjacencyMap<AnyMachineSnapshot, AnyEventObject>;
  // The graph filters each event right before taking it, so this names the step that threw.
  let exploring: { snapshot: AnyMachineSnapshot; event: AnyEventObject } | undefined;
  const filter = eventFilter(machine);
  try {
    adjacency = getAdjacencyMap<AnyMachineSnapshot, AnyEventObject, unknown>(machine, {
      input,
      events: eventsFor(invokes, options),
      filterEvents: (snapshot, event) => {
        exploring = { snapshot, event };
        return filter(snapshot, event);
      },
      serializeState: (snapshot) => stateKey(snapshot),
      limit: maxStates * 20,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/traversal limit/i.test(message)) {
      throw new Error(`${machine.id}: the graph does not end; give stateKey to ignore growing context, or fewer samples`, { cause: error });
    }
    const where = exploring ? ` on ${stepLabel(exploring.event, true)} in ${JSON.stringify(exploring.snapshot.value)}` : '';
    throw new Error(`${machine.id}: the machine threw${where}: ${message}. Give sample events or invoke outputs it can handle`, {
      cause: error,
    });
  }
  const graph = new Map(
    Object.entries(adjacency).map(([key, value]: [string, AdjacencyValue<AnyMachineSnapshot, AnyEventObject>]) => [
      key,
      { state: value.state, edges: new Map(Object.entries(value.transitions)) },
    ]),
  );
  const states = [...graph.keys()];
  if (states.length > maxStates) {
    throw new Error(
      `${machine.id}: ${states.length} graph states (max ${maxStates}); give stateKey to ignore volatile context, or fewer samples`,
    );
  }

  const predicted = new Map<string, PlannedStep>();
  const stepFrom = (from: string, eventKey: string): PlannedStep => {
    const cacheKey = `${from}\u0000${eventKey}`;
    const cached = predicted.get(cacheKey);
    if (cached) return cached;
    const edge = graph.get(from)?.edges.get(eventKey);
    const source = graph.get(from)?.state;
    if (!edge || !source) throw new Error(`${machine.id}: no edge ${eventKey} from ${from}`);
    const step = {
      event: edge.event,
      snapshot: edge.state,
      transitions: predict((scope) => machine.transition(source, edge.event, scope)).transitions,
    };
    predicted.set(cacheKey, step);
    return step;
  };

  // Breadth first, so the route to each state is a shortest one.
  const start = states[0] ?? stateKey(initial.snapshot);
  const route = new Map<string, { from: string; eventKey: string } | null>([[start, null]]);
  const queue = [start];
  for (let from = queue.shift(); from !== undefined; from = queue.shift()) {
    for (const [eventKey, edge] of graph.get(from)?.edges ?? []) {
      const next = stateKey(edge.state);
      if (route.has(next) || !graph.has(next)) continue;
      route.set(next, { from, eventKey });
      queue.push(next);
    }
  }
  const initStep: PlannedStep = { event: { type: 'xstate.init' }, snapshot: initial.snapshot, transitions: initial.transitions };
  const routeTo = (state: string): { steps: PlannedStep[]; sequence: string[] } => {
    const hops: { from: string; eventKey: string }[] = [];
    for (let hop = route.get(state); hop; hop = route.get(hop.from)) hops.unshift(hop);
    return { steps: [initStep, ...hops.map((hop) => stepFrom(hop.from, hop.eventKey))], sequence: hops.map((hop) => hop.eventKey) };
  };

  const candidates: Candidate[] = [];
  for (const state of route.keys()) {
    const toState = routeTo(state);
    for (const eventKey of graph.get(state)?.edges.keys() ?? []) {
      candidates.push({ steps: [...toState.steps, stepFrom(state, eventKey)], sequence: [...toState.sequence, eventKey].join('\u0000') });
    }
  }
  if (candidates.length === 0) candidates.push({ steps: [initStep], sequence: '' });

  const chosen = options.strategy === 'transitions' ? coveringTransitions(candidates, covered) : withoutPrefixes(candidates);
  const maxPaths = options.maxPaths ?? 300;
  if (chosen.length > maxPaths) {
    throw new Error(`${machine.id}: ${chosen.length} paths (max ${maxPaths}); try strategy 'transitions', a stateKey, or fewer samples`);
  }

  const label = eventLabels(chosen.flatMap((candidate) => candidate.steps.slice(1)));
  const paths = chosen
    .map((candidate) => ({ name: name(candidate.steps, label), steps: candidate.steps }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const keys = new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.transitions)));
  return { paths, states: states.length, keys };
}
