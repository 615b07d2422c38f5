import { describe, expect, it } from 'vitest';
import { ForgotPasswordRequestSchema, RestorePasswordRequestSchema } from '../../src/model/auth/auth';
import { firstProblem } from '../../src/model/validation';

describe('the first problem a schema finds, as machines ask it before sending', () => {
  it('is null for a request the server would accept', () => {
    expect(firstProblem(ForgotPasswordRequestSchema, { username: ' hcp.checkout ' })).toBeNull();
  });

  it("is the schema's own words otherwise: a blank username, a missing token, passwords that differ", () => {
    expect(firstProblem(ForgotPasswordRequestSchema, { username: '   ' })).toBe('Username is required');
    expect(
      firstProblem(RestorePasswordRequestSchema, { restorePasswordToken: '', newPassword: 'Abcdefg1!', repeatNewPassword: 'Abcdefg1!' }),
    ).toBe('Invalid or missing token');
    expect(
      firstProblem(RestorePasswordRequestSchema, { restorePasswordToken: 't', newPassword: 'Abcdefg1!', repeatNewPassword: 'Abcdefg1?' }),
    ).toBe('Passwords do not match');
  });
});
