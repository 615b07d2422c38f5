import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SessionUserSchema } from '../../../src/model/auth/auth';
import { UserType } from '../../../src/model/enums';
import { PracticeSchema } from '../../../src/model/practice/practice';
import { ServerText } from '../../../server/messages';
import { DEMO_PASSWORD } from '../../../server/seed/seed';
import { accountIdOf, PRACTICE_IDS } from '../../../server/seed/seed-data';
import { errorMessage, snapshot, START, type TestServer } from '../support/harness';
import { ValidationText } from '../../../src/model/auth/auth-texts';

const STRONG_PASSWORD = 'Migrated-Safely-42!';

export function switchMigrateSuite(server: () => TestServer): void {
  function switchTo(token: string, userId: unknown, practiceId: unknown) {
    return server().call('POST', '/Auth/Account/Switch', { token, body: { userId, practiceId, rememberMe: true } });
  }
  const summitProvider = accountIdOf('user-grace-hall-summit-provider');

  describe('POST /Auth/Account/Switch', () => {
    it('switches to another account of the same person and answers its user object', async () => {
      const user = await server().signIn('multi.practice');
      const answer = await switchTo(user.accessToken.token, summitProvider, PRACTICE_IDS.summit);
      expect(answer.status).toBe(200);
      const switched = v.parse(SessionUserSchema, answer.body);
      expect(switched.practice).toEqual({
        practiceId: PRACTICE_IDS.summit,
        userId: summitProvider,
        name: 'Summit Wellness Clinic',
        userType: UserType.Provider,
      });
      expect(switched.practices).toEqual(user.practices);
      const practice = await server().call('GET', '/Practices', { token: switched.accessToken.token });
      expect(v.parse(PracticeSchema, practice.body).id).toBe(PRACTICE_IDS.summit);
    });

    it('switches between two roles at the same practice', async () => {
      const user = await server().signIn('multi.practice');
      const answer = await switchTo(user.accessToken.token, accountIdOf('user-grace-hall-harbor-office-manager'), PRACTICE_IDS.harbor);
      const switched = v.parse(SessionUserSchema, answer.body);
      expect(switched.userType).toBe(UserType.OfficeManager);
      const me = await server().call('GET', '/Users/Me', { token: switched.accessToken.token });
      expect(me.body).toMatchObject({ uid: 'user-grace-hall-harbor-office-manager', userType: UserType.OfficeManager });
    });

    it('takes the ids as strings of digits too, and answers numbers', async () => {
      const user = await server().signIn('multi.practice');
      const answer = await switchTo(user.accessToken.token, String(summitProvider), String(PRACTICE_IDS.summit));
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ practice: { practiceId: PRACTICE_IDS.summit, userId: summitProvider } });
    });

    it.each([
      ['text', 'userId', 'user-grace-hall-summit-provider', 'userId: expected number or digits, got "user-grace-hall-summit-provider"'],
      ['a fraction', 'practiceId', 18.5, 'practiceId: expected number or digits, got 18.5'],
      ['a negative number', 'userId', -119, 'userId: expected number or digits, got -119'],
      ['an object', 'practiceId', { id: 18 }, 'practiceId: expected number or digits, got object'],
      ['null', 'userId', null, 'userId: expected number or digits, got null'],
      ['digits with spaces', 'practiceId', ' 18', 'practiceId: expected number or digits, got " 18"'],
    ])('refuses an id given as %s with 400 and a message, writing nothing', async (_case, field, value, message) => {
      const user = await server().signIn('multi.practice');
      const before = await snapshot(server().db);
      const ids: Record<string, unknown> = { userId: summitProvider, practiceId: PRACTICE_IDS.summit, [field]: value };
      const answer = await switchTo(user.accessToken.token, ids.userId, ids.practiceId);
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(message);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('gives the new refresh token the Remember me lifetime, since switching always sends rememberMe true', async () => {
      const user = await server().signIn('multi.practice');
      const switched = v.parse(SessionUserSchema, (await switchTo(user.accessToken.token, summitProvider, PRACTICE_IDS.summit)).body);
      const lifetime = (Date.parse(switched.refreshToken?.expiresAt ?? '') - START.getTime()) / 1000;
      expect(lifetime).toBe(server().config.rememberMeRefreshTokenTtlSeconds);
    });

    it.each([
      ['another person’s account', accountIdOf('user-ava-morgan-riverside'), PRACTICE_IDS.riverside],
      ['a made-up account', 999_999, 888_888],
      ['an account beyond any stored number', '99999999999999999999', String(PRACTICE_IDS.summit)],
      ['an own account named with another practice', summitProvider, PRACTICE_IDS.harbor],
    ])('refuses %s with 403 "You cannot switch to this account" and writes nothing', async (_case, userId, practiceId) => {
      const user = await server().signIn('multi.practice');
      const before = await snapshot(server().db);
      const answer = await switchTo(user.accessToken.token, userId, practiceId);
      expect(answer.status).toBe(403);
      expect(errorMessage(answer.body)).toBe(ServerText.cannotSwitch);
      expect(await snapshot(server().db)).toBe(before);
    });
  });

  describe('POST /Auth/Migrate', () => {
    function migrate(token: string, newPassword: string, rememberMe = false) {
      return server().call('POST', '/Auth/Migrate', { token, body: { newPassword, rememberMe } });
    }

    it('refuses a weak password with 400 "Password does not meet security requirements" and writes nothing', async () => {
      const user = await server().signIn('must.migrate');
      const before = await snapshot(server().db);
      const answer = await migrate(user.accessToken.token, 'weakpass');
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toContain(ValidationText.weakPassword);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('refuses the current password as the new one with 400 "New password must be different from the current password" and writes nothing', async () => {
      const user = await server().signIn('must.migrate');
      const before = await snapshot(server().db);
      const answer = await migrate(user.accessToken.token, DEMO_PASSWORD);
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(ServerText.newPasswordSameAsCurrent);
      expect(ServerText.newPasswordSameAsCurrent).toBe('New password must be different from the current password');
      expect(await snapshot(server().db)).toBe(before);
    });

    it('sets the password, clears the must-migrate flag and answers fresh tokens', async () => {
      const user = await server().signIn('must.migrate');
      const answer = await migrate(user.accessToken.token, STRONG_PASSWORD, true);
      expect(answer.status).toBe(200);
      const migrated = v.parse(SessionUserSchema, answer.body);
      expect(migrated.forceIdentityMigration).toBe(false);
      expect(migrated.refreshToken?.token).not.toBe(user.refreshToken?.token);
      const again = await server().signIn('must.migrate', { password: STRONG_PASSWORD });
      expect(again.forceIdentityMigration).toBe(false);
      const old = await server().call('POST', '/Auth', { body: { username: 'must.migrate', password: DEMO_PASSWORD, rememberMe: false } });
      expect(old.status).toBe(401);
    });

    it('is refused with 403 for an account that does not need to migrate', async () => {
      const user = await server().signIn('hcp.checkout');
      const answer = await migrate(user.accessToken.token, STRONG_PASSWORD);
      expect(answer.status).toBe(403);
      expect(errorMessage(answer.body)).toBe(ServerText.migrationNotRequired);
    });
  });
}
