import { ErrorText } from '../messages';

/** The words of the shell around every page: the theme menu, the access guard, the skip link and the crash screen. */

/** Access §4: the theme preference's names, as the switcher in the top bar offers them. */
export const ThemeText = {
  switcher: 'Theme',
  light: 'Light',
  dark: 'Dark',
  system: 'System',
} as const;

export const GuardText = {
  accessDenied: 'Access denied.',
  contactAdministrator: 'Contact your system administrator to request access.',
} as const;

/** Words of the shell that the specification does not quote. */
export const ShellText = {
  skipToMain: 'Skip to main content',
  backHome: 'Back to Home',
} as const;

export const CrashText = {
  heading: 'Something went wrong',
  body: 'An unexpected error has occurred. Please try refreshing the page.',
  reload: 'Reload Page',
} as const;

/**
 * A page whose code could not be fetched, shown inside the portal. The body is the catalogue's network failure
 * (access §8) and the button the catalogue's "Try Again" (ordering §2); the heading and the note are plain words.
 */
export const PageCodeText = {
  heading: 'This page could not be loaded',
  body: ErrorText.network,
  note: 'The page loads by itself once the connection is back.',
  retry: 'Try Again',
} as const;

/** A list that could not be read offers to read it again with the catalogue's "Try Again" (ordering §2). */
export const ListRetryText = {
  retry: 'Try Again',
} as const;
