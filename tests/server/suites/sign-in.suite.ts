import { decodeJwt, SignJWT } from 'jose';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SessionUserSchema } from '../../../src/model/auth/auth';
import { UnitType, UserType } from '../../../src/model/enums';
import { ServerText } from '../../../server/messages';
import { accountIdOf, PRACTICE_IDS } from '../../../server/seed/seed-data';
import { errorMessage, START, type TestServer } from '../support/harness';

const DAY = 86_400;

function secondsUntil(iso: string): number {
  return (Date.parse(iso) - START.getTime()) / 1000;
}

export function signInSuite(server: () => TestServer): void {
  describe('POST /Auth (sign-in)', () => {
    it('signs in by username in any case and answers the user object of the contract', async () => {
      const answer = await server().call('POST', '/Auth', {
        body: { username: 'HCP.Checkout', password: 'Portal-Demo-2026!', rememberMe: false },
      });
      expect(answer.status).toBe(200);
      const user = v.parse(SessionUserSchema, answer.body);
      expect(user).toMatchObject({
        unitType: UnitType.HCP,
        userType: UserType.Provider,
        forceIdentityMigration: false,
        practice: {
          practiceId: PRACTICE_IDS.riverside,
          userId: accountIdOf('user-ava-morgan-riverside'),
          name: 'Riverside Family Medicine',
          userType: UserType.Provider,
        },
      });
      expect(user.practices).toEqual([user.practice]);
    });

    it('signs in with the email address in place of the username', async () => {
      const user = await server().signIn('Ava.Morgan@Riverside-Family.example');
      expect(user.practice?.userId).toBe(accountIdOf('user-ava-morgan-riverside'));
    });

    it('gives the access token the configured lifetime and names the account and practice in it', async () => {
      const user = await server().signIn('hcp.checkout');
      expect(secondsUntil(user.accessToken.expiresAt ?? '')).toBe(server().config.accessTokenTtlSeconds);
      const claims = decodeJwt(user.accessToken.token);
      expect(claims.sub).toBe(String(accountIdOf('user-ava-morgan-riverside')));
      expect(claims.practiceId).toBe(PRACTICE_IDS.riverside);
    });

    it('gives the refresh token one day without Remember me and thirty days with it', async () => {
      const plain = await server().signIn('hcp.checkout');
      const remembered = await server().signIn('hcp.checkout', { rememberMe: true });
      expect(secondsUntil(plain.refreshToken?.expiresAt ?? '')).toBe(DAY);
      expect(secondsUntil(remembered.refreshToken?.expiresAt ?? '')).toBe(30 * DAY);
    });

    it('accepts and ignores an antispamToken', async () => {
      const answer = await server().call('POST', '/Auth', {
        body: { username: 'hcp.net30', password: 'Portal-Demo-2026!', rememberMe: false, antispamToken: 'captcha-token' },
      });
      expect(answer.status).toBe(200);
    });

    it('answers a wrong password and an unknown user alike: 401 "Invalid username or password"', async () => {
      const wrongPassword = await server().call('POST', '/Auth', {
        body: { username: 'hcp.checkout', password: 'Not-The-Password-1!', rememberMe: false },
      });
      const unknownUser = await server().call('POST', '/Auth', {
        body: { username: 'nobody.here', password: 'Portal-Demo-2026!', rememberMe: false },
      });
      for (const answer of [wrongPassword, unknownUser]) {
        expect(answer.status).toBe(401);
        expect(errorMessage(answer.body)).toBe(ServerText.invalidCredentials);
      }
    });

    it('does not trim the password: one with an extra space is wrong', async () => {
      const answer = await server().call('POST', '/Auth', {
        body: { username: 'hcp.checkout', password: 'Portal-Demo-2026! ', rememberMe: false },
      });
      expect(answer.status).toBe(401);
    });

    it('lists every account of a person, the same practice twice under different roles', async () => {
      const user = await server().signIn('multi.practice');
      expect(user.practices).toEqual([
        {
          practiceId: PRACTICE_IDS.harbor,
          userId: accountIdOf('user-grace-hall-harbor-provider'),
          name: 'Harbor Medical Group',
          userType: UserType.Provider,
        },
        {
          practiceId: PRACTICE_IDS.harbor,
          userId: accountIdOf('user-grace-hall-harbor-office-manager'),
          name: 'Harbor Medical Group',
          userType: UserType.OfficeManager,
        },
        {
          practiceId: PRACTICE_IDS.summit,
          userId: accountIdOf('user-grace-hall-summit-provider'),
          name: 'Summit Wellness Clinic',
          userType: UserType.Provider,
        },
      ]);
      expect(user.practice).toEqual(user.practices[0]);
    });

    it.each([
      ['cps.user', UnitType.CPS, UserType.StandardUser],
      ['irc.user', UnitType.IRC, UserType.StandardUser],
      ['dtc.user', UnitType.DTC, UserType.StandardUser],
      ['unknown.unit', UnitType.Unknown, UserType.Provider],
      ['patient', UnitType.HCP, UserType.Patient],
      ['lab.user', UnitType.HCP, UserType.LabUser],
    ])('signs in %s with the practice unit type %i and the account user type %i', async (username, unitType, userType) => {
      const user = await server().signIn(username);
      expect({ unitType: user.unitType, userType: user.userType }).toEqual({ unitType, userType });
    });

    it('flags the account that must migrate its identity', async () => {
      const user = await server().signIn('must.migrate');
      expect(user.forceIdentityMigration).toBe(true);
    });
  });

  describe('Bearer access token', () => {
    const protectedRoutes = [
      ['GET', '/Practices'],
      ['GET', '/Users/Me'],
      ['POST', '/Auth/Password/Reset'],
      ['POST', '/Auth/Account/Switch'],
      ['POST', '/Auth/Migrate'],
    ] as const;

    it.each(protectedRoutes)('%s %s refuses a call without a token with 401', async (method, path) => {
      const answer = await server().call(method, path, { body: method === 'POST' ? {} : undefined });
      expect(answer.status).toBe(401);
      expect(errorMessage(answer.body)).toBeTruthy();
    });

    it.each(protectedRoutes)('%s %s refuses a token that is not one of ours with 401', async (method, path) => {
      const forged = await new SignJWT({ practiceId: PRACTICE_IDS.riverside, rememberMe: false })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(accountIdOf('user-ava-morgan-riverside')))
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('a-secret-that-the-server-never-had-0123456789'));
      for (const token of [forged, 'not-a-jwt']) {
        const answer = await server().call(method, path, { token, body: method === 'POST' ? {} : undefined });
        expect(answer.status).toBe(401);
      }
    });

    it('refuses a scheme other than Bearer', async () => {
      const user = await server().signIn('hcp.checkout');
      const answer = await server().call('GET', '/Practices', { headers: { Authorization: `Basic ${user.accessToken.token}` } });
      expect(answer.status).toBe(401);
    });

    it('accepts the access token until it expires and refuses it with 401 from then on', async () => {
      const user = await server().signIn('hcp.checkout');
      server().clock.advance(server().config.accessTokenTtlSeconds - 1);
      expect((await server().call('GET', '/Users/Me', { token: user.accessToken.token })).status).toBe(200);
      server().clock.advance(1);
      const expired = await server().call('GET', '/Users/Me', { token: user.accessToken.token });
      expect(expired.status).toBe(401);
      expect(errorMessage(expired.body)).toBeTruthy();
    });
  });
}
