import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ChangePasswordRequestSchema,
  MigrateRequestSchema,
  RestorePasswordRequestSchema,
  SignInRequestSchema,
} from '../../src/model/auth/auth';
import { describeIssues } from '../../src/model/schema';

function messages(schema: v.GenericSchema, input: unknown): string {
  const result = v.safeParse(schema, input);
  return result.success ? '' : describeIssues(result.issues);
}

describe('auth requests, as the client and the server both check them', () => {
  it('sign-in requires username and password', () => {
    expect(messages(SignInRequestSchema, { rememberMe: false })).toBe('username: Username is required; password: Password is required');
    expect(messages(SignInRequestSchema, { username: '   ', password: '', rememberMe: false })).toBe(
      'username: Username is required; password: Password is required',
    );
  });

  it('a mistyped field says what it received', () => {
    expect(messages(SignInRequestSchema, { username: 5, password: 'x', rememberMe: 'yes' })).toBe(
      'username: Expected text but received 5; rememberMe: rememberMe must be true or false, received "yes"',
    );
  });

  it('the username is trimmed, the password is not', () => {
    expect(v.parse(SignInRequestSchema, { username: ' ana ', password: ' pw ', rememberMe: true })).toMatchObject({
      username: 'ana',
      password: ' pw ',
    });
  });

  it('restore: "Passwords do not match", and a missing token gives "Invalid or missing token"', () => {
    expect(
      messages(RestorePasswordRequestSchema, { restorePasswordToken: 't', newPassword: 'Abcdefg1!', repeatNewPassword: 'Abcdefg1?' }),
    ).toBe('repeatNewPassword: Passwords do not match');
    expect(messages(RestorePasswordRequestSchema, { newPassword: 'Abcdefg1!', repeatNewPassword: 'Abcdefg1!' })).toBe(
      'restorePasswordToken: Invalid or missing token',
    );
  });

  it('password change: "New passwords do not match"', () => {
    expect(messages(ChangePasswordRequestSchema, { currentPassword: 'x', newPassword: 'Abcdefg1!', repeatNewPassword: 'Abcdefg1?' })).toBe(
      'repeatNewPassword: New passwords do not match',
    );
  });

  it('migration refuses a password scoring below 3', () => {
    expect(messages(MigrateRequestSchema, { newPassword: 'abcdefgh', rememberMe: false })).toBe(
      'newPassword: Password does not meet security requirements',
    );
    expect(messages(MigrateRequestSchema, { newPassword: 'Abcdefgh', rememberMe: false })).toBe('');
  });
});
