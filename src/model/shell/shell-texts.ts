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
