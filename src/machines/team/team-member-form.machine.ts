import { assign, fromPromise, setup } from 'xstate';
import { SettingsPaths } from '../../model/shell/navigation';
import {
  EMPTY_TEAM_MEMBER,
  teamMemberCreateRequest,
  teamMemberFieldErrors,
  teamMemberUpdateRequest,
  teamMemberValues,
  type TeamMemberMode,
  type TeamMemberValues,
} from '../../model/team/team-form';
import type { UserCreateFields, UserUpdateFields } from '../../model/team/user';
import { type UserRecord } from '../../model/team/user-record';
import { UserMessageText } from '../../model/team/user-texts';
import { ErrorText } from '../../model/messages';
import { messageOf } from '../../services/http/api-error';
import { browser } from '../../services/platform/browser';
import { notify } from '../../services/platform/notify';
import { teamKeys, teamMemberQuery } from '../../services/team/queries';
import { teamApi } from '../../services/team/team.api';
import { queryClient } from '../../services/http/query-client';

/**
 * Kits §2 "Add / Edit team member", §5, §7, §8. A new member's form opens empty; an edited one loads the member
 * first (GET /Users/{uid}, through the query cache) and opens with its record, or shows why it could not. The
 * form keeps what is typed and hands its values over on submit; kits §5's messages show under the fields from the
 * model's rules, and only values that pass them are sent, with POST /Users or PUT /Users/{uid}. Success refreshes
 * the team, toasts and returns to /settings/team; a failure keeps the form as typed with the server's message (a
 * taken email is a 409) or the §8 fallback.
 */

export interface TeamMemberFormInput {
  /** The member to edit; null for a new one. */
  uid: string | null;
}

export interface TeamMemberFormContext {
  mode: TeamMemberMode;
  uid: string | null;
  /** What the form opens with (empty, or the loaded member), then what it last handed over. */
  values: TeamMemberValues;
  /** The load's or the last save's failure, until the next try. */
  error: string | null;
}

/** Save: the form's values as they are when the user submits. */
export type TeamMemberFormEvent = { type: 'member.submit'; values: TeamMemberValues };

export interface UpdateMemberInput {
  uid: string;
  user: UserUpdateFields;
}

/** Kits §8 gives a failed load no text of its own: without the server's words it reads as the catalogue's server error. */
const LOAD_FALLBACK = ErrorText.server;

const valuesOf = ({ event }: { event: TeamMemberFormEvent }) => ({ values: event.values });

export const teamMemberFormMachine = setup({
  types: {
    context: {} as TeamMemberFormContext,
    events: {} as TeamMemberFormEvent,
    input: {} as TeamMemberFormInput,
  },
  actors: {
    // Through the query cache, so that the record is where the rest of the app reads it, and fresh each time.
    loadMember: fromPromise<UserRecord, { uid: string }>(({ input }) =>
      queryClient.fetchQuery({ ...teamMemberQuery(input.uid), staleTime: 0 }),
    ),
    createMember: fromPromise<void, UserCreateFields>(async ({ input, signal }) => void (await teamApi.create(input, { signal }))),
    updateMember: fromPromise<void, UpdateMemberInput>(
      async ({ input, signal }) => void (await teamApi.update(input.uid, input.user, { signal })),
    ),
  },
  guards: {
    editing: ({ context }) => context.mode === 'edit',
    /** A submit whose values break a rule of kits §5 selects nothing: the form shows the model's messages instead. */
    validForm: ({ context }, params: { values: TeamMemberValues }) =>
      Object.keys(teamMemberFieldErrors(context.mode, params.values)).length === 0,
  },
  actions: {
    fillFromMember: assign((_, params: { user: UserRecord }) => ({ values: teamMemberValues(params.user), error: null })),
    takeValues: assign(({ context }, params: { values: TeamMemberValues }) => ({
      // The email is read-only when editing: a change to it is not taken.
      values: context.mode === 'edit' ? { ...params.values, email: context.values.email } : params.values,
      error: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, LOAD_FALLBACK) })),
    assignSaveError: assign(({ context }, params: { error: unknown }) => ({
      error: messageOf(params.error, context.mode === 'create' ? UserMessageText.createFailed : UserMessageText.updateFailed),
    })),
    notifyCreated: () => notify.success(UserMessageText.created),
    notifyUpdated: () => notify.success(UserMessageText.updated),
    notifySaveFailed: ({ context }) => notify.error(context.error ?? UserMessageText.updateFailed),
    refreshTeam: () => void queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    goToTeam: () => browser.navigate(SettingsPaths.team),
  },
}).createMachine({
  id: 'teamMemberForm',
  context: ({ input }) => ({
    mode: input.uid === null ? 'create' : 'edit',
    uid: input.uid,
    values: EMPTY_TEAM_MEMBER,
    error: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'editing', target: 'loading' }, { target: 'filling' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadMember',
        src: 'loadMember',
        input: ({ context }) => ({ uid: context.uid ?? '' }),
        onDone: { target: 'filling', actions: { type: 'fillFromMember', params: ({ event }) => ({ user: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The page says why; leaving it or loading it again starts over.
    loadFailed: { tags: ['loadFailed'] },
    filling: {
      id: 'teamMemberFormFilling',
      tags: ['open'],
      on: {
        'member.submit': {
          guard: { type: 'validForm', params: valuesOf },
          target: 'saving',
          actions: { type: 'takeValues', params: valuesOf },
        },
      },
    },
    saving: {
      tags: ['open', 'saving'],
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'editing', target: 'updating' }, { target: 'creating' }],
        },
        creating: {
          invoke: {
            id: 'createMember',
            src: 'createMember',
            input: ({ context }) => teamMemberCreateRequest(context.values),
            onDone: { target: '#teamMemberFormSaved', actions: ['notifyCreated', 'refreshTeam'] },
            onError: {
              target: '#teamMemberFormFilling',
              actions: [{ type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) }, 'notifySaveFailed'],
            },
          },
        },
        updating: {
          invoke: {
            id: 'updateMember',
            src: 'updateMember',
            input: ({ context }) => ({ uid: context.uid ?? '', user: teamMemberUpdateRequest(context.values) }),
            onDone: { target: '#teamMemberFormSaved', actions: ['notifyUpdated', 'refreshTeam'] },
            onError: {
              target: '#teamMemberFormFilling',
              actions: [{ type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) }, 'notifySaveFailed'],
            },
          },
        },
      },
    },
    saved: { id: 'teamMemberFormSaved', type: 'final', tags: ['open', 'saving'], entry: 'goToTeam' },
  },
});
