import * as v from 'valibot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { teamMemberFormMachine, type UpdateMemberInput } from '../../src/machines/team/team-member-form.machine';
import { selectTeamMemberForm } from '../../src/machines/team/team-member-form.selectors';
import { ErrorText } from '../../src/model/messages';
import { EMPTY_TEAM_MEMBER, type TeamMemberValues } from '../../src/model/team/team-form';
import { UserCreateRequestSchema, UserUpdateRequestSchema, type UserCreateFields } from '../../src/model/team/user';
import { type UserRecord } from '../../src/model/team/user-record';
import { UserMessageText } from '../../src/model/team/user-texts';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';

const member: UserRecord = {
  uid: 'u-2',
  firstName: 'Bea',
  lastName: 'Nurse',
  email: 'bea@example.com',
  phone: '555 0102',
  username: 'bea',
  userType: 9,
  receiveNotifications: false,
  notificationPreferences: [],
  address: null,
};

/** What the form hands over on submit: a member that passes kits §5 (sent trimmed), and two that do not. */
const filled: TeamMemberValues = {
  firstName: ' Ann ',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '555 0101',
  receiveNotifications: true,
  userType: 3,
};
const blankName: TeamMemberValues = { ...filled, firstName: ' ' };
const badEmail: TeamMemberValues = { ...filled, email: 'not an email' };

const taken = new ApiError(UserMessageText.emailTaken, 'http', 409);
const socket = new Error('socket hang up');
const missing = new ApiError(UserMessageText.notFound, 'http', 404);

