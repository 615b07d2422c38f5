import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Paths } from './model/shell/navigation';
import { lazyNamed } from './views/lazy';
import { RedirectIfAuthenticated, RequireAuth, RequireMigration } from './views/shell/guards';
import { FullPageLoading } from './views/shell/loading';

/** The signed-out routes and their guards (access §2); the signed-in portals' routes are in portal-routes.tsx. */

const auth = () => import('./views/auth/sign-in.view');
const forgotPassword = () => import('./views/auth/forgot-password.view');
const restorePassword = () => import('./views/auth/restore-password.view');
const migrate = () => import('./views/auth/migrate.view');
const exceptionViews = () => import('./views/shell/exception-views');
// The signed-in portals' route table loads after sign-in, so the sign-in page does not carry the map of every page's chunks.
const portalRoutes = () => import('./portal-routes');

const SignInView = lazyNamed(auth, 'SignInView');
const ForgotPasswordView = lazyNamed(forgotPassword, 'ForgotPasswordView');
const RestorePasswordView = lazyNamed(restorePassword, 'RestorePasswordView');
const MigrateView = lazyNamed(migrate, 'MigrateView');
const AccessDeniedView = lazyNamed(exceptionViews, 'AccessDeniedView');
const Portal = lazyNamed(portalRoutes, 'Portal');

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageLoading />}>
      <Switch>
        <Route path={Paths.signIn}>
          <RedirectIfAuthenticated>
            <SignInView />
          </RedirectIfAuthenticated>
        </Route>
        <Route path={Paths.forgotPassword}>
          <RedirectIfAuthenticated>
            <ForgotPasswordView />
          </RedirectIfAuthenticated>
        </Route>
        <Route path={Paths.restorePassword}>
          <RedirectIfAuthenticated>
            <RestorePasswordView />
          </RedirectIfAuthenticated>
        </Route>
        <Route path={Paths.migrate}>
          <RequireMigration>
            <MigrateView />
          </RequireMigration>
        </Route>
        <Route path={Paths.unauthorized} component={AccessDeniedView} />
        <Route>
          <RequireAuth>
            <Portal />
          </RequireAuth>
        </Route>
      </Switch>
    </Suspense>
  );
}
