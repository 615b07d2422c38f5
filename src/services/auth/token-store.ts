import * as v from 'valibot';
import { SESSION_STORAGE_KEY } from '../../model/constants';
import { StoredSessionSchema, type StoredSession } from '../../model/auth/session';

/**
 * The session kept in the browser: localStorage with Remember me (it outlives the tab and is shared by
 * the browser's tabs), sessionStorage without it (it survives a reload of the same tab and nothing more).
 * A tab's own session wins over the remembered one, so signing in without Remember me in one tab leaves
 * the others alone; signing out clears both, so no remembered session brings the user back.
 */
export interface TokenStore {
  read(): { session: StoredSession; remember: boolean } | null;
  write(session: StoredSession, remember: boolean): void;
  clear(): void;
  /** Another tab changed the remembered session: the new one, or null when it signed out. */
  subscribe(listener: (session: StoredSession | null) => void): () => void;
}

function parse(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const parsed = v.safeParse(StoredSessionSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function createTokenStore(local: () => Storage, session: () => Storage, target: () => EventTarget = () => window): TokenStore {
  return {
    read() {
      const current = parse(session().getItem(SESSION_STORAGE_KEY));
      if (current) return { session: current, remember: false };
      const remembered = parse(local().getItem(SESSION_STORAGE_KEY));
      if (remembered) return { session: remembered, remember: true };
      // Whatever is there is unreadable: drop it rather than trip over it on every load.
      local().removeItem(SESSION_STORAGE_KEY);
      session().removeItem(SESSION_STORAGE_KEY);
      return null;
    },
    write(stored, remember) {
      const raw = JSON.stringify(stored);
      if (remember) {
        local().setItem(SESSION_STORAGE_KEY, raw);
        session().removeItem(SESSION_STORAGE_KEY);
      } else {
        session().setItem(SESSION_STORAGE_KEY, raw);
      }
    },
    clear() {
      local().removeItem(SESSION_STORAGE_KEY);
      session().removeItem(SESSION_STORAGE_KEY);
    },
    subscribe(listener) {
      const onStorage = (event: Event) => {
        if (!(event instanceof StorageEvent) || event.key !== SESSION_STORAGE_KEY) return;
        if (event.storageArea !== local()) return;
        listener(parse(event.newValue));
      };
      const events = target();
      events.addEventListener('storage', onStorage);
      return () => events.removeEventListener('storage', onStorage);
    },
  };
}

export const tokenStore = createTokenStore(
  () => window.localStorage,
  () => window.sessionStorage,
);

/**
 * One token refresh at a time across the browser's tabs (Web Locks; without them, as before). Two tabs of
 * a remembered session that both meet a 401 would otherwise present the same refresh token twice, and the
 * server takes the second for a stolen one and ends the session; the second tab now waits, then finds the
 * pair the first one stored. `refresh` learns whether another tab held the lock first.
 */
export function oneRefreshAtATime<T>(refresh: (waited: boolean) => Promise<T>, signal?: AbortSignal): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return refresh(false);
  return locks.request(REFRESH_LOCK, { ifAvailable: true }, (lock) =>
    lock ? refresh(false) : locks.request(REFRESH_LOCK, signal ? { signal } : {}, () => refresh(true)),
  );
}

const REFRESH_LOCK = 'portal-token-refresh';

/**
 * Resolves once the remembered session no longer carries `refreshToken` (another tab stored the pair it rotated
 * it into, or signed out), or after `timeoutMs`. Chromium's tabs see each other's localStorage writes a moment
 * late, so a tab granted the lock right after another tab's refresh may still read the token just used up.
 */
export function rotationOf(store: TokenStore, refreshToken: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  const carries = (session: StoredSession | null) => session?.refreshToken?.token === refreshToken;
  const stored = store.read();
  if (!stored?.remember || !carries(stored.session)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = store.subscribe((session) => {
      if (!carries(session)) done();
    });
    signal?.addEventListener('abort', done);
  });
}
