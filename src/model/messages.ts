/** Access §8 and §5: every text the user reads about an outcome, exactly as the specification writes it. */

export const ErrorText = {
  network: 'Cannot connect to the server. Please check your connection and try again.',
  badRequest: 'The request could not be processed. Please check your input and try again.',
  unauthorized: 'Authentication failed. Please check your credentials and try again.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'The requested resource was not found.',
  server: 'An internal server error occurred. Please try again later.',
  timeout: 'Request timed out. Please try again.',
  signInUnauthorized: 'Invalid username or password. Please try again.',
  sessionExpired: 'Session expired. Please sign in again.',
  /** A 429 that carries no message of its own; the spec gives no text for a 429, so this stays short and plain. */
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
} as const;

export const SuccessText = {
  signedIn: 'Signed in successfully',
  resetInstructionsSent: 'Password reset instructions have been sent to your email',
  passwordReset: 'Password has been reset successfully',
  passwordChanged: 'Password has been changed successfully',
  accountSwitched: 'Account switched successfully',
  accountMigrated: 'Account migrated successfully',
} as const;

/** Per-action texts for a failure that carries no message of its own. */
export const FallbackText = {
  signIn: 'Failed to sign in',
  migrate: 'Failed to migrate identity',
  forgotPassword: 'Failed to send reset link',
  restorePassword: 'Failed to reset password',
  changePassword: 'Failed to change password',
  switchAccount: 'Failed to switch account',
} as const;

export const CaptchaText = {
  notReady: 'reCAPTCHA is not ready',
  noToken: 'Failed to get reCAPTCHA token',
} as const;

export const ValidationText = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordsDoNotMatch: 'New passwords do not match',
  invalidToken: 'Invalid or missing token',
  weakPassword: 'Password does not meet security requirements',
  /** Not in the documents: a new password (change, migration) that is the one already set changes nothing. */
  newPasswordSameAsCurrent: 'New password must be different from the current password',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordNeedsUppercase: 'Password must contain at least one uppercase letter',
  passwordNeedsLowercase: 'Password must contain at least one lowercase letter',
  passwordNeedsNumber: 'Password must contain at least one number',
  passwordNeedsSpecial: 'Password must contain at least one special character',
  fieldRequired: (label: string) => `${label} is required`,
} as const;

/** Access §2: the words of the signed-out screens. */
export const AuthPageText = {
  signInTitle: 'Welcome Back',
  signInUsernameLabel: 'Username or email',
  passwordLabel: 'Password',
  forgotPasswordLink: 'Forgot password',
  signIn: 'Sign In',
  buildIdentifier: (version: string, commit: string) => `Version ${version} (${commit})`,
  sendResetLink: 'Send Reset Link',
  backToSignIn: 'Back to Sign In',
  resetLinkSent: 'Reset link sent! Redirecting to sign in...',
  passwordResetDone: 'Password reset successful! Redirecting to sign in...',
  migrationTitle: 'Complete Account Migration',
  completeMigration: 'Complete Migration',
  forgotTitle: 'Forgot Password',
  forgotHint: 'Enter your username and we will send you a link to reset your password.',
  restoreTitle: 'Reset Password',
  resetPassword: 'Reset Password',
  migrationExplanation:
    'Your account is moving to a new authentication system. Choose a new password to finish the move; from now on you sign in with it.',
  usernameLabel: 'Username',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm password',
  rememberMe: 'Remember me',
  passwordStrength: 'Password strength',
  passwordRequirements: 'Password requirements',
  requirementMet: 'Met',
  requirementUnmet: 'Not met',
  passwordsMatch: 'Passwords match',
} as const;

/** Access §4: the theme preference's names, as the switcher in the top bar offers them. */
export const ThemeText = {
  switcher: 'Theme',
  light: 'Light',
  dark: 'Dark',
  system: 'System',
} as const;

/** Access §3: the practice switcher's words for assistive technology (the spec shows no visible text). */
export const PracticeSwitcherText = {
  switchPractice: 'Switch practice',
  currentPractice: 'Current practice',
  current: 'Current account',
} as const;

/** Kits "Settings: Account" and §5: the password change form (current, new and repeat fields). */
export const PasswordChangeText = {
  title: 'Change Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  repeatNewPassword: 'Repeat new password',
  submit: 'Change Password',
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

/** How a server's own message is shown together with its correlation id (access §8). */
export function withCorrelationId(message: string, correlationId: string | undefined): string {
  return correlationId ? `${message} (Correlation ID: ${correlationId})` : message;
}
