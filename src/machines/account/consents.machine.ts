import { assign, fromPromise, setup } from 'xstate';
import {
  CONSENT_FAILURE,
  consentsOf,
  type ConsentName,
  type ConsentsRequest,
  type ConsentValues,
} from '../../model/account/account-consents';
import { ConsentText } from '../../model/account/account-texts';
import { notify } from '../../services/platform/notify';
import { usersApi } from '../../services/account/users-me.api';
import { accountKeys } from '../../services/account/queries';
import { queryClient } from '../../services/http/query-client';

/**
 * Kits §4 "Consents": the research and leaderboard (Rejuvenation Olympics) switches. Issue 41 item 2 (informed
 * consent): turning a consent on opens its statement first (`reading`); only "I agree" (`consents.agree`) turns it
 * on and saves, "I don't agree" or closing (`consents.decline`) leaves it off. Turning one off is one click and
 * saves at once, which the server records as the withdrawal. "Learn more" (`consents.read`) opens a statement
 * without a switch; "I agree" there turns the consent on if it is off. A change applies at once
 * and the whole pair is saved with `{ uid, researchConsent, rejuvenationOlympicsConsent }`; a failure turns it
 * back and names it ("Failed to update research consent. Please try again." or the Olympics one), a success
 * toasts "Your consents updated successfully." and reads the record again. Changes are ignored while a save
 * runs and while no user with a uid is loaded (kits §6: consent actions need a signed-in user with a uid).
 *
 * Written for both portals: `saveConsents` and `refreshConsents` default to the provider profile's
 * PATCH /Users/Me/Consents and its user record; the patient portal provides PATCH /Patients/Me/Consents and
 * its own record. The switches show the context's pair, which follows each record the view loads (not while
 * a save runs, when the record is about to change).
 */

/** The record the switches start from: a uid and the two consents, either missing or null read as not given. */
export interface ConsentsUser {
  uid: string | null;
  researchConsent?: boolean | null;
  rejuvenationOlympicsConsent?: boolean | null;
}

/** The record already loaded when the switches are shown, if any. */
export interface ConsentsInput {
  user: ConsentsUser | null;
}

export interface ConsentsContext extends ConsentValues {
  uid: string | null;
  /** The switch being saved. */
  pending: ConsentName | null;
  /** The pair before the save, put back when it fails. */
  previous: ConsentValues | null;
  /** The consent whose statement is open. */
  reading: ConsentName | null;
}

export type ConsentsEvent =
  | { type: 'consents.load'; user: ConsentsUser }
  | { type: 'consents.change'; consent: ConsentName; value: boolean }
  | { type: 'consents.read'; consent: ConsentName }
  | { type: 'consents.agree' }
  | { type: 'consents.decline' };

const userContext = (user: ConsentsUser | null | undefined): ConsentsContext => ({
  uid: user?.uid || null,
  ...consentsOf(user ?? {}),
  pending: null,
  previous: null,
  reading: null,
});

const valuesOf = ({ researchConsent, rejuvenationOlympicsConsent }: ConsentValues): ConsentValues => ({
  researchConsent,
  rejuvenationOlympicsConsent,
});

type EventOf<TType extends ConsentsEvent['type']> = Extract<ConsentsEvent, { type: TType }>;
const loaded = ({ event }: { event: EventOf<'consents.load'> }) => ({ user: event.user });
const change = ({ event }: { event: EventOf<'consents.change'> }) => ({ consent: event.consent, value: event.value });
const read = ({ event }: { event: EventOf<'consents.read'> | EventOf<'consents.change'> }) => ({ consent: event.consent });
const agreement = ({ context }: { context: ConsentsContext }) => ({ consent: context.reading ?? 'researchConsent', value: true });

