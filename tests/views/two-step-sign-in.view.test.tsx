import { describe, expect, it } from 'vitest';
import { json } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';

/** Issue 44: the sign-in's second step, for an account with two-step sign-in on. */

const challenge = { twoStepRequired: true, challenge: 'challenge-1', expiresAt: null };

describe('the two-step code step of sign-in', () => {
  it('asks for the code after the password, refuses a wrong one with its message and keeps it, then signs in', async () => {
    let answered = 0;
    const { user, calls } = renderApp({
      path: '/kits',
      respond: fakePortalApi({
        routes: {
          'POST /portalApi/Auth': () => json(challenge),
          'POST /portalApi/Auth/TwoStep': () =>
            answered++ === 0
              ? json({ error: { message: 'That code is not right, or it was used already.' }, correlationId: 'c-1' }, 400)
              : json(sessionUser()),
        },
      }),
    });
    await settledPath('/sign-in?redirect=%2Fkits');
    await user.type(await screen.findByLabelText('Username or email'), 'ana');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText<HTMLInputElement>('Authentication code');
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code is required')).toBeTruthy();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/That code is not right, or it was used already\./)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Authentication code').value).toBe('123456');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await settledPath('/kits');
    const sent = calls.filter((call) => call.url.endsWith('/Auth/TwoStep')).map((call) => call.body);
    expect(sent).toEqual([
      { challenge: 'challenge-1', code: '123456' },
      { challenge: 'challenge-1', code: '123456' },
    ]);
  });

  it('takes a recovery code instead, and goes back to the password form with what was typed still in it', async () => {
    const { user } = renderApp({
      path: '/sign-in',
      respond: fakePortalApi({ routes: { 'POST /portalApi/Auth': () => json(challenge) } }),
    });
    await user.type(await screen.findByLabelText('Username or email'), 'ana');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toBeTruthy();
    expect(screen.getByText(/Enter one of the recovery codes you saved/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Username or email').value).toBe('ana');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('secret');
  });
});
