import { assign, fromPromise, setup } from 'xstate';
import type { PracticeTwoStep } from '../../model/auth/two-step';
import { PracticeTwoStepText } from '../../model/practice/settings-texts';
import { messageOf } from '../../services/http/api-error';
import { queryClient } from '../../services/http/query-client';
import { notify } from '../../services/platform/notify';
import { practiceTwoStepKeys } from '../../services/practice/queries';
import { practiceTwoStepApi } from '../../services/practice/two-step.api';

/**
 * The organization tab's "Require two-step sign-in for all members" (issue 44): each change of the switch is saved
 * at once; the setting itself is server data (the practice two-step query), refreshed after each save.
 */

export interface TwoStepRequirementContext {
  error: string | null;
}

export type TwoStepRequirementEvent = { type: 'requirement.set'; required: boolean };

export const twoStepRequirementMachine = setup({
  types: { context: {} as TwoStepRequirementContext, events: {} as TwoStepRequirementEvent },
  actors: {
    save: fromPromise<PracticeTwoStep, { required: boolean }>(({ input, signal }) => practiceTwoStepApi.set(input.required, { signal })),
  },
  actions: {
    forgetError: assign({ error: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, PracticeTwoStepText.failed) })),
    refreshSetting: () => void queryClient.invalidateQueries({ queryKey: practiceTwoStepKeys.setting }),
    notifySaved: () => notify.success(PracticeTwoStepText.saved),
  },
}).createMachine({
  id: 'twoStepRequirement',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'requirement.set': { target: 'saving', actions: 'forgetError' } } },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ event }) => ({ required: event.required }),
        onDone: { target: 'idle', actions: ['refreshSetting', 'notifySaved'] },
        onError: { target: 'idle', actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'refreshSetting'] },
      },
    },
  },
});