export const consentsMachine = setup({
  types: {
    context: {} as ConsentsContext,
    events: {} as ConsentsEvent,
    input: {} as ConsentsInput,
  },
  actors: {
    saveConsents: fromPromise<void, ConsentsRequest>(({ input, signal }) => usersApi.updateMyConsents(input, { signal })),
  },
  guards: {
    hasUser: ({ context }) => context.uid !== null,
    loadsUser: (_, params: { user: ConsentsUser }) => Boolean(params.user.uid),
    changesConsent: ({ context }, params: { consent: ConsentName; value: boolean }) => context[params.consent] !== params.value,
    /** Turning on: the statement comes first. */
    turnsOn: ({ context }, params: { consent: ConsentName; value: boolean }) => params.value && !context[params.consent],
    readsConsentOff: ({ context }) => context.reading !== null && !context[context.reading],
  },
  actions: {
    // A record read again while a statement is open leaves it open.
    assignUser: assign(({ context }, params: { user: ConsentsUser }) => ({ ...userContext(params.user), reading: context.reading })),
    forgetUser: assign(() => userContext(null)),
    applyChange: assign(({ context }, params: { consent: ConsentName; value: boolean }) => ({
      previous: valuesOf(context),
      [params.consent]: params.value,
      pending: params.consent,
    })),
    settle: assign({ pending: null, previous: null }),
    openStatement: assign((_, params: { consent: ConsentName }) => ({ reading: params.consent })),
    closeStatement: assign({ reading: null }),
    revert: assign(({ context }) => ({ ...(context.previous ?? valuesOf(context)), pending: null, previous: null })),
    notifySaved: () => notify.success(ConsentText.saved),
    notifyFailed: ({ context }) => notify.error(CONSENT_FAILURE[context.pending ?? 'researchConsent']),
    refreshConsents: () => void queryClient.invalidateQueries({ queryKey: accountKeys.me }),
  },
}).createMachine({
  id: 'consents',
  context: ({ input }) => userContext(input.user),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasUser', target: 'ready' }, { target: 'noUser' }],
    },
    noUser: {
      on: {
        'consents.load': { guard: { type: 'loadsUser', params: loaded }, target: 'ready', actions: { type: 'assignUser', params: loaded } },
      },
    },
    ready: {
      tags: ['ready'],
      on: {
        'consents.load': [
          { guard: { type: 'loadsUser', params: loaded }, actions: { type: 'assignUser', params: loaded } },
          { target: 'noUser', actions: 'forgetUser' },
        ],
        'consents.change': [
          { guard: { type: 'turnsOn', params: change }, target: 'reading', actions: { type: 'openStatement', params: read } },
          { guard: { type: 'changesConsent', params: change }, target: 'saving', actions: { type: 'applyChange', params: change } },
        ],
        'consents.read': { target: 'reading', actions: { type: 'openStatement', params: read } },
      },
    },
    reading: {
      tags: ['ready', 'reading'],
      on: {
        'consents.load': [
          { guard: { type: 'loadsUser', params: loaded }, actions: { type: 'assignUser', params: loaded } },
          { target: 'noUser', actions: 'forgetUser' },
        ],
        'consents.agree': [
          {
            guard: 'readsConsentOff',
            target: 'saving',
            actions: [{ type: 'applyChange', params: agreement }, 'closeStatement'],
          },
          { target: 'ready', actions: 'closeStatement' },
        ],
        'consents.decline': { target: 'ready', actions: 'closeStatement' },
      },
    },
    saving: {
      tags: ['ready', 'busy'],
      invoke: {
        id: 'saveConsents',
        src: 'saveConsents',
        input: ({ context }) => ({
          uid: context.uid ?? '',
          researchConsent: context.researchConsent,
          rejuvenationOlympicsConsent: context.rejuvenationOlympicsConsent,
        }),
        onDone: { target: 'ready', actions: ['settle', 'notifySaved', 'refreshConsents'] },
        onError: { target: 'ready', actions: ['notifyFailed', 'revert'] },
      },
    },
  },
});
