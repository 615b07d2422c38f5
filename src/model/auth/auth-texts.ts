/** Access §2, §3, §5 and §8: the words of signing in, the signed-out screens, passwords, migration and switching. */

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

/** Access §3: the practice switcher's words for assistive technology (the spec shows no visible text). */
export const PracticeSwitcherText = {
  switchPractice: 'Switch practice',
  currentPractice: 'Current practice',
  current: 'Current account',
} as const;

/** Issue 44: the sign-in's second step, for an account with two-step sign-in on. */
export const TwoStepSignInText = {
  title: 'Two-step sign-in',
  codeHint: 'Enter the 6-digit code from your authenticator app.',
  recoveryHint: 'Enter one of the recovery codes you saved when you turned on two-step sign-in. Each works once.',
  codeLabel: 'Authentication code',
  recoveryLabel: 'Recovery code',
  verify: 'Verify',
  useRecovery: 'Use a recovery code',
  useAuthenticator: 'Use the authenticator app',
  back: 'Back to Sign In',
  codeRequired: 'Code is required',
  codeFormat: 'Enter the 6 digits your authenticator app shows',
  failed: 'Failed to verify the code',
  setupRequired: 'Your practice requires two-step sign-in. Turn it on below to keep your account safe.',
} as const;
