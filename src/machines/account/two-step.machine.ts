import { assign, fromPromise, setup } from 'xstate';
import type { RecoveryCodes, TwoStepEnrolment } from '../../model/auth/two-step';
import { TwoStepAccountText } from '../../model/account/account-texts';
import { twoStepKeys } from '../../services/account/queries';
import { twoStepApi } from '../../services/account/two-step.api';
import { messageOf } from '../../services/http/api-error';
import { queryClient } from '../../services/http/query-client';
import { notify } from '../../services/platform/notify';

/**
 * Two-step sign-in on the account tab (issue 44): turning it on (a new key shown as a QR code and as text, confirmed
 * with a code from the app, then the ten recovery codes shown once) and off (with the password). Whether it is on is
 * server data (the two-step query); this machine holds only the flow and what is shown once.
 */

export interface TwoStepContext {
  enrolment: TwoStepEnrolment | null;
  /** Shown once, until the user says they are saved; never stored anywhere else. */
  recoveryCodes: string[];
  error: string | null;
}

export type TwoStepEvent =
  | { type: 'twoStep.begin' }
  | { type: 'twoStep.confirm'; code: string }
  | { type: 'twoStep.cancel' }
  | { type: 'twoStep.finish' }
  | { type: 'twoStep.startTurnOff' }
  | { type: 'twoStep.turnOff'; password: string };

const codeOf = (event: TwoStepEvent) => (event.type === 'twoStep.confirm' ? event.code.replace(/\s/g, '') : '');
const passwordOf = (event: TwoStepEvent) => (event.type === 'twoStep.turnOff' ? event.password : '');

export const twoStepMachine = setup({
  types: { context: {} as TwoStepContext, events: {} as TwoStepEvent },
  actors: {
    begin: fromPromise<TwoStepEnrolment>(({ signal }) => twoStepApi.begin({ signal })),
    confirm: fromPromise<RecoveryCodes, { code: string }>(({ input, signal }) => twoStepApi.confirm(input.code, { signal })),
    turnOff: fromPromise<void, { password: string }>(({ input, signal }) => twoStepApi.turnOff({ password: input.password }, { signal })),
  },
  guards: {
    codeMissing: ({ event }) => !/^\d{6}$/.test(codeOf(event)),
    passwordMissing: ({ event }) => passwordOf(event) === '',
  },
  actions: {
    assignEnrolment: assign((_, params: { enrolment: TwoStepEnrolment }) => ({ enrolment: params.enrolment, error: null })),
    assignRecoveryCodes: assign((_, params: { codes: RecoveryCodes }) => ({ recoveryCodes: params.codes.recoveryCodes, enrolment: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, TwoStepAccountText.failed) })),
    assignCodeMissing: assign({ error: TwoStepAccountText.codeRequired }),
    assignPasswordMissing: assign({ error: TwoStepAccountText.passwordRequired }),
    forgetError: assign({ error: null }),
    forgetAll: assign({ enrolment: null, recoveryCodes: [], error: null }),
    refreshStatus: () => void queryClient.invalidateQueries({ queryKey: twoStepKeys.status }),
    notifyOn: () => notify.success(TwoStepAccountText.turnedOn),
    notifyOff: () => notify.success(TwoStepAccountText.turnedOff),
  },
}).createMachine({
  id: 'twoStep',
  context: { enrolment: null, recoveryCodes: [], error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'twoStep.begin': { target: 'beginning', actions: 'forgetError' },
        'twoStep.startTurnOff': { target: 'askingPassword', actions: 'forgetError' },
      },
    },
    beginning: {
      tags: ['busy'],
      invoke: {
        id: 'begin',
        src: 'begin',
        onDone: { target: 'showingKey', actions: [{ type: 'assignEnrolment', params: ({ event }) => ({ enrolment: event.output }) }] },
        onError: { target: 'idle', actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    showingKey: {
      on: {
        'twoStep.confirm': [
          { guard: 'codeMissing', actions: 'assignCodeMissing' },
          { target: 'confirming', actions: 'forgetError' },
        ],
        'twoStep.cancel': { target: 'idle', actions: 'forgetAll' },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ event }) => ({ code: codeOf(event) }),
        onDone: {
          target: 'showingCodes',
          actions: [{ type: 'assignRecoveryCodes', params: ({ event }) => ({ codes: event.output }) }, 'refreshStatus', 'notifyOn'],
        },
        onError: { target: 'showingKey', actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    showingCodes: {
      on: { 'twoStep.finish': { target: 'idle', actions: 'forgetAll' } },
    },
    askingPassword: {
      on: {
        'twoStep.turnOff': [
          { guard: 'passwordMissing', actions: 'assignPasswordMissing' },
          { target: 'turningOff', actions: 'forgetError' },
        ],
        'twoStep.cancel': { target: 'idle', actions: 'forgetAll' },
      },
    },
    turningOff: {
      tags: ['busy'],
      invoke: {
        id: 'turnOff',
        src: 'turnOff',
        // The password goes from the event to the call and is never kept in context.
        input: ({ event }) => ({ password: passwordOf(event) }),
        onDone: { target: 'idle', actions: ['refreshStatus', 'notifyOff'] },
        onError: { target: 'askingPassword', actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
  },
});
