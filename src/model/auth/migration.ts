import * as v from 'valibot';
import { MigrateRequestSchema, type MigrateRequest } from './auth';
import { REMEMBER_ME_DEFAULT } from '../constants';
import { request, requiredSecret } from '../schema';
import { ValidationText } from './auth-texts';

/**
 * Access §2 and §5: the migration form is the migrate request plus a confirmation, which must equal
 * the new password. The confirmation never leaves the browser, so it lives here rather than in the request.
 */
export const MigrationFormSchema = v.pipe(
  request({
    ...MigrateRequestSchema.entries,
    confirmPassword: requiredSecret(ValidationText.fieldRequired('Confirm password')),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.newPassword === input.confirmPassword,
      ValidationText.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
export type MigrationForm = v.InferInput<typeof MigrationFormSchema>;

export const EMPTY_MIGRATION_FORM: MigrationForm = { newPassword: '', confirmPassword: '', rememberMe: REMEMBER_ME_DEFAULT };

export function toMigrateRequest(form: MigrationForm): MigrateRequest {
  return { newPassword: form.newPassword, rememberMe: form.rememberMe };
}

/** What the match indicator says: nothing until a confirmation is typed, then whether it matches. */
export type Confirmation = 'empty' | 'match' | 'mismatch';

export function confirmationOf(password: string, confirmation: string): Confirmation {
  if (confirmation === '') return 'empty';
  return password === confirmation ? 'match' : 'mismatch';
}
