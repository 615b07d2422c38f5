import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { MigrateRequest, SessionUser } from '../../model/auth/auth';
import { EMPTY_MIGRATION_FORM, MigrationFormSchema, toMigrateRequest, type MigrationForm } from '../../model/auth/migration';
import { Paths } from '../../model/shell/navigation';
import { firstProblem } from '../../model/validation';
import { messageOf } from '../../services/http/api-error';
import { authApi } from '../../services/auth/auth.api';
import { browser } from '../../services/platform/browser';
import { notify } from '../../services/platform/notify';
import { sessionActor } from './session.runtime';
import { FallbackText, SuccessText } from '../../model/auth/auth-texts';

/**
 * Account migration (access §2 and §5): a signed-in account that must migrate chooses a new password,
 * strong enough and confirmed. The form keeps what is typed and hands it over on submit. Success establishes
 * the migrated session. Leaving the page by going back, reloading or closing it is a soft sign-out, so a
 * half-migrated session never lingers.
 */

export interface MigrationContext {
  /** The submitted form's request while it is sent, then for Remember me once it succeeds; empty otherwise. */
  request: MigrateRequest;
  error: string | null;
}

export type MigrationEvent =
  /** "Complete Migration": the form's values as they are when the user submits. */
  | { type: 'migration.submit'; values: MigrationForm }
  /** The page is being left by back navigation, reload or close. */
  | { type: 'migration.leave' };

/**
 * Leaving the page: back or forward, reload, close, or another address. The router has listened to
 * popstate since start-up, so it renders the previous page, and unmounts this one, before a popstate
 * listener of this page hears anything; the Navigation API's navigate event announces the traversal
 * before the router moves. popstate stays for browsers without that API; pagehide covers the rest.
 */
const watchLeaving = fromCallback<MigrationEvent>(({ sendBack }) => {
  const leave = () => sendBack({ type: 'migration.leave' });
  const traverse = (event: NavigateEvent) => {
    if (event.navigationType === 'traverse') leave();
  };
  const navigation = 'navigation' in window ? window.navigation : undefined;
  navigation?.addEventListener('navigate', traverse);
  window.addEventListener('popstate', leave);
  window.addEventListener('pagehide', leave);
  return () => {
    navigation?.removeEventListener('navigate', traverse);
    window.removeEventListener('popstate', leave);
    window.removeEventListener('pagehide', leave);
  };
});

const NO_REQUEST: MigrateRequest = toMigrateRequest(EMPTY_MIGRATION_FORM);

export const migrationMachine = setup({
  types: {
    context: {} as MigrationContext,
    events: {} as MigrationEvent,
  },
  actors: {
    // Sent with a live token (auth.api asks the HTTP client for one): an Auth call is not refreshed after a 401.
    migrate: fromPromise<SessionUser, MigrateRequest>(({ input, signal }) => authApi.migrate(input, { signal })),
    watchLeaving,
  },
  guards: {
    /** Strong enough and confirmed (access §5): anything less and "Complete Migration" is not offered. */
    validForm: (_, params: { values: MigrationForm }) => firstProblem(MigrationFormSchema, params.values) === null,
  },
  actions: {
    takeRequest: assign((_, params: { values: MigrationForm }) => ({ request: toMigrateRequest(params.values), error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, FallbackText.migrate) })),
    forgetRequest: assign({ request: NO_REQUEST }),
    establishSession: (_, params: { user: SessionUser; rememberMe: boolean }) =>
      sessionActor().send({ type: 'session.authenticate', ...params }),
    signOutSoft: () => sessionActor().send({ type: 'session.signOutSoft' }),
    notifyMigrated: () => notify.success(SuccessText.accountMigrated),
    goHome: () => browser.navigate(Paths.home, { replace: true }),
    /** Without the watch the page still migrates; only the soft sign-out on leaving is lost. */
    reportWatchFailure: (_, params: { error: unknown }) => console.warn('Cannot watch for leaving the migration page', params.error),
  },
}).createMachine({
  id: 'migration',
  context: { request: NO_REQUEST, error: null },
  initial: 'open',
  states: {
    open: {
      description: 'The page is shown; leaving it by back, reload or close is a soft sign-out.',
      invoke: {
        id: 'leaving',
        src: 'watchLeaving',
        onError: { actions: { type: 'reportWatchFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'migration.leave': { target: 'left', actions: 'signOutSoft' } },
      initial: 'editing',
      states: {
        editing: {
          on: {
            // A weak or unconfirmed password selects no transition at all, so `can`, asked with the form's
            // values, tells the view to disable the button; the meter and the match indicator say what is missing.
            'migration.submit': {
              guard: { type: 'validForm', params: ({ event }) => ({ values: event.values }) },
              target: 'migrating',
              actions: { type: 'takeRequest', params: ({ event }) => ({ values: event.values }) },
            },
          },
        },
        migrating: {
          tags: ['busy'],
          invoke: {
            id: 'migrate',
            src: 'migrate',
            input: ({ context }) => context.request,
            onDone: {
              target: '#migration.migrated',
              actions: [
                {
                  type: 'establishSession',
                  params: ({ context, event }) => ({ user: event.output, rememberMe: context.request.rememberMe }),
                },
                'forgetRequest',
                'notifyMigrated',
              ],
            },
            onError: {
              target: 'editing',
              actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'forgetRequest'],
            },
          },
        },
      },
    },
    migrated: { type: 'final', tags: ['busy'], entry: 'goHome' },
    left: {
      type: 'final',
      description: 'The session was cleared without a call: the page is going away, or its guard sends the user to sign-in.',
    },
  },
});
