import { useEffect, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Paths } from '../../model/shell/navigation';
import { isUserTypeAllowed } from '../../model/auth/roles';
import { selectMustMigrate, selectStatus, selectUserType } from '../../machines/auth/session.selectors';
import { useSession, useSessionActor } from '../auth/session';
import { FullPageLoading } from './loading';

/** Sign-in, forgot and restore pages send an authenticated user to /. */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const status = useSession(selectStatus);
  if (status === 'pending') return <FullPageLoading />;
  if (status === 'authenticated') return <Redirect to={Paths.home} replace />;
  return <>{children}</>;
}

/**
 * Protected pages send everyone else to sign-in, remembering where they were; an account that must
 * migrate its identity is sent to the migration page first, so it never uses the portal unmigrated.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSession(selectStatus);
  const mustMigrate = useSession(selectMustMigrate);
  const [location] = useLocation();
  const search = useSearch();
  if (status === 'pending') return <FullPageLoading />;
  if (status === 'signedOut') {
    const from = `${location}${search ? `?${search}` : ''}`;
    const target = from === Paths.home ? Paths.signIn : `${Paths.signIn}?redirect=${encodeURIComponent(from)}`;
    return <Redirect to={target} replace />;
  }
  if (mustMigrate) return <Redirect to={Paths.migrate} replace />;
  return <>{children}</>;
}

/** Pages limited to a group of user types: anyone else is refused and softly signed out. */
export function RequireUserType({ allowed, children }: { allowed: readonly number[]; children?: ReactNode }) {
  const userType = useSession(selectUserType);
  const session = useSessionActor();
  const permitted = userType !== null && isUserTypeAllowed(userType, allowed);
  useEffect(() => {
    if (!permitted) session.send({ type: 'session.deny' });
  }, [permitted, session]);
  return permitted ? <>{children}</> : <FullPageLoading />;
}

/**
 * The migration page's own guard: without a signed-in user it goes to sign-in (nothing to return to),
 * and a session that need not migrate has nothing to do here, so it goes to /.
 */
export function RequireMigration({ children }: { children: ReactNode }) {
  const status = useSession(selectStatus);
  const mustMigrate = useSession(selectMustMigrate);
  if (status === 'pending') return <FullPageLoading />;
  if (status === 'signedOut') return <Redirect to={Paths.signIn} replace />;
  if (!mustMigrate) return <Redirect to={Paths.home} replace />;
  return <>{children}</>;
}
