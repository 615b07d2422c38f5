import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { TestOrderCountSchema, TestResetResponseSchema, TestRestoreLinkSchema } from '../../../src/model/test-support';
import { DEMO_PASSWORD } from '../../../server/seed/seed';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import { buildServer, errorMessage, testConfig, type TestServer } from '../support/harness';

const NEW_PASSWORD = 'Linked-Reset-2026#';

export function testSupportSuite(server: () => TestServer): void {
  /** A second app over the same database, started with PORTAL_TEST_MODE=1. */
  function testModeServer(): TestServer {
    return buildServer(server().db, server().adapter, testConfig({ testMode: true }));
  }

  describe('test-only routes', () => {
    it.each([
      ['POST', '/__test/reset'],
      ['GET', '/__test/restore-link?username=hcp.checkout'],
      ['GET', `/__test/orders/count?practiceId=${PRACTICE_IDS.lakeside}`],
      ['POST', '/__test/kits/KT-11-0001/status'],
    ])('%s /portalApi%s is absent (404) without PORTAL_TEST_MODE=1', async (method, path) => {
      expect((await server().call(method, path)).status).toBe(404);
    });

    it('reset wipes what tests changed and seeds again, answering { ok: true }', async () => {
      const testMode = testModeServer();
      const user = await testMode.signIn('hcp.checkout');
      await testMode.call('POST', '/Auth/Password/Reset', {
        token: user.accessToken.token,
        body: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD },
      });
      const answer = await testMode.call('POST', '/__test/reset');
      expect(answer.status).toBe(200);
      expect(v.parse(TestResetResponseSchema, answer.body)).toEqual({ ok: true });
      expect(await testMode.db.query('SELECT * FROM refresh_tokens')).toHaveLength(0);
      await expect(testMode.signIn('hcp.checkout')).resolves.toBeTruthy();
    });

    it('restore-link answers the latest link of a person, whose token restores the password', async () => {
      const testMode = testModeServer();
      await testMode.call('POST', '/Auth/Password/Forgot', { body: { username: 'hcp.net30' } });
      const answer = await testMode.call('GET', '/__test/restore-link?username=Ben.Carter@lakeside-im.example');
      expect(answer.status).toBe(200);
      const { link, token } = v.parse(TestRestoreLinkSchema, answer.body);
      expect(link).toBe(`${testMode.config.publicUrl}/restore-password?token=${encodeURIComponent(token)}`);
      const restored = await testMode.call('POST', '/Auth/Password/Restore', {
        body: { restorePasswordToken: token, newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD },
      });
      expect(restored.status).toBe(200);
      await expect(testMode.signIn('hcp.net30', { password: NEW_PASSWORD })).resolves.toBeTruthy();
    });

    it('restore-link answers 404 for a person without a link and for an unknown username', async () => {
      const testMode = testModeServer();
      expect((await testMode.call('GET', '/__test/restore-link?username=dtc.user')).status).toBe(404);
      expect((await testMode.call('GET', '/__test/restore-link?username=nobody.here')).status).toBe(404);
    });

    it('orders/count answers how many orders the practice has placed, and no other practice’s', async () => {
      const testMode = testModeServer();
      const count = async (practiceId: number | string) => {
        const answer = await testMode.call('GET', `/__test/orders/count?practiceId=${practiceId}`);
        expect(answer.status).toBe(200);
        return v.parse(TestOrderCountSchema, answer.body).count;
      };
      expect(await count(PRACTICE_IDS.lakeside)).toBe(0);
      const user = await testMode.signIn('hcp.net30');
      const order = {
        customerInformation: null,
        shippingInformation: {
          country: 'US',
          state: 'IL',
          city: 'Chicago',
          zipCode: '60611',
          addressLine1: '455 North Lake Shore Drive',
          addressLine2: '',
        },
        items: [{ productId: 'product-health-test', quantity: 1 }],
        paymentMethod: null,
        fulfillment: 1,
        shipTo: 'Clinic',
      };
      for (const key of ['first', 'first', 'second']) {
        const placed = await testMode.call('POST', '/Orders/', {
          token: user.accessToken.token,
          body: order,
          headers: { 'Idempotency-Key': key },
        });
        expect(placed.status).toBe(200);
      }
      expect(await count(PRACTICE_IDS.lakeside)).toBe(2);
      expect(await count(PRACTICE_IDS.riverside)).toBe(0);
      expect(await count(987654)).toBe(0);
    });

    it.each(['', '?practiceId=', '?practiceId=lakeside'])('orders/count answers 400 for %j', async (query) => {
      const answer = await testModeServer().call('GET', `/__test/orders/count${query}`);
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toMatch(/^practiceId: practiceId (is required|must be a practice number)$/);
    });

    it('restore-link answers 400 without a username', async () => {
      const answer = await testModeServer().call('GET', '/__test/restore-link');
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { message: 'username: Username is required' } });
    });
  });
}
