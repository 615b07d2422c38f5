import { assign, fromCallback, setup } from 'xstate';
import type { ThemePreference } from '../../model/constants';
import { applyThemeClass, colorScheme, themeStore } from '../../services/shell/theme-store';

/**
 * The theme preference (access §4): light, dark or system. In system mode the class on the document
 * root follows the operating system. A portal's own default applies only until the user chooses.
 */

export interface ThemeContext {
  preference: ThemePreference;
  /** Whether the user chose the preference (stored) or it is a default. */
  chosen: boolean;
  systemDark: boolean;
}

export type ThemeEvent =
  | { type: 'theme.change'; theme: ThemePreference }
  | { type: 'theme.setDefault'; theme: ThemePreference }
  | { type: 'theme.systemChanged'; dark: boolean };

export function resolvedTheme(context: ThemeContext): 'light' | 'dark' {
  if (context.preference === 'system') return context.systemDark ? 'dark' : 'light';
  return context.preference;
}

const watchColorScheme = fromCallback<ThemeEvent>(({ sendBack }) =>
  colorScheme.subscribe((dark) => sendBack({ type: 'theme.systemChanged', dark })),
);

export const themeMachine = setup({
  types: {
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
    input: {} as { stored: ThemePreference | null; fallback: ThemePreference; systemDark: boolean },
  },
  actors: { watchColorScheme },
  guards: {
    isLight: ({ context }) => context.preference === 'light',
    isDark: ({ context }) => context.preference === 'dark',
    notChosen: ({ context }) => !context.chosen,
  },
  actions: {
    choose: assign((_, params: { theme: ThemePreference }) => ({ preference: params.theme, chosen: true })),
    useDefault: assign((_, params: { theme: ThemePreference }) => ({ preference: params.theme })),
    assignSystemDark: assign((_, params: { dark: boolean }) => ({ systemDark: params.dark })),
    persistPreference: ({ context }) => themeStore.write(context.preference),
    applyTheme: ({ context }) => applyThemeClass(resolvedTheme(context)),
    /** Without the OS's change events the theme stays as it is; nothing for the user to act on. */
    reportWatchFailure: (_, params: { error: unknown }) => console.warn('Cannot follow the colour scheme', params.error),
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => ({
    preference: input.stored ?? input.fallback,
    chosen: input.stored !== null,
    systemDark: input.systemDark,
  }),
  initial: 'routing',
  states: {
    routing: {
      always: [{ guard: 'isLight', target: 'light' }, { guard: 'isDark', target: 'dark' }, { target: 'system' }],
    },
    light: { entry: 'applyTheme' },
    dark: { entry: 'applyTheme' },
    system: {
      entry: 'applyTheme',
      invoke: {
        id: 'colorScheme',
        src: 'watchColorScheme',
        onError: { actions: [{ type: 'reportWatchFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
      on: {
        'theme.systemChanged': {
          actions: [{ type: 'assignSystemDark', params: ({ event }) => ({ dark: event.dark }) }, 'applyTheme'],
        },
      },
    },
  },
  on: {
    'theme.change': {
      target: '.routing',
      actions: [{ type: 'choose', params: ({ event }) => ({ theme: event.theme }) }, 'persistPreference'],
    },
    'theme.setDefault': {
      guard: 'notChosen',
      target: '.routing',
      actions: [{ type: 'useDefault', params: ({ event }) => ({ theme: event.theme }) }],
    },
  },
});
