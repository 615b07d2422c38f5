import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/auth/session.machine';
import type { SessionActor } from '../../machines/auth/session.runtime';

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSessionActor needs a SessionProvider above it.');
  return actor;
}

export function useSession<T>(selector: (snapshot: SnapshotFrom<typeof sessionMachine>) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useSessionActor(), selector, compare);
}
