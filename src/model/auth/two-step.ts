import * as v from 'valibot';
import { limited, TextLimit } from '../limits';
import { flag, integer, request, requiredText } from '../schema';
import { SessionUserSchema } from './auth';

/**
 * Issue 44 item 2: two-step sign-in with an authenticator app (RFC 6238 codes). This project's own extension of the
 * contract: a portalApi that knows nothing of it answers the sign-in with the user object as before, and 404 to the
 * calls below, which the screens then name plainly.
 */

export const TwoStepText = {
  codeRequired: 'Code is required',
  codeLabel: 'Code',
  challengeRequired: 'Sign-in challenge is required',
  wrongCode: 'That code is not right, or it was used already. Enter the code your authenticator app shows now.',
  challengeExpired: 'This sign-in has expired. Sign in again with your password.',
  notEnrolling: 'Start turning on two-step sign-in again: no new key is waiting for a code.',
  alreadyOn: 'Two-step sign-in is already on for this account.',
  notOn: 'Two-step sign-in is not on for this account.',
  turnOffProofRequired: 'Enter a code from your authenticator app or your password to turn two-step sign-in off.',
  wrongPassword: 'The password is not right.',
} as const;

/** How many one-time recovery codes an account gets when it turns two-step sign-in on. */
export const RECOVERY_CODE_COUNT = 10;
/** A code typed by hand: six digits, or a recovery code such as "k7q2m-x9d4p"; a little room for spaces. */
const CODE_MAX_LENGTH = 32;

const code = limited(requiredText(TwoStepText.codeRequired), TwoStepText.codeLabel, CODE_MAX_LENGTH);

/** POST /Auth's answer for an account with two-step sign-in on: no session yet, only a short-lived challenge. */
export const TwoStepChallengeSchema = v.object({
  twoStepRequired: v.literal(true),
  /** Single use; sent back with the code. */
  challenge: v.pipe(v.string(), v.nonEmpty()),
  expiresAt: v.nullish(v.string()),
});
export type TwoStepChallenge = v.InferOutput<typeof TwoStepChallengeSchema>;

/**
 * POST /Auth's answer: the documented user object, or (this project's extension) the challenge above. A variant on
 * `twoStepRequired` rather than a union, so that a user object outside the contract is reported by its own failing
 * field (`practice.practiceId: …`), as before the extension, not as a union that matched neither.
 */
export const SignInAnswerSchema = v.variant('twoStepRequired', [
  TwoStepChallengeSchema,
  v.object({ ...SessionUserSchema.entries, twoStepRequired: v.nullish(v.literal(false)) }),
]);
export type SignInAnswer = v.InferOutput<typeof SignInAnswerSchema>;

export function isTwoStepChallenge(answer: SignInAnswer): answer is TwoStepChallenge {
  return 'twoStepRequired' in answer && answer.twoStepRequired === true;
}

export const TwoStepSignInRequestSchema = request({
  challenge: limited(requiredText(TwoStepText.challengeRequired), 'challenge', TextLimit.token),
  code,
});
export type TwoStepSignInRequest = v.InferOutput<typeof TwoStepSignInRequestSchema>;

/** GET /Users/Me/TwoStep: whether the signed-in person has two-step sign-in on. */
export const TwoStepStatusSchema = v.object({
  enabled: flag('enabled'),
  recoveryCodesLeft: integer('recoveryCodesLeft'),
  /** The account's practice asks every member to have it on. */
  requiredByPractice: flag('requiredByPractice'),
});
export type TwoStepStatus = v.InferOutput<typeof TwoStepStatusSchema>;

/** POST /Users/Me/TwoStep/Enrolment: a new key, not in use until a code from it is confirmed. */
export const TwoStepEnrolmentSchema = v.object({
  /** The otpauth:// URI an authenticator app reads from the QR code. */
  uri: v.pipe(v.string(), v.startsWith('otpauth://')),
  /** The same key in base32, for typing into the app by hand. */
  manualKey: v.pipe(v.string(), v.nonEmpty()),
});
export type TwoStepEnrolment = v.InferOutput<typeof TwoStepEnrolmentSchema>;

export const TwoStepCodeRequestSchema = request({ code });

/** The recovery codes, answered once when two-step sign-in is confirmed; only their digests are kept. */
export const RecoveryCodesSchema = v.object({ recoveryCodes: v.array(v.string()) });
export type RecoveryCodes = v.InferOutput<typeof RecoveryCodesSchema>;

/** Turning it off takes a code (or recovery code) or the password: a session left open is not enough. */
export const TwoStepTurnOffRequestSchema = v.pipe(
  v.object({
    code: v.optional(limited(v.pipe(v.string(), v.trim()), TwoStepText.codeLabel, CODE_MAX_LENGTH)),
    password: v.optional(limited(v.string(), 'Password', TextLimit.password)),
  }),
  v.check((body) => Boolean(body.code) || Boolean(body.password), TwoStepText.turnOffProofRequired),
);
export type TwoStepTurnOffRequest = v.InferOutput<typeof TwoStepTurnOffRequestSchema>;

/** GET and PUT /Practices/TwoStep: the practice asks every member to sign in with two steps. */
export const PracticeTwoStepSchema = request({ required: flag('required') });
export type PracticeTwoStep = v.InferOutput<typeof PracticeTwoStepSchema>;

/** Codes as people type them: spaces and dashes dropped, any case. */
export function normalisedCode(text: string): string {
  return text.replace(/[\s-]/g, '').toLowerCase();
}

/** Six digits is an authenticator code; anything else is tried as a recovery code. */
export function isAuthenticatorCode(text: string): boolean {
  return /^\d{6}$/.test(normalisedCode(text));
}
