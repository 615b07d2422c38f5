import { afterEach, expect, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { resolvedTheme, themeMachine } from '../../src/machines/shell/theme.machine';
import { describePaths } from '../support/path-tests';

afterEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});

describePaths(themeMachine, {
  inputs: {
    'nothing stored, OS light': { stored: null, fallback: 'system', systemDark: false },
    'dark stored': { stored: 'dark', fallback: 'system', systemDark: false },
    'light stored, OS dark': { stored: 'light', fallback: 'system', systemDark: true },
  },
  events: {
    'theme.change': [
      { type: 'theme.change', theme: 'light' },
      { type: 'theme.change', theme: 'dark' },
      { type: 'theme.change', theme: 'system' },
    ],
    'theme.setDefault': [{ type: 'theme.setDefault', theme: 'light' }],
    'theme.systemChanged': [
      { type: 'theme.systemChanged', dark: true },
      { type: 'theme.systemChanged', dark: false },
    ],
  },
  provide: { actions: { reportWatchFailure: vi.fn<() => void>() } },
  check: { context: true },
  afterPath: ({ snapshot }) => {
    // The root's class is the resolved theme; a chosen preference is the stored plain string.
    const resolved = resolvedTheme(snapshot.context);
    expect(document.documentElement.classList.contains(resolved)).toBe(true);
    expect(document.documentElement.classList.contains(resolved === 'dark' ? 'light' : 'dark')).toBe(false);
    if (snapshot.context.chosen) expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe(snapshot.context.preference);
  },
});
