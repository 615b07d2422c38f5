import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import type { SessionActor } from './machines/session.runtime';
import { AppRoutes } from './routes';
import { queryClient } from './services/query-client';
import { SessionProvider } from './views/session';
import { CrashBoundary } from './views/shell/crash-screen';
import { Toaster } from './views/shell/toaster';
import { ThemeProvider, type ThemeActor } from './views/theme';

/** The providers every screen relies on: theme, toasts, server data, the session, the router. */
export function App({ session, theme }: { session: SessionActor; theme: ThemeActor }) {
  return (
    <ThemeProvider actor={theme}>
      <Toaster />
      <CrashBoundary>
        <QueryClientProvider client={queryClient}>
          <SessionProvider actor={session}>
            <Router>
              <AppRoutes />
            </Router>
          </SessionProvider>
        </QueryClientProvider>
      </CrashBoundary>
    </ThemeProvider>
  );
}
