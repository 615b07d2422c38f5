import { act, render, waitFor } from '@testing-library/react';
import { Button, theme as antdTheme } from 'antd';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { UserType } from '../../src/model/enums';
import { themeMachine } from '../../src/machines/shell/theme.machine';
import { notify } from '../../src/services/platform/notify';
import { CrashBoundary } from '../../src/views/shell/crash-screen';
import { Toaster } from '../../src/views/shell/toaster';
import { ThemeProvider } from '../../src/views/shell/theme';
import { cssVarKey } from '../../src/views/shell/theme-config';
import { fakePortalApi } from '../support/fake-portal-api';
import { userRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';

/** What a new user meets on every screen: the theme's font and colours, a title per page, a way home, a skip link. */

const PRODUCT = 'Diagnostics Portal';

function Broken(): never {
  throw new Error('render failed');
}

describe('the theme reaches every text', () => {
  it('the page body takes the theme token font, so plain headings never fall back to serif', async () => {
    renderApp({ path: '/sign-in' });
    const heading = await screen.findByRole('heading', { name: 'Welcome Back' });
    // The token as the DOM spells a font list back, quotes and all.
    const spelled = document.createElement('span');
    spelled.style.fontFamily = antdTheme.getDesignToken().fontFamily;
    expect(getComputedStyle(heading).fontFamily).toBe(spelled.style.fontFamily);
  });

  it('an open toast follows a change of theme', async () => {
    const theme = createActor(themeMachine, { input: { stored: 'light', fallback: 'system', systemDark: false } }).start();
    render(
      <ThemeProvider actor={theme}>
        <Toaster />
      </ThemeProvider>,
    );
    act(() => notify.success('Signed in successfully'));
    const notice = (await screen.findByText('Signed in successfully')).closest<HTMLElement>('.ant-notification-notice');
    const background = () => (notice ? getComputedStyle(notice).backgroundColor.toLowerCase() : '');
    const light = antdTheme.getDesignToken({ algorithm: antdTheme.defaultAlgorithm }).colorSuccessBg.toLowerCase();
    const dark = antdTheme.getDesignToken({ algorithm: antdTheme.darkAlgorithm }).colorSuccessBg.toLowerCase();
    expect(background()).toBe(light);
    act(() => theme.send({ type: 'theme.change', theme: 'dark' }));
    await waitFor(() => expect(background()).toBe(dark));
  });

  it("the browser's own colour scheme follows the theme antd's components are drawn in", async () => {
    const theme = createActor(themeMachine, { input: { stored: 'light', fallback: 'system', systemDark: false } }).start();
    render(
      <ThemeProvider actor={theme}>
        <Button>Save</Button>
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(document.documentElement.style.colorScheme).toBe('light');
    expect(button.className).toContain(cssVarKey('light', false));
    // The change is rendered in the background (a deferred value): both follow once it is committed, together.
    act(() => theme.send({ type: 'theme.change', theme: 'dark' }));
    await waitFor(() => expect(button.className).toContain(cssVarKey('dark', false)));
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});

describe('every page has its own document title: its heading and the product name', () => {
  it.each([
    ['/sign-in', 'Welcome Back'],
    ['/forgot-password', 'Forgot Password'],
    ['/restore-password?token=abc', 'Reset Password'],
  ])('%s is titled "%s"', async (path, heading) => {
    renderApp({ path });
    await screen.findByRole('heading', { name: heading });
    await waitFor(() => expect(document.title).toBe(`${heading} · ${PRODUCT}`));
  });

  it('the migration page', async () => {
    renderApp({ path: '/auth/migrate', user: sessionUser({ forceIdentityMigration: true }), respond: fakePortalApi() });
    await screen.findByRole('heading', { name: 'Complete Account Migration' });
    await waitFor(() => expect(document.title).toBe(`Complete Account Migration · ${PRODUCT}`));
  });

  it('the access-denied page', async () => {
    renderApp({ path: '/kits', user: sessionUser({ userType: UserType.LabUser }), respond: fakePortalApi() });
    await settledPath('/unauthorized');
    await waitFor(() => expect(document.title).toBe(`Access denied. · ${PRODUCT}`));
  });

  it.each([
    ['/kits', 'Kit Status'],
    ['/orders', 'Orders'],
    ['/orders/new', 'Create New Order'],
    ['/integrations', 'Developer Settings'],
    ['/settings/account', 'Settings'],
    ['/no-such-page', 'The requested resource was not found.'],
  ])('the provider page %s is titled "%s"', async (path, heading) => {
    renderApp({ path, user: sessionUser(), respond: fakePortalApi() });
    await waitFor(() => expect(document.title).toBe(`${heading} · ${PRODUCT}`));
  });

  it.each([
    ['/kit-status', 'Kit Status'],
    ['/reports', 'Reports'],
    ['/help-center', 'Help Center'],
  ])('the patient page %s is titled "%s"', async (path, heading) => {
    renderApp({
      path,
      user: sessionUser({ userType: UserType.Patient }),
      respond: fakePortalApi({ me: userRecord({ userType: UserType.Patient }) }),
    });
    await waitFor(() => expect(document.title).toBe(`${heading} · ${PRODUCT}`));
  });

  it('the crash screen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <CrashBoundary>
        <Broken />
      </CrashBoundary>,
    );
    expect(document.title).toBe(`Something went wrong · ${PRODUCT}`);
  });

  it('index.html names the product before the app starts, and links an SVG favicon that the build ships', () => {
    const html = readFileSync('index.html', 'utf8');
    expect(html).toContain(`<title>${PRODUCT}</title>`);
    const icon = html.match(/<link rel="icon" type="image\/svg\+xml" href="\/([^"]+)"/)?.[1];
    expect(icon).toBeDefined();
    expect(existsSync(`public/${icon}`)).toBe(true);
    expect(readFileSync(`public/${icon}`, 'utf8')).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
});

describe('the not-found page', () => {
  it('offers a way back home', async () => {
    const { user } = renderApp({ path: '/no-such-page', user: sessionUser(), respond: fakePortalApi() });
    await user.click(await screen.findByRole('link', { name: 'Back to Home' }));
    await settledPath('/kits');
  });
});

describe('the skip link', () => {
  it.each([
    ['provider', '/orders', sessionUser()],
    ['patient', '/reports', sessionUser({ userType: UserType.Patient })],
  ])('the first tab stop of a %s page skips to the main content', async (_, path, signedIn) => {
    const { user } = renderApp({ path, user: signedIn, respond: fakePortalApi() });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
