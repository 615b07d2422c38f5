import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { RefreshResponse, SessionUser } from '../../model/auth/auth';
import { REFRESH_RETRY_DELAY_MS, ROTATION_WAIT_MS } from '../../model/constants';
import { ErrorText } from '../../model/messages';
import { Paths, SettingsPaths } from '../../model/shell/navigation';
import { TwoStepSignInText } from '../../model/auth/auth-texts';
import {
  pageLoadDecision,
  refreshTokenToPresent,
  rotatedElsewhere,
  toStoredSession,
  withRefreshedTokens,
  type StoredSession,
} from '../../model/auth/session';
import { ApiError } from '../../services/http/api-error';
import { authApi } from '../../services/auth/auth.api';
import { browser } from '../../services/platform/browser';
import { notify } from '../../services/platform/notify';
import { serverData } from '../../services/http/server-data';
import { oneRefreshAtATime, rotationOf, tokenStore } from '../../services/auth/token-store';

/**
 * The session (access §4): the page-load rules, authenticated, refreshing, signed out.
 * Sign-in, migration, password change and switching all end in `session.authenticate`.
 */

export interface SessionContext {
  session: StoredSession | null;
  remember: boolean;
}

export interface SessionInput {
  stored: { session: StoredSession; remember: boolean } | null;
}

export type SessionEvent =
  | { type: 'session.authenticate'; user: SessionUser; rememberMe: boolean }
  /**
   * A new answer for the same person (a password change, an account switch), kept where the session
   * already is: a session that was not remembered at sign-in stays in this tab's storage.
   */
  | { type: 'session.renew'; user: SessionUser }
  | { type: 'session.refresh' }
  | { type: 'session.signOut' }
  | { type: 'session.signOutSoft' }
  /** The user-type guard refused the page: a soft sign-out that shows why. */
  | { type: 'session.deny' }
  /**
   * Issue 44: the server held a call back because the practice requires two-step sign-in and this member has not
   * turned it on (see two-step-hold.ts): the member is led to the account tab, as at sign-in.
   */
  | { type: 'session.twoStepRequired' }
  | { type: 'session.storageChanged'; session: StoredSession | null };

/**
 * One tab's refresh inside the browser-wide lock (access §4: a refresh token works once). A tab that waited
 * for the lock takes the pair another tab stored meanwhile, once that write has reached it; a tab that refreshes
 * stores its new pair before the lock is released, so that the next tab in line finds it rather than the token
 * just used up.
 */
export async function refreshAcrossTabs(
  usedRefreshToken: string,
  refresh: (refreshToken: string) => Promise<RefreshResponse>,
  signal?: AbortSignal,
): Promise<RefreshResponse> {
  return oneRefreshAtATime(async (waited) => {
    if (waited) await rotationOf(tokenStore, usedRefreshToken, ROTATION_WAIT_MS, signal);
    const stored = tokenStore.read();
    const rotated = rotatedElsewhere(stored, usedRefreshToken, Date.now());
    if (rotated) return rotated;
    const answer = await refresh(refreshTokenToPresent(stored, usedRefreshToken));
    if (stored?.remember) tokenStore.write(withRefreshedTokens(stored.session, answer), true);
    return answer;
  }, signal);
}

const refreshTokens = fromPromise<RefreshResponse, { refreshToken: string }>(({ input, signal }) =>
  refreshAcrossTabs(input.refreshToken, (refreshToken) => authApi.refresh({ refreshToken }, { signal }), signal),
);

/** Another tab rotated the remembered tokens or signed out: this tab follows. */
const watchOtherTabs = fromCallback<SessionEvent>(({ sendBack }) =>
  tokenStore.subscribe((session) => sendBack({ type: 'session.storageChanged', session })),
);

const refreshInput = ({ context }: { context: SessionContext }) => ({
  refreshToken: context.session?.refreshToken?.token ?? '',
});

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: { refreshTokens, watchOtherTabs },
  delays: { refreshRetry: REFRESH_RETRY_DELAY_MS },
  guards: {
    /** No answer at all came back: the page is being left, or the network dropped for a moment. */
    cutOff: ({ event }) => 'error' in event && event.error instanceof ApiError && event.error.kind === 'network',
    accessTokenValid: ({ context }) => pageLoadDecision(context.session, Date.now()) === 'authenticated',
    refreshTokenValid: ({ context }) => pageLoadDecision(context.session, Date.now()) === 'refresh',
    /** Only a remembered session is shared with other tabs; a tab's own session ignores them. */
    remembered: ({ context }) => context.remember,
    signedOutElsewhere: ({ context, event }) => context.remember && event.type === 'session.storageChanged' && event.session === null,
  },
  actions: {
    assignUser: assign(({ event }) => {
      if (event.type !== 'session.authenticate') return {};
      return { session: toStoredSession(event.user), remember: event.rememberMe };
    }),
    assignRenewedUser: assign(({ event }) => (event.type === 'session.renew' ? { session: toStoredSession(event.user) } : {})),
    assignTokens: assign(({ context }, tokens: RefreshResponse) => ({
      session: context.session ? withRefreshedTokens(context.session, tokens) : null,
    })),
    adoptOtherTabSession: assign(({ event }) =>
      event.type === 'session.storageChanged' && event.session ? { session: event.session, remember: true } : {},
    ),
    dropSession: assign({ session: null, remember: false }),
    persistSession: ({ context }) => {
      if (context.session) tokenStore.write(context.session, context.remember);
    },
    /**
     * The Sign out button ends the session on the server too (issue 37 item 9): best effort, sent and forgotten. Its
     * outcome is never awaited or shown, so that signing out is as quick as before and works against a service
     * without the call; the session ends here either way.
     */
    revokeRefreshToken: (_, params: { refreshToken: string | null }) => {
      if (!params.refreshToken) return;
      authApi.signOut({ refreshToken: params.refreshToken }).catch(() => undefined);
    },
    clearStoredSession: () => tokenStore.clear(),
    clearCachedData: () => serverData.clear(),
    // Whatever the session had to say ends with it; the next screen starts without old toasts.
    clearToasts: () => notify.clear(),
    notifySessionExpired: () => notify.error(ErrorText.sessionExpired),
    goToSignIn: () => browser.navigate(Paths.signIn),
    goToUnauthorized: () => browser.navigate(Paths.unauthorized, { replace: true }),
    notifyTwoStepRequired: () => notify.error(TwoStepSignInText.setupRequired),
    goToTwoStepSetup: () => browser.navigate(SettingsPaths.account, { replace: true }),
    /** Without other tabs' news this tab keeps its own session; nothing for the user to act on. */
    reportWatchFailure: (_, params: { error: unknown }) => console.warn('Cannot follow other tabs', params.error),
  },
});

