import { useActorRef } from '@xstate/react';
import type { AnyStateMachine, ActorOptions } from 'xstate';
import { currentInspector } from '../machines/shell/inspection';

/** A screen's workflow actor, visible in the Stately inspector like every other actor. */
export function useWorkflow<TMachine extends AnyStateMachine>(machine: TMachine, options?: ActorOptions<TMachine>) {
  return useActorRef(machine, { ...options, inspect: currentInspector() });
}
