import { describe, expect, it } from 'vitest';
import { UnitType, UserType } from '../../src/model/enums';
import { json } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';

const signInAnswer = (body: object) => fakePortalApi({ routes: { 'POST /portalApi/Auth': () => json(body) } });

describe('the sign-in screen (access §2 and §5)', () => {
  it('shows "Welcome Back", the fields, Remember me off, the Forgot password link and the build identifier', async () => {
    renderApp({ path: '/sign-in' });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByLabelText('Username or email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Remember me' }).checked).toBe(false);
    expect(screen.getByRole('link', { name: 'Forgot password' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByText(/^Version \d+\.\d+\.\d+ \(.+\)$/)).toBeTruthy();
  });

  it('asks for both fields before sending anything', async () => {
    const { user, calls } = renderApp({ path: '/sign-in' });
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('a 401 says "Invalid username or password. Please try again." and keeps what was typed', async () => {
    const { user } = renderApp({
      path: '/sign-in',
      respond: fakePortalApi({ routes: { 'POST /portalApi/Auth': () => json({ error: { message: 'nope' }, correlationId: 'c' }, 401) } }),
    });
    await user.type(await screen.findByLabelText('Username or email'), 'ana');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid username or password. Please try again.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Username or email').value).toBe('ana');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('wrong');
  });

  it('sends Remember me off and no antispamToken without a captcha, then returns to the remembered page', async () => {
    const { user, calls } = renderApp({ path: '/kits', respond: signInAnswer(sessionUser({ unitType: UnitType.HCP })) });
    await settledPath('/sign-in?redirect=%2Fkits');
    await user.type(await screen.findByLabelText('Username or email'), ' ana ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.dblClick(screen.getByRole('button', { name: 'Sign In' }));
    await settledPath('/kits');
    expect(await screen.findByRole('heading', { name: 'Kit Status' }, { timeout: 5000 })).toBeTruthy();
    const signIns = calls.filter((call) => call.url === '/portalApi/Auth');
    expect(signIns).toHaveLength(1);
    expect(signIns[0]?.body).toEqual({ username: 'ana', password: 'secret', rememberMe: false });
    expect(await screen.findByText('Signed in successfully')).toBeTruthy();
  });

  it('a user of neither portal gets "Access denied." and no "Signed in successfully" beside it', async () => {
    const { user, session } = renderApp({ path: '/sign-in', respond: signInAnswer(sessionUser({ userType: UserType.LabUser })) });
    await user.type(await screen.findByLabelText('Username or email'), 'lab.user');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await settledPath('/unauthorized');
    expect(await screen.findByText('Access denied.')).toBeTruthy();
    expect(session.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(screen.queryByText('Signed in successfully')).toBeNull();
  });

  it('goes to /auth/migrate when the account must migrate its identity', async () => {
    const { user } = renderApp({ path: '/sign-in', respond: signInAnswer(sessionUser({ forceIdentityMigration: true })) });
    await user.type(await screen.findByLabelText('Username or email'), 'ana');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await settledPath('/auth/migrate');
    expect(await screen.findByRole('heading', { name: 'Complete Account Migration' })).toBeTruthy();
  });

  it('a redirect to another origin is ignored: the user lands on /', async () => {
    const { user } = renderApp({ path: '/sign-in?redirect=https%3A%2F%2Fevil.example%2F', respond: signInAnswer(sessionUser()) });
    await user.type(await screen.findByLabelText('Username or email'), 'ana');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await settledPath('/kits');
  });
});
