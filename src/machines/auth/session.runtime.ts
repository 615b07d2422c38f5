import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { http, type HttpClient, type SessionBridge } from '../../services/http/http';
import { tokenStore } from '../../services/auth/token-store';
import type { Inspect } from '../shell/inspection';
import { sessionMachine } from './session.machine';
import { LIVE_TOKEN_MARGIN_MS } from '../../model/constants';
import { isTokenExpired } from '../../model/auth/session';
import { selectAccessToken, selectIsRefreshing, selectStoredSession } from './session.selectors';

/** The one session of the page: started at start-up, read by the HTTP client and sent to by the other workflows. */

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

let current: SessionActor | null = null;

/** The HTTP client's view of the session: its token, and one refresh for every 401 waiting on it. */
export function sessionBridge(actor: SessionActor): SessionBridge {
  const settled = () => waitFor(actor, (snapshot) => !selectIsRefreshing(snapshot));
  const refresh = async () => {
    if (actor.getSnapshot().can({ type: 'session.refresh' })) actor.send({ type: 'session.refresh' });
    const snapshot = await settled();
    return snapshot.hasTag('authenticated') ? selectAccessToken(snapshot) : null;
  };
  return {
    accessToken: () => selectAccessToken(actor.getSnapshot()),
    async whenSettled() {
      await settled();
    },
    refresh,
    async liveAccessToken() {
      const stored = selectStoredSession(actor.getSnapshot());
      if (stored && isTokenExpired(stored.accessToken, Date.now() + LIVE_TOKEN_MARGIN_MS)) return refresh();
      return selectAccessToken(actor.getSnapshot());
    },
  };
}

export function startSession(options: { inspect?: Inspect; client?: HttpClient; logic?: typeof sessionMachine } = {}): SessionActor {
  current?.stop();
  const actor = createActor(options.logic ?? sessionMachine, { input: { stored: tokenStore.read() }, inspect: options.inspect });
  (options.client ?? http).connectSession(sessionBridge(actor));
  actor.start();
  current = actor;
  return actor;
}

export function sessionActor(): SessionActor {
  if (!current) throw new Error('The session has not been started: call startSession() at start-up.');
  return current;
}
