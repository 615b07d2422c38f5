import { MIN_PASSWORD_LENGTH, MIN_PASSWORD_STRENGTH } from '../constants';
import { ValidationText } from './auth-texts';

/** Access §5: the five strength checks, the score and its label. */

export interface PasswordCheck {
  readonly key: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  readonly message: string;
  readonly test: (password: string) => boolean;
}

export const PASSWORD_CHECKS: readonly PasswordCheck[] = [
  { key: 'length', message: ValidationText.passwordTooShort, test: (p) => p.length >= MIN_PASSWORD_LENGTH },
  { key: 'uppercase', message: ValidationText.passwordNeedsUppercase, test: (p) => /\p{Lu}/u.test(p) },
  { key: 'lowercase', message: ValidationText.passwordNeedsLowercase, test: (p) => /\p{Ll}/u.test(p) },
  { key: 'number', message: ValidationText.passwordNeedsNumber, test: (p) => /\p{N}/u.test(p) },
  { key: 'special', message: ValidationText.passwordNeedsSpecial, test: (p) => /[^\p{L}\p{N}\s]/u.test(p) },
];

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  readonly score: number;
  readonly label: StrengthLabel;
  readonly passed: readonly PasswordCheck['key'][];
  readonly unmet: readonly string[];
  readonly acceptable: boolean;
}

export function strengthLabel(score: number): StrengthLabel {
  if (score <= 2) return 'Weak';
  if (score === 3) return 'Fair';
  if (score === 4) return 'Good';
  return 'Strong';
}

export function passwordStrength(password: string): PasswordStrength {
  const passed = PASSWORD_CHECKS.filter((check) => check.test(password));
  const score = passed.length;
  return {
    score,
    label: strengthLabel(score),
    passed: passed.map((check) => check.key),
    unmet: PASSWORD_CHECKS.filter((check) => !check.test(password)).map((check) => check.message),
    acceptable: score >= MIN_PASSWORD_STRENGTH,
  };
}

/** What the strength meter shows: nothing until something is typed, then the strength of what was typed. */
export function typedPasswordStrength(password: string | undefined): PasswordStrength | null {
  return password ? passwordStrength(password) : null;
}
