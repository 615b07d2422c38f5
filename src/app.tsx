import { Router } from 'wouter';
import type { SessionActor } from './machines/auth/session.runtime';
import { AppRoutes } from './routes';
import { SessionProvider } from './views/auth/session';
import { CrashBoundary } from './views/shell/crash-screen';
import { ToastHost } from './views/shell/toast-host';
import { ThemeProvider, type ThemeActor } from './views/shell/theme';

/**
 * The providers every screen relies on: theme, toasts, the session, the router. Server data's provider comes with
 * the signed-in portals (portal-routes.tsx), the only screens that ask the server for lists and records.
 */
export function App({ session, theme }: { session: SessionActor; theme: ThemeActor }) {
  return (
    <ThemeProvider actor={theme}>
      <ToastHost />
      <CrashBoundary>
        <SessionProvider actor={session}>
          <Router>
            <AppRoutes />
          </Router>
        </SessionProvider>
      </CrashBoundary>
    </ThemeProvider>
  );
}
