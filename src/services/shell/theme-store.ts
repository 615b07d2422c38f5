import { DEFAULT_THEME, THEME_STORAGE_KEY, THEMES, type ThemePreference } from '../../model/constants';

/** The theme preference in localStorage under `vite-ui-theme`, as the plain string light, dark or system. */
export const themeStore = {
  read(): ThemePreference | null {
    const raw = window.localStorage.getItem(THEME_STORAGE_KEY);
    return THEMES.find((theme) => theme === raw) ?? null;
  },
  readOrDefault(): ThemePreference {
    return this.read() ?? DEFAULT_THEME;
  },
  write(theme: ThemePreference) {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  },
};

/** The operating system's colour scheme, and its changes. */
export const colorScheme = {
  prefersDark(): boolean {
    return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  },
  subscribe(listener: (dark: boolean) => void): () => void {
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!query) return () => undefined;
    const onChange = (event: MediaQueryListEvent) => listener(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  },
};

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The operating system's "reduce motion" setting, and its changes. */
export const motionPreference = {
  // Arrow functions: React's useSyncExternalStore is handed them detached from the object.
  reduced: (): boolean => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
  subscribe: (listener: () => void): (() => void) => {
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return () => undefined;
    query.addEventListener('change', listener);
    return () => query.removeEventListener('change', listener);
  },
};

/**
 * The class on the document root that the styles and antd's theme follow. The browser's own colour scheme (scroll
 * bars, form controls) is set with antd's components instead (`documentColourScheme`): it is inherited by every
 * element, and changing it restyles the whole page, which belongs with the components' own change of theme.
 */
export function applyThemeClass(resolved: 'light' | 'dark') {
  const root = document.documentElement;
  root.classList.remove(resolved === 'dark' ? 'light' : 'dark');
  root.classList.add(resolved);
}

/** The colour scheme the browser draws its own parts in, for the whole document. */
export function documentColourScheme(resolved: 'light' | 'dark') {
  document.documentElement.style.colorScheme = resolved;
}
