import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { App } from './app';
import { setInspector, type Inspect } from './machines/shell/inspection';
import { startSession } from './machines/auth/session.runtime';
import { themeMachine } from './machines/shell/theme.machine';
import { applyPreloadedStylesheets } from './services/platform/stylesheets';
import { colorScheme, themeStore } from './services/shell/theme-store';
import { DEFAULT_THEME } from './model/constants';

/** In development only, `?inspect` (or VITE_INSPECT=true) attaches the Stately inspector to every actor. */
async function developmentInspector(): Promise<Inspect> {
  if (import.meta.env.DEV) {
    const wanted = new URLSearchParams(window.location.search).has('inspect') || import.meta.env.VITE_INSPECT === 'true';
    if (wanted) {
      try {
        const { createBrowserInspector } = await import('@statelyai/inspect');
        return createBrowserInspector().inspect;
      } catch (error) {
        // The inspector is a development aid: without it (blocked pop-up, no network) the app still starts.
        console.warn('The Stately inspector could not start', error);
      }
    }
  }
  return undefined;
}

async function start() {
  const stylesheets = applyPreloadedStylesheets();
  const inspect = await developmentInspector();
  setInspector(inspect);
  const theme = createActor(themeMachine, {
    input: { stored: themeStore.read(), fallback: DEFAULT_THEME, systemDark: colorScheme.prefersDark() },
    inspect,
  }).start();
  const session = startSession({ inspect });
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const reactRoot = createRoot(root);
  await stylesheets;
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App session={session} theme={theme} />
      </StrictMode>,
    ),
  );
}

void start();
