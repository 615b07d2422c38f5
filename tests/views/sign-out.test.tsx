import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../src/services/auth/token-store';
import { json } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';

/** Issue 37 item 9: the Sign out button ends the session on the server, best effort, and signs out whatever comes back. */
describe('the Sign out button', () => {
  it.each([
    ['answers', () => json({})],
    ['fails', () => json({ error: { message: 'The sign-out service is down' }, correlationId: 'test' }, 500)],
  ])('sends the refresh token to POST /Auth/SignOut and signs out, showing nothing, when the service %s', async (_case, answer) => {
    const { user, session, calls } = renderApp({
      path: '/kits',
      user: sessionUser(),
      respond: fakePortalApi({ routes: { 'POST /portalApi/Auth/SignOut': answer } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await settledPath('/sign-in');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(session.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(tokenStore.read()).toBeNull();
    const signOuts = calls.filter((call) => call.method === 'POST' && call.url === '/portalApi/Auth/SignOut');
    expect(signOuts.map((call) => call.body)).toEqual([{ refreshToken: 'refresh-1' }]);
    // Whatever the answer said, nothing is shown of it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/sign-out service is down/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
