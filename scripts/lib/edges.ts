import type { AnyStateMachine, AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { eventTypeOf, stateLabel, targetLabels, transitionLabel } from './labels';

/**
 * One transition of a machine, identified the same way whether it comes from the machine's
 * definition (here) or from a running actor's `@xstate.microstep` inspection event (the path-test
 * recorder), so `.transitions/` records and `npm run transitions` agree on what was walked.
 */
export interface MachineEdge {
  key: string;
  machineId: string;
  /** Id of the state node that owns the transition. */
  source: string;
  /** The raw event descriptor; `''` for eventless (`always`) transitions. */
  eventType: string;
  /** Position among the source's transitions for the same event (guarded alternatives). */
  index: number;
  targets: string[];
  /** `from --label--> to`, for reports. */
  description: string;
}

const ALWAYS = '(always)';

function siblings(transition: AnyTransitionDefinition): readonly AnyTransitionDefinition[] {
  const eventType = eventTypeOf(transition);
  if (eventType === '') return transition.source.always ?? [];
  return transition.source.transitions.get(eventType) ?? [];
}

/**
 * `<source id> <event> #<index> → <target ids>`: the index keeps guarded alternatives for the same
 * event apart, the targets make a renamed or retargeted transition a different edge.
 */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const eventType = eventTypeOf(transition);
  const event = eventType === '' ? ALWAYS : eventType;
  const index = siblings(transition).indexOf(transition);
  const targets = transition.target?.length ? transition.target.map((node) => node.id).join(',') : '(none)';
  return `${transition.source.id} ${event} #${index} → ${targets}`;
}

function toEdge(machine: AnyStateMachine, transition: AnyTransitionDefinition): MachineEdge {
  const targets = targetLabels(transition);
  const to = targets.length ? targets.join(', ') : '(stays)';
  return {
    key: transitionKey(transition),
    machineId: machine.id,
    source: transition.source.id,
    eventType: eventTypeOf(transition),
    index: siblings(transition).indexOf(transition),
    targets: (transition.target ?? []).map((node) => node.id),
    description: `${stateLabel(transition.source)} --${transitionLabel(machine, transition)}--> ${to}`,
  };
}

/**
 * Every transition of the machine: the edges of `toDirectedGraph` through all nested states, plus the
 * eventless ones it leaves out. A transition with several targets (into parallel regions) is one edge.
 */
export function machineEdges(machine: AnyStateMachine): MachineEdge[] {
  const edges = new Map<string, MachineEdge>();
  const add = (transition: AnyTransitionDefinition) => {
    const edge = toEdge(machine, transition);
    if (!edges.has(edge.key)) edges.set(edge.key, edge);
  };
  const visit = (node: DirectedGraphNode) => {
    for (const transition of node.stateNode.always ?? []) add(transition);
    for (const edge of node.edges) add(edge.transition);
    node.children.forEach(visit);
  };
  visit(toDirectedGraph(machine));
  return [...edges.values()];
}

export interface Coverage {
  machineId: string;
  total: number;
  walked: number;
  /** 0–100, one decimal; a machine without transitions is fully covered. */
  percent: number;
  missing: MachineEdge[];
}

/** Which of the machine's edges appear among the recorded keys; keys of edges that no longer exist are ignored. */
export function coverage(machine: AnyStateMachine, recorded: Iterable<string>): Coverage {
  const seen = new Set(recorded);
  const edges = machineEdges(machine);
  const missing = edges.filter((edge) => !seen.has(edge.key));
  const walked = edges.length - missing.length;
  const percent = edges.length === 0 ? 100 : Math.floor((walked / edges.length) * 1000) / 10;
  return { machineId: machine.id, total: edges.length, walked, percent, missing };
}
