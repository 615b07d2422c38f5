import type { ActorOptions, AnyActorLogic } from 'xstate';

/** The Stately inspector, when development asks for it: every actor the app creates passes this on. */

export type Inspect = ActorOptions<AnyActorLogic>['inspect'];
let inspector: Inspect;

export function setInspector(inspect: Inspect) {
  inspector = inspect;
}

export function currentInspector(): Inspect {
  return inspector;
}
