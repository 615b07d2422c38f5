import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { createActor } from 'xstate';
import { App } from '../../src/app';
import type { SessionUser } from '../../src/model/auth/auth';
import { toStoredSession } from '../../src/model/auth/session';
import { startSession } from '../../src/machines/auth/session.runtime';
import { themeMachine } from '../../src/machines/shell/theme.machine';
import { tokenStore } from '../../src/services/auth/token-store';
import { fakeFetch, type Handler } from './fake-fetch';

/** The whole app in happy-dom, at a path, with an optional stored session and a scripted server. */

interface Options {
  path?: string;
  user?: SessionUser;
  remember?: boolean;
  respond?: Handler;
  width?: number;
}

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}

export function setViewportWidth(width: number) {
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height: 900 });
}

export function renderApp({
  path = '/',
  user,
  remember = false,
  respond = () => new Response(null, { status: 404 }),
  width = 1400,
}: Options = {}) {
  setViewportWidth(width);
  if (user) tokenStore.write(toStoredSession(user), remember);
  window.history.replaceState(null, '', path);
  const network = fakeFetch(respond);
  vi.stubGlobal('fetch', network.fetch);
  const session = startSession();
  const theme = createActor(themeMachine, { input: { stored: null, fallback: 'system', systemDark: false } }).start();
  render(<App session={session} theme={theme} />);
  return { calls: network.calls, session, theme, user: userEvent.setup() };
}

/** The path the app shows once it has settled on one. */
export async function settledPath(expected: string) {
  await vi.waitFor(() => {
    if (`${window.location.pathname}${window.location.search}` !== expected) {
      throw new Error(`still at ${window.location.pathname}${window.location.search}`);
    }
  });
}

export { screen };
