import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChangePasswordRequestSchema, RestorePasswordRequestSchema } from '../../src/model/auth/auth';
import { confirmationOf, EMPTY_MIGRATION_FORM, MigrationFormSchema, toMigrateRequest } from '../../src/model/auth/migration';

const problems = (form: unknown) => v.safeParse(MigrationFormSchema, form).issues?.map((issue) => [v.getDotPath(issue), issue.message]);

describe('the migration form (access §2 and §5)', () => {
  it('accepts a password of score 3 or more that equals its confirmation', () => {
    expect(problems({ newPassword: 'Abcdefgh', confirmPassword: 'Abcdefgh', rememberMe: false })).toBeUndefined();
  });

  it('a weak password "does not meet security requirements"', () => {
    expect(problems({ newPassword: 'abcdefgh', confirmPassword: 'abcdefgh', rememberMe: false })).toEqual([
      ['newPassword', 'Password does not meet security requirements'],
    ]);
  });

  it('the password must equal its confirmation: "Passwords do not match", said of the confirmation', () => {
    expect(problems({ newPassword: 'Abcdefgh1!', confirmPassword: 'Abcdefgh1?', rememberMe: true })).toEqual([
      ['confirmPassword', 'Passwords do not match'],
    ]);
  });

  it('an empty form asks for both passwords, and Remember me starts off', () => {
    expect(problems(EMPTY_MIGRATION_FORM)).toEqual([
      ['newPassword', 'New password is required'],
      ['newPassword', 'Password does not meet security requirements'],
      ['confirmPassword', 'Confirm password is required'],
    ]);
    expect(EMPTY_MIGRATION_FORM.rememberMe).toBe(false);
  });

  it('sends only the new password and Remember me: the confirmation stays in the browser', () => {
    expect(toMigrateRequest({ newPassword: 'Abcdefgh1!', confirmPassword: 'Abcdefgh1!', rememberMe: true })).toEqual({
      newPassword: 'Abcdefgh1!',
      rememberMe: true,
    });
  });

  it('the match indicator says nothing until a confirmation is typed, then whether it matches', () => {
    expect(confirmationOf('Abcdefgh1!', '')).toBe('empty');
    expect(confirmationOf('Abcdefgh1!', 'Abcdefgh1!')).toBe('match');
    expect(confirmationOf('Abcdefgh1!', 'Abcdefgh1')).toBe('mismatch');
  });
});

describe('every new password meets the same rule (access §5)', () => {
  const issues = (schema: v.GenericSchema, input: unknown) =>
    v.safeParse(schema, input).issues?.map((issue) => [v.getDotPath(issue), issue.message]);

  it('restore and password change refuse a weak new password, as migration does', () => {
    expect(
      issues(RestorePasswordRequestSchema, { restorePasswordToken: 't', newPassword: 'abcdefgh', repeatNewPassword: 'abcdefgh' }),
    ).toEqual([['newPassword', 'Password does not meet security requirements']]);
    expect(
      issues(ChangePasswordRequestSchema, { currentPassword: 'Old-Secret-1', newPassword: 'abcdefgh', repeatNewPassword: 'abcdefgh' }),
    ).toEqual([['newPassword', 'Password does not meet security requirements']]);
    expect(
      issues(ChangePasswordRequestSchema, { currentPassword: 'Old-Secret-1', newPassword: 'Abcdefgh', repeatNewPassword: 'Abcdefgh' }),
    ).toBeUndefined();
  });

  it('a password change refuses the current password as the new one', () => {
    expect(
      issues(ChangePasswordRequestSchema, {
        currentPassword: 'Old-Secret-1',
        newPassword: 'Old-Secret-1',
        repeatNewPassword: 'Old-Secret-1',
      }),
    ).toEqual([['newPassword', 'New password must be different from the current password']]);
  });
});
