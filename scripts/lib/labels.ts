import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * Human names for the parts of a statechart, shared by the docs generator, the coverage report
 * and the names of generated path tests, so one transition reads the same everywhere.
 */

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';
const AFTER = 'xstate.after.';

export type EventKind =
  | { kind: 'always' }
  | { kind: 'after'; delay: string }
  | { kind: 'done-actor'; id: string }
  | { kind: 'error-actor'; id: string }
  | { kind: 'done-state'; stateId: string }
  | { kind: 'event'; type: string };

/**
 * `sourceId` disambiguates delayed events: their type is `xstate.after.<delay>.<state id>`
 * and both parts may contain dots.
 */
export function classifyEvent(eventType: string, sourceId?: string): EventKind {
  if (eventType === '') return { kind: 'always' };
  if (eventType.startsWith(DONE_ACTOR)) return { kind: 'done-actor', id: eventType.slice(DONE_ACTOR.length) };
  if (eventType.startsWith(ERROR_ACTOR)) return { kind: 'error-actor', id: eventType.slice(ERROR_ACTOR.length) };
  if (eventType.startsWith(DONE_STATE)) return { kind: 'done-state', stateId: eventType.slice(DONE_STATE.length) };
  if (eventType.startsWith(AFTER)) {
    const rest = eventType.slice(AFTER.length);
    if (sourceId && rest.endsWith(`.${sourceId}`)) return { kind: 'after', delay: rest.slice(0, -sourceId.length - 1) };
    const dot = rest.indexOf('.');
    return { kind: 'after', delay: dot === -1 ? rest : rest.slice(0, dot) };
  }
  return { kind: 'event', type: eventType };
}

/** The duration of a delay in ms, or undefined when it is computed from context at run time. */
export function resolveDelay(machine: AnyStateMachine, delay: string | number, context?: unknown): number | undefined {
  if (typeof delay === 'number') return delay;
  if (delay.trim() !== '' && !Number.isNaN(Number(delay))) return Number(delay);
  const implementations: Record<string, unknown> = machine.implementations.delays;
  const implementation = implementations[delay];
  if (typeof implementation === 'number') return implementation;
  if (typeof implementation === 'function' && context !== undefined) {
    const value: unknown = Reflect.apply(implementation, undefined, [{ context, event: { type: '' } }, undefined]);
    return typeof value === 'number' ? value : undefined;
  }
  return undefined;
}

export function delayLabel(machine: AnyStateMachine, delay: string): string {
  const numeric = delay.trim() !== '' && !Number.isNaN(Number(delay));
  if (numeric) return `after ${delay} ms`;
  const ms = resolveDelay(machine, delay);
  return ms === undefined ? `after ${delay}` : `after ${delay} (${ms} ms)`;
}

export function eventLabel(machine: AnyStateMachine, eventType: string, sourceId?: string): string {
  const event = classifyEvent(eventType, sourceId);
  switch (event.kind) {
    case 'always':
      return 'always';
    case 'after':
      return delayLabel(machine, event.delay);
    case 'done-actor':
      return `done(${event.id})`;
    case 'error-actor':
      return `error(${event.id})`;
    case 'done-state':
      return 'done';
    case 'event':
      return event.type;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function functionName(value: object): string {
  const name: unknown = Reflect.get(value, 'name');
  return typeof name === 'string' ? name : '';
}

/** Guards are names, `{ type }` objects, inline functions or the and/or/not/stateIn combinators. */
export function guardLabel(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const name = functionName(guard);
    const inner: unknown = Reflect.get(guard, 'guards');
    if (Array.isArray(inner) && (name === 'and' || name === 'or' || name === 'not')) {
      return `${name}(${inner.map((g) => guardLabel(g) ?? '?').join(', ')})`;
    }
    const stateValue: unknown = Reflect.get(guard, 'stateValue');
    if (name === 'stateIn') return `stateIn(${typeof stateValue === 'string' ? stateValue : JSON.stringify(stateValue)})`;
    return '(inline)';
  }
  if (isRecord(guard) && typeof guard.type === 'string') return guard.type;
  return '(inline)';
}

/** Built-in action creators carry `type: 'xstate.<name>'`; user actions are names or `{ type }`. */
export function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const type: unknown = Reflect.get(action, 'type');
    if (typeof type === 'string') return type.replace(/^xstate\./, '');
    return '(inline)';
  }
  if (isRecord(action) && typeof action.type === 'string') return action.type;
  return '(inline)';
}

export function actionLabels(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).map(actionLabel);
}

/** The event descriptor of a transition, typed: xstate types it `any` on untyped transition definitions. */
export function eventTypeOf(transition: AnyTransitionDefinition): string {
  const type: unknown = transition.eventType;
  return typeof type === 'string' ? type : String(type);
}

/** A state's path inside its machine (`review.submitting`); the machine itself reads `(machine)`. */
export function stateLabel(node: AnyStateNode): string {
  return node.path.length === 0 ? '(machine)' : node.path.join('.');
}

export function targetLabels(transition: AnyTransitionDefinition): string[] {
  return (transition.target ?? []).map(stateLabel);
}

/** `event [guard]`, the label of a transition in diagrams and reports. */
export function transitionLabel(machine: AnyStateMachine, transition: AnyTransitionDefinition): string {
  const guard = guardLabel(transition.guard);
  const event = eventLabel(machine, eventTypeOf(transition), transition.source.id);
  return guard ? `${event} [${guard}]` : event;
}
