import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { RefreshResponseSchema, SessionUserSchema } from '../../src/model/auth/auth';
import { PracticeSchema } from '../../src/model/practice/practice';
import { describeIssues } from '../../src/model/schema';
import { UserRecordSchema } from '../../src/model/team/user-record';
import { AnswerError, readAnswer } from '../../src/services/http/answer';
import { createAuthApi } from '../../src/services/auth/auth.api';
import { createHttpClient } from '../../src/services/http/http';
import { createPracticesApi } from '../../src/services/practice/practices.api';
import { createUsersApi } from '../../src/services/account/users-me.api';
import { fakeFetch } from '../support/fake-fetch';

/**
 * Contract decisions: answers are read leniently (unknown fields ignored, optional ones missing or
 * null) and ids are kept as received; only a field a screen needs makes an answer fail, and that
 * failure is logged once with the call and the failing field's path.
 */

const token = (value: string) => ({ token: value, expiresAt: '2026-11-23T12:00:00Z' });

function problems(schema: v.GenericSchema, input: unknown): string {
  const result = v.safeParse(schema, input);
  return result.success ? '' : describeIssues(result.issues);
}

describe('the sign-in answer (user object)', () => {
  const answer = {
    accessToken: token('a'),
    refreshToken: token('r'),
    unitType: 2,
    userType: 3,
    practice: { practiceId: 11, userId: 111, name: 'Harbor Medical Group', userType: 3 },
    practices: [
      { practiceId: 11, userId: 111, name: 'Harbor Medical Group', userType: 3 },
      { practiceId: 12, userId: 112, name: 'Summit Wellness Clinic', userType: 3 },
    ],
    forceIdentityMigration: false,
  };

  it('keeps numeric ids as numbers', () => {
    expect(v.parse(SessionUserSchema, answer).practices.map((entry) => [entry.practiceId, entry.userId])).toEqual([
      [11, 111],
      [12, 112],
    ]);
  });

  it('keeps ids given as strings of digits as strings', () => {
    const read = v.parse(SessionUserSchema, { ...answer, practice: { ...answer.practice, practiceId: '11', userId: '111' } });
    expect(read.practice).toMatchObject({ practiceId: '11', userId: '111' });
  });

  it('ignores fields the contract does not name', () => {
    const read = v.parse(SessionUserSchema, { ...answer, displayName: 'Dr. Grace Hall', practice: { ...answer.practice, logo: 'x.png' } });
    expect(read).not.toHaveProperty('displayName');
    expect(read.practice).not.toHaveProperty('logo');
  });

  it('reads a missing or null refresh token, practice, practice list and migration flag', () => {
    for (const empty of [null, undefined]) {
      const read = v.parse(SessionUserSchema, {
        accessToken: { token: 'a', expiresAt: empty },
        unitType: 2,
        userType: 3,
        refreshToken: empty,
        practice: empty,
        practices: empty,
        forceIdentityMigration: empty,
      });
      expect(read).toMatchObject({ practice: null, practices: [], forceIdentityMigration: false });
      expect(read.refreshToken ?? null).toBeNull();
    }
  });

  it.each([
    ['accessToken', { ...answer, accessToken: undefined }, 'accessToken: Invalid type: Expected Object but received undefined'],
    ['unitType', { ...answer, unitType: '2' }, 'unitType: unitType must be a number, received "2"'],
    [
      'practice.practiceId',
      { ...answer, practice: { ...answer.practice, practiceId: {} } },
      'practice.practiceId: expected number or digits, got object',
    ],
    [
      'practices.1.userId',
      { ...answer, practices: [answer.practices[0], { ...answer.practices[1], userId: 'abc' }] },
      'practices.1.userId: expected number or digits, got "abc"',
    ],
    [
      'practice.name',
      { ...answer, practice: { ...answer.practice, name: undefined } },
      'practice.name: Invalid type: Expected string but received undefined',
    ],
  ])('fails without a usable %s', (_field, input, message) => {
    expect(problems(SessionUserSchema, input)).toBe(message);
  });
});

describe('the refresh answer', () => {
  it('reads extra fields and a token without expiry (which counts as expired)', () => {
    expect(
      v.parse(RefreshResponseSchema, { accessToken: { token: 'a', expiresAt: null, kind: 'jwt' }, refreshToken: token('r'), extra: 1 }),
    ).toEqual({
      accessToken: { token: 'a', expiresAt: null },
      refreshToken: token('r'),
    });
  });

  it('fails without the refresh token', () => {
    expect(problems(RefreshResponseSchema, { accessToken: token('a') })).toBe(
      'refreshToken: Invalid key: Expected "refreshToken" but received undefined',
    );
  });
});

