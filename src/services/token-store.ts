import * as v from 'valibot';
import { SESSION_STORAGE_KEY } from '../model/constants';
import { StoredSessionSchema, type StoredSession } from '../model/session';

/**
 * The session kept in the browser: localStorage with Remember me (it outlives the tab), sessionStorage
 * without it (it survives a reload of the same tab and nothing more).
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
      const remembered = parse(local().getItem(SESSION_STORAGE_KEY));
      if (remembered) return { session: remembered, remember: true };
      const current = parse(session().getItem(SESSION_STORAGE_KEY));
      if (current) return { session: current, remember: false };
      // Whatever is there is unreadable: drop it rather than trip over it on every load.
      local().removeItem(SESSION_STORAGE_KEY);
      session().removeItem(SESSION_STORAGE_KEY);
      return null;
    },
    write(stored, remember) {
      const raw = JSON.stringify(stored);
      (remember ? local() : session()).setItem(SESSION_STORAGE_KEY, raw);
      (remember ? session() : local()).removeItem(SESSION_STORAGE_KEY);
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
