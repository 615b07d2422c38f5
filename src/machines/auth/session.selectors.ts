import type { SnapshotFrom } from 'xstate';
import { portalFor, type Portal } from '../../model/auth/roles';
import type { sessionMachine } from './session.machine';

/** What views may ask of the session. */

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export type SessionStatus = 'pending' | 'authenticated' | 'signedOut';

export function selectStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.hasTag('authenticated')) return 'authenticated';
  if (snapshot.hasTag('pending')) return 'pending';
  return 'signedOut';
}

export const selectStoredSession = (snapshot: SessionSnapshot) => snapshot.context.session;
export const selectUser = (snapshot: SessionSnapshot) => snapshot.context.session?.user ?? null;
export const selectUserType = (snapshot: SessionSnapshot) => snapshot.context.session?.userType ?? null;
export const selectUnitType = (snapshot: SessionSnapshot) => snapshot.context.session?.unitType ?? null;

export function selectPortal(snapshot: SessionSnapshot): Portal | null {
  const userType = selectUserType(snapshot);
  return userType === null ? null : portalFor(userType);
}

/** The signed-in account must migrate its identity before it may use the portal. */
export const selectMustMigrate = (snapshot: SessionSnapshot) => snapshot.context.session?.user.forceIdentityMigration ?? false;

export const selectAccessToken = (snapshot: SessionSnapshot) => snapshot.context.session?.accessToken.token ?? null;
export const selectIsRefreshing = (snapshot: SessionSnapshot) => snapshot.hasTag('refreshing');