describe('the practice record (GET /Practices)', () => {
  const practice = { id: 11, name: 'Harbor Medical Group', billingType: 1, unitType: 2 };

  it('needs only id, name, billingType and unitType; everything else reads as null', () => {
    expect(v.parse(PracticeSchema, { ...practice, phone: null, region: 'west' })).toEqual({
      ...practice,
      phone: null,
      contactPersonFirstName: null,
      contactPersonLastName: null,
      fulfilmentType: null,
      address: null,
      billingAddress: null,
      invoiceContact: null,
      whiteLabel: null,
      showReportsToPatients: false,
    });
  });

  it('keeps an id given as digits, and reads a partial address', () => {
    const read = v.parse(PracticeSchema, { ...practice, id: '11', address: { city: 'Seattle', county: 'King' } });
    expect(read.id).toBe('11');
    expect(read.address).toEqual({ addressLine1: null, addressLine2: null, city: 'Seattle', state: null, zipCode: null, country: null });
  });

  it('fails with an id that is not a number or digits, or without a billing type', () => {
    expect(problems(PracticeSchema, { ...practice, id: 'HMG-11' })).toBe('id: expected number or digits, got "HMG-11"');
    expect(problems(PracticeSchema, { ...practice, billingType: undefined })).toBe(
      'billingType: billingType must be a number, received nothing',
    );
  });
});

describe('the user record (GET /Users/Me)', () => {
  const me = { uid: 'a1b2', username: 'grace', userType: 3 };

  it('needs only uid, username and userType; the rest may be missing or null', () => {
    expect(v.parse(UserRecordSchema, { ...me, firstName: null, phone: null, team: 'x' })).toEqual({
      ...me,
      firstName: '',
      lastName: '',
      email: '',
      phone: null,
      receiveNotifications: false,
      notificationPreferences: [],
      address: null,
    });
  });

  it('fails without a uid', () => {
    expect(problems(UserRecordSchema, { username: 'grace', userType: 3 })).toBe('uid: Invalid key: Expected "uid" but received undefined');
  });
});

describe('reading an answer that does not fit', () => {
  it('logs one line with the method, the path, the correlationId and the failing field, then throws', () => {
    const log = vi.fn();
    const read = () =>
      readAnswer(
        PracticeSchema,
        { id: {}, name: 'x', billingType: 1, unitType: 2 },
        { method: 'GET', path: '/Practices', correlationId: 'c-42' },
        log,
      );
    expect(read).toThrow(AnswerError);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(
      'portalApi: GET /Practices (correlationId c-42) answered outside the contract: id: expected number or digits, got object',
    );
  });

  it('through the HTTP client: the correlationId comes from the answer header, and the console hears it once', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    const network = fakeFetch(
      () =>
        new Response(
          JSON.stringify({
            accessToken: token('a'),
            unitType: 2,
            userType: 3,
            practice: { practiceId: {}, userId: 1, name: 'x', userType: 3 },
          }),
          {
            headers: { 'content-type': 'application/json', 'x-correlation-id': 'corr-7' },
          },
        ),
    );
    const auth = createAuthApi(createHttpClient({ fetch: network.fetch }));
    await expect(auth.signIn({ username: 'grace', password: 'pw', rememberMe: false })).rejects.toBeInstanceOf(AnswerError);
    expect(console).toHaveBeenCalledTimes(1);
    expect(console.mock.calls[0]?.[0]).toBe(
      'portalApi: POST /Auth (correlationId corr-7) answered outside the contract: practice.practiceId: expected number or digits, got object',
    );
  });

  it('through the resource APIs: practice and user record answers are read the same way', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    const network = fakeFetch(
      () =>
        new Response(JSON.stringify({ correlationId: 'body-9', username: 'grace' }), { headers: { 'content-type': 'application/json' } }),
    );
    const http = createHttpClient({ fetch: network.fetch });
    await expect(createUsersApi(http).me()).rejects.toThrow('GET /Users/Me (correlationId body-9) answered outside the contract: uid:');
    await expect(createPracticesApi(http).current()).rejects.toThrow(
      'GET /Practices (correlationId body-9) answered outside the contract: id:',
    );
    expect(console).toHaveBeenCalledTimes(2);
  });
});
