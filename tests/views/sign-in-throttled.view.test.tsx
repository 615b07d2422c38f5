import { describe, expect, it } from 'vitest';
import { ErrorText } from '../../src/model/messages';
import { ServerText } from '../../server/messages';
import { json } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

/** Issue 13, item 3: a throttled sign-in or forgot-password request (429) shows the catalogue's text and keeps the form. */

const SIGN_IN = 'POST /portalApi/Auth';
const FORGOT = 'POST /portalApi/Auth/Password/Forgot';

function tooMany(body: unknown): Response {
  const response = json(body, 429);
  response.headers.set('Retry-After', '900');
  return response;
}

async function submitSignIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Username or email'), 'hcp.checkout');
  await user.type(screen.getByLabelText('Password'), 'Portal-Demo-2026!');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

function expectFormKept(): void {
  expect(screen.getByLabelText<HTMLInputElement>('Username or email').value).toBe('hcp.checkout');
  expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('Portal-Demo-2026!');
  expect(screen.getByLabelText<HTMLInputElement>('Username or email').disabled).toBe(false);
}

describe('a throttled sign-in', () => {
  it("shows the server's 429 message with its correlation id, keeps both fields, and may be sent again", async () => {
    let answers = 0;
    const { user, calls } = renderApp({
      path: '/sign-in',
      respond: fakePortalApi({
        routes: {
          [SIGN_IN]: () =>
            ++answers === 1 ? tooMany({ error: { message: ServerText.tooManyAttempts }, correlationId: 'c-429' }) : json(sessionUser()),
        },
      }),
    });
    await submitSignIn(user);
    expect(await screen.findByText(`${ServerText.tooManyAttempts} (Correlation ID: c-429)`)).toBeTruthy();
    expect(window.location.pathname).toBe('/sign-in');
    expectFormKept();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Signed in successfully')).toBeTruthy();
    const signIns = calls.filter((call) => call.url === '/portalApi/Auth');
    expect(signIns.map((call) => call.body)).toEqual([
      { username: 'hcp.checkout', password: 'Portal-Demo-2026!', rememberMe: false },
      { username: 'hcp.checkout', password: 'Portal-Demo-2026!', rememberMe: false },
    ]);
  });

  it(`a 429 without a message says "${ErrorText.tooManyRequests}" and keeps both fields`, async () => {
    const { user } = renderApp({
      path: '/sign-in',
      respond: fakePortalApi({ routes: { [SIGN_IN]: () => new Response(null, { status: 429 }) } }),
    });
    await submitSignIn(user);
    expect(await screen.findByText(ErrorText.tooManyRequests)).toBeTruthy();
    expect(screen.queryByText(ErrorText.signInUnauthorized)).toBeNull();
    expectFormKept();
  });
});

describe('a throttled forgot-password request', () => {
  it("shows the server's 429 message and keeps the username", async () => {
    const { user } = renderApp({
      path: '/forgot-password',
      respond: fakePortalApi({
        routes: { [FORGOT]: () => tooMany({ error: { message: ServerText.tooManyAttempts }, correlationId: 'c-430' }) },
      }),
    });
    await user.type(await screen.findByLabelText('Username'), 'hcp.checkout');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(`${ServerText.tooManyAttempts} (Correlation ID: c-430)`)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('hcp.checkout');
    expect(screen.queryByText('Reset link sent! Redirecting to sign in...')).toBeNull();
  });
});
