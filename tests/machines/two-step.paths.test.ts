import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { TwoStepAccountText } from '../../src/model/account/account-texts';
import type { RecoveryCodes, TwoStepEnrolment } from '../../src/model/auth/two-step';
import { twoStepMachine } from '../../src/machines/account/two-step.machine';
import { selectTwoStep } from '../../src/machines/account/two-step.selectors';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';

const enrolment: TwoStepEnrolment = {
  uri: 'otpauth://totp/Diagnostics%20Portal:ana?secret=JBSWY3DPEHPK3PXP',
  manualKey: 'JBSW Y3DP EHPK 3PXP',
};
const codes: RecoveryCodes = { recoveryCodes: Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`) };
const wrongCode = 'That code is not right, or it was used already. (Correlation ID: c-3)';
const unavailable = 'The requested resource was not found.';

const effects = { refreshStatus: vi.fn(), notifyOn: vi.fn(), notifyOff: vi.fn() };
beforeEach(() => vi.clearAllMocks());

describePaths(twoStepMachine, {
  events: {
    'twoStep.begin': [{ type: 'twoStep.begin' }],
    'twoStep.confirm': [
      { type: 'twoStep.confirm', code: ' 123 456 ' },
      { type: 'twoStep.confirm', code: '12a456' },
    ],
    'twoStep.cancel': [{ type: 'twoStep.cancel' }],
    'twoStep.finish': [{ type: 'twoStep.finish' }],
    'twoStep.startTurnOff': [{ type: 'twoStep.startTurnOff' }],
    'twoStep.turnOff': [
      { type: 'twoStep.turnOff', password: 'Secret-Pass-1' },
      { type: 'twoStep.turnOff', password: '' },
    ],
  },
  invokes: {
    begin: { outputs: [enrolment], errors: [new ApiError(unavailable, 'http', 404)] },
    confirm: { outputs: [codes], errors: [new ApiError(wrongCode, 'http', 400, 'c-3'), new TypeError('answer did not match the schema')] },
    turnOff: { outputs: [undefined], errors: [new ApiError('The password is not right. (Correlation ID: c-4)', 'http', 400, 'c-4')] },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations }) => {
    for (const { src, input } of invocations) {
      // Only a code of six digits is sent, without the spaces typed; the password as typed.
      if (src === 'confirm') expect(input).toEqual({ code: '123456' });
      if (src === 'turnOff') expect(input).toEqual({ password: 'Secret-Pass-1' });
    }
    const view = selectTwoStep(snapshot);
    // The password never enters the context.
    expect(JSON.stringify(snapshot.context)).not.toContain('Secret-Pass');
    if (view.step === 'codes') {
      expect(view.recoveryCodes).toHaveLength(10);
      expect(view.uri).toBeNull();
      expect(effects.notifyOn).toHaveBeenCalledOnce();
    }
    if (view.step === 'key') expect(view.manualKey).toBe(enrolment.manualKey);
    if (view.step === 'none') {
      expect(view.recoveryCodes).toEqual([]);
      expect(view.manualKey).toBeNull();
    }
    if (view.error !== null) {
      expect([
        wrongCode,
        unavailable,
        TwoStepAccountText.failed,
        TwoStepAccountText.codeRequired,
        TwoStepAccountText.passwordRequired,
        'The password is not right. (Correlation ID: c-4)',
      ]).toContain(view.error);
    }
  },
});

describe('two-step sign-in on the account tab (issue 44)', () => {
  const inspect = recordTransitions();

  it('turns on with a code, shows the codes once, and forgets them when they are saved', async () => {
    const confirm = vi.fn((_code: string) => Promise.resolve(codes));
    const logic = twoStepMachine.provide({
      actors: {
        begin: fromPromise<TwoStepEnrolment>(() => Promise.resolve(enrolment)),
        confirm: fromPromise<RecoveryCodes, { code: string }>(({ input }) => confirm(input.code)),
      },
      actions: effects,
    });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'twoStep.begin' });
    await vi.waitFor(() => expect(selectTwoStep(actor.getSnapshot()).step).toBe('key'));
    actor.send({ type: 'twoStep.confirm', code: '000111' });
    await vi.waitFor(() => expect(selectTwoStep(actor.getSnapshot()).step).toBe('codes'));
    expect(confirm).toHaveBeenCalledWith('000111');
    expect(effects.refreshStatus).toHaveBeenCalledOnce();
    actor.send({ type: 'twoStep.finish' });
    expect(selectTwoStep(actor.getSnapshot()).recoveryCodes).toEqual([]);
  });
});
