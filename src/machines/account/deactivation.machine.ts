import { fromPromise, setup } from 'xstate';
import { DeactivationText } from '../../model/account/patient-account-texts';
import { messageOf } from '../../services/http/api-error';
import { notify } from '../../services/platform/notify';
import { patientMeApi } from '../../services/patient-portal/patient-me.api';
import { sessionActor } from '../auth/session.runtime';

/**
 * Account deactivation in the patient portal (kits §2 "Patient Account screen", §4 "Account deactivation", §8):
 * idle, then confirming (the dialog saying personal data is permanently forgotten), then deactivating with
 * DELETE /Patients/Me, then the user is sent to sign-in. The session ends as a sign-out ends it (stored tokens
 * and cached data dropped, the sign-in page shown); "Your account has been deleted successfully" is toasted
 * after that, since a sign-out takes away the toasts of the session it ends. A failure keeps the user where
 * they are and toasts the server's message or "Failed to deactivate account".
 */

export type DeactivationEvent = { type: 'deactivation.start' } | { type: 'deactivation.confirm' } | { type: 'deactivation.cancel' };

export const deactivationMachine = setup({
  types: {
    events: {} as DeactivationEvent,
  },
  actors: {
    deactivate: fromPromise<void>(({ signal }) => patientMeApi.deactivate({ signal })),
  },
  actions: {
    endSession: () => sessionActor().send({ type: 'session.signOut' }),
    notifyDeleted: () => notify.success(DeactivationText.deleted),
    notifyFailed: (_, params: { error: unknown }) => notify.error(messageOf(params.error, DeactivationText.failed)),
  },
}).createMachine({
  id: 'deactivation',
  initial: 'idle',
  states: {
    idle: {
      on: { 'deactivation.start': 'confirming' },
    },
    confirming: {
      tags: ['confirming'],
      on: { 'deactivation.confirm': 'deactivating', 'deactivation.cancel': 'idle' },
    },
    deactivating: {
      // The dialog stays up, its button loading and nothing else to click, until the server answers.
      tags: ['confirming', 'busy'],
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        // The order matters: the sign-out clears the toasts, then the deletion is said on the sign-in page.
        onDone: { target: 'deactivated', actions: ['endSession', 'notifyDeleted'] },
        onError: { target: 'idle', actions: { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deactivated: { type: 'final' },
  },
});