const done: string[] = [];
const effects = {
  notifyCreated: vi.fn(() => void done.push(`success ${UserMessageText.created}`)),
  notifyUpdated: vi.fn(() => void done.push(`success ${UserMessageText.updated}`)),
  notifySaveFailed: vi.fn(({ context }: { context: { error: string | null } }) => void done.push(`error ${context.error}`)),
  refreshTeam: vi.fn(() => void done.push('refreshTeam')),
  goToTeam: vi.fn(() => void done.push('goToTeam')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

function expectedEffects(steps: readonly { event: { type: string; error?: unknown } }[]): string[] {
  const serverOr = (error: unknown, fallback: string) => `error ${error instanceof ApiError ? error.message : fallback}`;
  return steps.flatMap(({ event }) => {
    switch (event.type) {
      case 'xstate.done.actor.createMember':
        return [`success ${UserMessageText.created}`, 'refreshTeam', 'goToTeam'];
      case 'xstate.done.actor.updateMember':
        return [`success ${UserMessageText.updated}`, 'refreshTeam', 'goToTeam'];
      case 'xstate.error.actor.createMember':
        return [serverOr(event.error, UserMessageText.createFailed)];
      case 'xstate.error.actor.updateMember':
        return [serverOr(event.error, UserMessageText.updateFailed)];
      default:
        return [];
    }
  });
}

const suite = describePaths(teamMemberFormMachine, {
  name: 'the team member form (kits §2, §5, §7, §8): load when editing, validate, POST or PUT, back to the team',
  inputs: { 'a new member': { uid: null }, 'editing a member': { uid: member.uid } },
  events: {
    'member.submit': [filled, blankName, badEmail].map((values) => ({ type: 'member.submit' as const, values })),
  },
  invokes: {
    loadMember: { outputs: [member], errors: [missing, socket] },
    createMember: { errors: [taken, socket] },
    updateMember: { errors: [socket] },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  // What the form's behaviour depends on: the state, new or edited, whether a failure shows.
  stateKey: (snapshot) => {
    const { mode, error } = snapshot.context;
    return JSON.stringify([snapshot.value, mode, error !== null, snapshot.status]);
  },
  strategy: 'transitions',
  afterPath: ({ snapshot, invocations, path }) => {
    const view = selectTeamMemberForm(snapshot);
    expect(done).toEqual(expectedEffects(path.steps));
    // Only a form that passes kits §5 is sent; an update is the loaded member's, without the email.
    for (const { src, input } of invocations) {
      if (src === 'createMember') expect(v.is(UserCreateRequestSchema, input)).toBe(true);
      if (src === 'updateMember') {
        const { uid, user } = input as UpdateMemberInput;
        expect(uid).toBe(member.uid);
        expect(v.is(UserUpdateRequestSchema, user)).toBe(true);
        expect(user).not.toHaveProperty('email');
      }
      if (src === 'loadMember') expect(input).toEqual({ uid: member.uid });
    }
    // Editing never changes the email that was loaded.
    if (view.mode === 'edit' && view.open) expect(view.values.email).toBe(member.email);
    expect([view.loading, view.loadFailed, view.open].filter(Boolean)).toHaveLength(1);
    // A form that breaks kits §5 is never taken: the form shows the model's messages under its fields instead.
    expect(snapshot.can({ type: 'member.submit', values: blankName })).toBe(false);
    if (view.mode === 'create') expect(snapshot.can({ type: 'member.submit', values: badEmail })).toBe(false);
    if (view.error !== null)
      expect([taken.message, missing.message, ErrorText.server, UserMessageText.createFailed, UserMessageText.updateFailed]).toContain(
        view.error,
      );
  },
});

describe('the team member form, step by step', () => {
  const inspect = recordTransitions();

  it('the generated paths walked every transition they planned', () => {
    const recorded = suite.recorded();
    expect([...suite.plannedKeys].filter((key) => !recorded.has(key))).toEqual([]);
  });

  it('a new member opens empty; an empty or half-filled form is not sent', () => {
    const createMember = vi.fn(() => Promise.resolve());
    const logic = teamMemberFormMachine.provide({ actors: { createMember: fromPromise(createMember) }, actions: effects });
    const actor = createActor(logic, { input: { uid: null }, inspect }).start();
    expect(selectTeamMemberForm(actor.getSnapshot())).toMatchObject({ open: true, mode: 'create', values: EMPTY_TEAM_MEMBER });
    actor.send({ type: 'member.submit', values: EMPTY_TEAM_MEMBER });
    actor.send({ type: 'member.submit', values: { ...filled, email: 'ann@' } });
    expect(selectTeamMemberForm(actor.getSnapshot())).toMatchObject({ open: true, saving: false, error: null });
    expect(createMember).not.toHaveBeenCalled();
  });

  it('a new member is sent trimmed with preferences empty; success toasts, refreshes and returns to the team', async () => {
    const createMember = vi.fn((_: { input: UserCreateFields }) => Promise.resolve());
    const logic = teamMemberFormMachine.provide({ actors: { createMember: fromPromise(createMember) }, actions: effects });
    const actor = createActor(logic, { input: { uid: null }, inspect }).start();
    actor.send({
      type: 'member.submit',
      values: { firstName: ' Ann ', lastName: 'Lee', email: ' ann@example.com ', phone: '555', receiveNotifications: false, userType: 3 },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(createMember.mock.calls[0]?.[0].input).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '555',
      receiveNotifications: false,
      notificationPreferences: [],
      userType: 3,
    });
    expect(done).toEqual([`success ${UserMessageText.created}`, 'refreshTeam', 'goToTeam']);
  });

  it('editing opens with the member, says "User type is required" for none, and keeps the form after a failure', async () => {
    const updateMember = vi.fn((_: { input: UpdateMemberInput }): Promise<void> => Promise.reject(socket));
    const logic = teamMemberFormMachine.provide({
      actors: { loadMember: fromPromise(() => Promise.resolve({ ...member, userType: 0 })), updateMember: fromPromise(updateMember) },
      actions: effects,
    });
    const actor = createActor(logic, { input: { uid: member.uid }, inspect }).start();
    await vi.waitFor(() => expect(selectTeamMemberForm(actor.getSnapshot()).open).toBe(true));
    expect(selectTeamMemberForm(actor.getSnapshot()).values).toEqual({
      firstName: 'Bea',
      lastName: 'Nurse',
      email: 'bea@example.com',
      phone: '555 0102',
      receiveNotifications: false,
      userType: null,
    });
    // No discipline a practice gives: "User type is required" shows under the field, and nothing is sent.
    actor.send({ type: 'member.submit', values: selectTeamMemberForm(actor.getSnapshot()).values });
    expect(updateMember).not.toHaveBeenCalled();
    actor.send({
      type: 'member.submit',
      values: { ...selectTeamMemberForm(actor.getSnapshot()).values, userType: 10, email: 'other@example.com' },
    });
    await vi.waitFor(() => expect(selectTeamMemberForm(actor.getSnapshot()).error).toBe(UserMessageText.updateFailed));
    expect(updateMember.mock.calls[0]?.[0].input).toEqual({
      uid: member.uid,
      user: {
        firstName: 'Bea',
        lastName: 'Nurse',
        phone: '555 0102',
        receiveNotifications: false,
        notificationPreferences: [],
        userType: 10,
      },
    });
    expect(selectTeamMemberForm(actor.getSnapshot())).toMatchObject({ open: true, values: { email: member.email, userType: 10 } });
  });

  it('a member that cannot be loaded shows the server’s message', async () => {
    const logic = teamMemberFormMachine.provide({ actors: { loadMember: fromPromise(() => Promise.reject(missing)) } });
    const actor = createActor(logic, { input: { uid: 'u-9' }, inspect }).start();
    await vi.waitFor(() => expect(selectTeamMemberForm(actor.getSnapshot())).toMatchObject({ loadFailed: true, error: missing.message }));
  });
});
