import { describe, expect, it } from 'vitest';
import { PASSWORD_CHECKS, passwordStrength, strengthLabel, typedPasswordStrength } from '../../src/model/auth/password';

describe('password strength (access §5)', () => {
  it('scores one point per check: length, uppercase, lowercase, number, special character', () => {
    expect(passwordStrength('').score).toBe(0);
    expect(passwordStrength('abcdefgh').score).toBe(2);
    expect(passwordStrength('Abcdefgh').score).toBe(3);
    expect(passwordStrength('Abcdefg1').score).toBe(4);
    expect(passwordStrength('Abcdef1!').score).toBe(5);
  });

  it('labels: up to 2 Weak, 3 Fair, 4 Good, 5 Strong', () => {
    expect([0, 1, 2, 3, 4, 5].map(strengthLabel)).toEqual(['Weak', 'Weak', 'Weak', 'Fair', 'Good', 'Strong']);
  });

  it('a score below 3 is not acceptable', () => {
    expect(passwordStrength('abcdefgh').acceptable).toBe(false);
    expect(passwordStrength('Abcdefgh').acceptable).toBe(true);
  });

  it('lists every unmet requirement with its exact message', () => {
    expect(passwordStrength('abc').unmet).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
    expect(PASSWORD_CHECKS).toHaveLength(5);
  });
});

describe('what the strength meter shows (access §2 and §5)', () => {
  it('says nothing until something is typed, then the strength of what was typed', () => {
    expect(typedPasswordStrength('')).toBeNull();
    expect(typedPasswordStrength(undefined)).toBeNull();
    expect(typedPasswordStrength('Abcdefgh')).toEqual(passwordStrength('Abcdefgh'));
  });
});