/** Access §4: a refresh that fails signs out, clears the tokens, the stored user and the cached data, and says so. */
const EXPIRE_SESSION = ['dropSession', 'clearStoredSession', 'clearCachedData', 'clearToasts', 'notifySessionExpired'] as const;

/**
 * One refresh, at page load or mid-session. A refresh cut off before any answer is tried once more before the session
 * ends: the server never refused it. A reload cuts the refresh off while the page still runs, and clearing the
 * stored tokens then would sign the reloaded page out; the pause lets the next page take over with the tokens where
 * they were (the server accepts a refresh token presented again within its reuse grace).
 */
function refreshAttempts(id: 'restore' | 'refresh', done: '#session.authenticated' | '#session.authenticated.active') {
  const expire = { target: '#session.signedOut', actions: [...EXPIRE_SESSION] } as const;
  const attempt = (lastTry: boolean) =>
    sessionSetup.createStateConfig({
      invoke: {
        id: lastTry ? `${id}Again` : id,
        src: 'refreshTokens',
        input: refreshInput,
        onDone: { target: done, actions: [{ type: 'assignTokens', params: ({ event }) => event.output }, 'persistSession'] },
        onError: lastTry ? expire : [{ guard: 'cutOff', target: 'pausing' }, expire],
      },
    });
  return {
    trying: attempt(false),
    pausing: sessionSetup.createStateConfig({ after: { refreshRetry: 'retrying' } }),
    retrying: attempt(true),
  };
}

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: ({ input }) => ({ session: input.stored?.session ?? null, remember: input.stored?.remember ?? false }),
  initial: 'loading',
  states: {
    loading: {
      always: [
        { guard: 'accessTokenValid', target: 'authenticated' },
        { guard: 'refreshTokenValid', target: 'restoring' },
        { target: 'signedOut', actions: ['dropSession', 'clearStoredSession'] },
      ],
    },
    restoring: {
      tags: ['pending', 'refreshing'],
      initial: 'trying',
      states: refreshAttempts('restore', '#session.authenticated'),
    },
    authenticated: {
      tags: ['authenticated'],
      invoke: {
        id: 'otherTabs',
        src: 'watchOtherTabs',
        onError: { actions: [{ type: 'reportWatchFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
      initial: 'active',
      states: {
        active: {
          on: {
            'session.refresh': 'refreshing',
            'session.twoStepRequired': { target: 'heldBack', actions: ['notifyTwoStepRequired', 'goToTwoStepSetup'] },
          },
        },
        // Issue 44: told once why; every later refusal (a page's several calls, another page tried) only leads back.
        // Signing in again, switching practice or a refresh starts afresh.
        heldBack: {
          on: {
            'session.refresh': 'refreshing',
            'session.twoStepRequired': { actions: 'goToTwoStepSetup' },
          },
        },
        refreshing: {
          tags: ['refreshing'],
          initial: 'trying',
          states: refreshAttempts('refresh', '#session.authenticated.active'),
        },
      },
      on: {
        'session.authenticate': { target: '.active', actions: ['assignUser', 'persistSession'] },
        'session.renew': { target: '.active', actions: ['assignRenewedUser', 'persistSession'] },
        'session.signOut': {
          target: 'signedOut',
          actions: [
            { type: 'revokeRefreshToken', params: ({ context }) => ({ refreshToken: context.session?.refreshToken?.token ?? null }) },
            'dropSession',
            'clearStoredSession',
            'clearCachedData',
            'clearToasts',
            'goToSignIn',
          ],
        },
        // Access §4: a soft sign-out clears the tokens without a call.
        'session.signOutSoft': { target: 'signedOut', actions: ['dropSession', 'clearStoredSession', 'clearToasts'] },
        'session.deny': { target: 'signedOut', actions: ['goToUnauthorized', 'dropSession', 'clearStoredSession', 'clearToasts'] },
        'session.storageChanged': [
          {
            guard: 'signedOutElsewhere',
            target: 'signedOut',
            actions: ['dropSession', 'clearStoredSession', 'clearCachedData', 'clearToasts'],
          },
          { guard: 'remembered', actions: ['adoptOtherTabSession', 'persistSession'] },
        ],
      },
    },
    signedOut: {
      tags: ['signedOut'],
      on: {
        'session.authenticate': { target: 'authenticated', actions: ['assignUser', 'persistSession'] },
      },
    },
  },
});
