import { expect, vi } from 'vitest';
import { ErrorText } from '../../src/model/messages';
import { signInMachine } from '../../src/machines/sign-in.machine';
import { ApiError } from '../../src/services/api-error';
import { CaptchaError } from '../../src/services/captcha';
import { describePaths } from '../support/path-tests';
import { sessionUser } from '../support/fixtures/session';

const effects = {
  establishSession: vi.fn(),
  notifySignedIn: vi.fn(),
  goToMigration: vi.fn(),
  goToReturnPage: vi.fn(),
  prepareCaptcha: vi.fn(),
};

describePaths(signInMachine, {
  input: { returnTo: '/kits/KIT-1' },
  events: {
    'signIn.submit': [{ type: 'signIn.submit', username: 'ana', password: 'secret', rememberMe: true }],
  },
  invokes: {
    getCaptchaToken: { outputs: ['captcha-token'], errors: [new CaptchaError('reCAPTCHA is not ready')] },
    signIn: {
      outputs: [sessionUser(), sessionUser({ forceIdentityMigration: true })],
      errors: [new ApiError(ErrorText.signInUnauthorized, 'http', 401), new TypeError('answer did not match the schema')],
    },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations }) => {
    const signIn = invocations.find((invocation) => invocation.src === 'signIn');
    if (signIn) expect(signIn.input).toEqual({ username: 'ana', password: 'secret', rememberMe: true, antispamToken: 'captcha-token' });
    if (snapshot.value === 'editing' && signIn) {
      expect([ErrorText.signInUnauthorized, 'Failed to sign in']).toContain(snapshot.context.error);
    }
    if (snapshot.status === 'done') {
      expect(snapshot.context.request).toBeNull();
      expect(effects.establishSession).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ rememberMe: true }));
    }
  },
});
