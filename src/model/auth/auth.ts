import * as v from 'valibot';
import { idSchema, IdSchema } from '../id';
import { limited, TextLimit } from '../limits';
import { passwordStrength } from './password';
import { flag, formFieldErrors, integer, isoDateTime, request, requiredSecret, requiredText } from '../schema';
import { AuthPageText, ValidationText } from './auth-texts';
import { PasswordChangeText } from '../account/account-texts';

/** Access §3 and the contract decisions: the auth requests and answers, one definition for app and server. */

/** A token without an expiry still reads: it counts as expired (access §4). */
export const TokenSchema = v.object({
  token: v.pipe(v.string(), v.nonEmpty()),
  expiresAt: v.nullish(isoDateTime),
});
export type Token = v.InferOutput<typeof TokenSchema>;

/** Unit and user types are open numbers: an unlisted value still signs in and is treated by the rules. */
export const UnitTypeSchema = integer('unitType');
export const UserTypeSchema = integer('userType');

/** Ids stay as received (number or digits), so that a switch sends them back in the same type. */
export const PracticeAccountSchema = v.object({
  practiceId: IdSchema,
  userId: IdSchema,
  name: v.string(),
  userType: UserTypeSchema,
});
export type PracticeAccount = v.InferOutput<typeof PracticeAccountSchema>;

/**
 * The sign-in answer is the user object itself (contract decisions). Read leniently: the refresh token,
 * the current practice and the practice list may be missing or null, which hides the switcher.
 */
export const SessionUserSchema = v.object({
  accessToken: TokenSchema,
  refreshToken: v.nullish(TokenSchema),
  unitType: UnitTypeSchema,
  userType: UserTypeSchema,
  practice: v.nullish(PracticeAccountSchema, null),
  practices: v.nullish(v.array(PracticeAccountSchema), () => []),
  forceIdentityMigration: v.nullish(v.boolean(), false),
  /**
   * Issue 44: the practice asks every member for two-step sign-in and this person has not turned it on; the app
   * leads to setting it up before anything else. Absent from a portalApi that knows nothing of two-step sign-in.
   */
  twoStepSetupRequired: v.optional(v.boolean()),
});
export type SessionUser = v.InferOutput<typeof SessionUserSchema>;

// A field no form shows (a token from a link or the captcha) is named in its limit's message as its required message
// names it, or else as the request does.
export const SignInRequestSchema = request({
  username: limited(requiredText(ValidationText.usernameRequired), AuthPageText.signInUsernameLabel, TextLimit.login),
  password: limited(requiredSecret(ValidationText.passwordRequired), AuthPageText.passwordLabel, TextLimit.password),
  rememberMe: flag('rememberMe'),
  antispamToken: v.optional(limited(v.string(), 'antispamToken', TextLimit.token)),
});
export type SignInRequest = v.InferOutput<typeof SignInRequestSchema>;

/** What the sign-in form holds: the request without the captcha's token, which the workflow adds. */
export type SignInCredentials = Pick<SignInRequest, 'username' | 'password' | 'rememberMe'>;
const SIGN_IN_FIELDS = ['username', 'password'] as const;
export type SignInField = (typeof SIGN_IN_FIELDS)[number];
export type SignInFieldErrors = Partial<Record<SignInField, string>>;

/** Access §2: the message under each sign-in field left empty ("Username is required"); empty when it may be sent. */
export function signInFieldErrors(credentials: SignInCredentials): SignInFieldErrors {
  const result = v.safeParse(SignInRequestSchema, credentials);
  return result.success ? {} : formFieldErrors(result.issues, SIGN_IN_FIELDS);
}

export const RefreshRequestSchema = request({
  refreshToken: limited(requiredText(ValidationText.fieldRequired('Refresh token')), 'Refresh token', TextLimit.token),
});
export type RefreshRequest = v.InferOutput<typeof RefreshRequestSchema>;

export const RefreshResponseSchema = v.object({
  accessToken: TokenSchema,
  refreshToken: TokenSchema,
});
export type RefreshResponse = v.InferOutput<typeof RefreshResponseSchema>;

export const ForgotPasswordRequestSchema = request({
  username: limited(requiredText(ValidationText.usernameRequired), AuthPageText.usernameLabel, TextLimit.login),
});
export type ForgotPasswordRequest = v.InferOutput<typeof ForgotPasswordRequestSchema>;

/**
 * Every new password (restore, change, migration) meets the rule the strength meter shows (access §5),
 * checked by the form before sending and by the server on receipt.
 */
export const StrongPasswordSchema = limited(
  v.pipe(
    requiredSecret(ValidationText.fieldRequired('New password')),
    v.check((password) => passwordStrength(password).acceptable, ValidationText.weakPassword),
  ),
  AuthPageText.newPasswordLabel,
  TextLimit.password,
);

/** A password that is only compared (a repetition, the current one), limited like every password. */
const password = (label: string) => limited(requiredSecret(ValidationText.fieldRequired(label)), label, TextLimit.password);

export const RestorePasswordRequestSchema = v.pipe(
  request({
    restorePasswordToken: limited(requiredText(ValidationText.invalidToken), 'restorePasswordToken', TextLimit.token),
    newPassword: StrongPasswordSchema,
    repeatNewPassword: password(AuthPageText.confirmPasswordLabel),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['repeatNewPassword']],
      (input) => input.newPassword === input.repeatNewPassword,
      ValidationText.passwordsDoNotMatch,
    ),
    ['repeatNewPassword'],
  ),
);
export type RestorePasswordRequest = v.InferOutput<typeof RestorePasswordRequestSchema>;

export const ChangePasswordRequestSchema = v.pipe(
  request({
    currentPassword: password(PasswordChangeText.currentPassword),
    newPassword: StrongPasswordSchema,
    repeatNewPassword: password(PasswordChangeText.repeatNewPassword),
  }),
  // A "change" to the same password changes nothing but ends the person's other sessions.
  v.forward(
    v.partialCheck(
      [['currentPassword'], ['newPassword']],
      (input) => input.newPassword !== input.currentPassword,
      ValidationText.newPasswordSameAsCurrent,
    ),
    ['newPassword'],
  ),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['repeatNewPassword']],
      (input) => input.newPassword === input.repeatNewPassword,
      ValidationText.newPasswordsDoNotMatch,
    ),
    ['repeatNewPassword'],
  ),
);
export type ChangePasswordRequest = v.InferOutput<typeof ChangePasswordRequestSchema>;

/** The ids go out in the type they were received in; the server takes numbers and strings of digits. */
export const SwitchAccountRequestSchema = request({
  userId: idSchema(ValidationText.fieldRequired('userId'), 'userId'),
  practiceId: idSchema(ValidationText.fieldRequired('practiceId'), 'practiceId'),
  rememberMe: flag('rememberMe'),
});
export type SwitchAccountRequest = v.InferOutput<typeof SwitchAccountRequestSchema>;

export const MigrateRequestSchema = request({
  newPassword: StrongPasswordSchema,
  rememberMe: flag('rememberMe'),
});
export type MigrateRequest = v.InferOutput<typeof MigrateRequestSchema>;

/** A failure body: `{ error: { message }, correlationId }` or `{ message, correlationId }`. */
export const ErrorBodySchema = v.object({
  error: v.nullish(v.object({ message: v.nullish(v.string()) })),
  message: v.nullish(v.string()),
  correlationId: v.nullish(v.string()),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

/** The answer of the calls whose body the specification does not show (forgot, restore): an empty object. */
export const EmptyResponseSchema = v.object({});
