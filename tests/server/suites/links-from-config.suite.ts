import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { KitSchema, ReportAnswerSchema } from '../../../src/model/kits/kit';
import { UserType } from '../../../src/model/enums';
import { buildServer, testConfig, type TestServer } from '../support/harness';
import { queuedLink } from '../support/mail-outbox';
import { OWNER, READY_KIT, reportRequest, tokenFor } from './kits-fixtures.suite';

/**
 * Issue 37 item 2: every absolute link the server builds starts with PUBLIC_URL. An attacker who names their own
 * site as the request's Origin or Host must not receive a restore token through a link that points there.
 */

const PUBLIC_URL = 'https://portal.example';
const EVIL = 'https://evil.example';
const FORGED = { Origin: EVIL, Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };

export function linksFromConfigSuite(server: () => TestServer): void {
  /** The same database served with PUBLIC_URL set, as a deployment runs it. */
  function deployed(): TestServer {
    return buildServer(server().db, server().adapter, testConfig({ publicUrl: PUBLIC_URL }));
  }

  /** A request to the attacker's host name: the URL the server sees is theirs as well as the headers. */
  async function forgedCall(on: TestServer, method: string, path: string, body: unknown, token?: string): Promise<unknown> {
    const headers: Record<string, string> = { ...FORGED, 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await on.app.request(`${EVIL}/portalApi${path}`, { method, headers, body: JSON.stringify(body) });
    expect(response.status, path).toBeLessThan(300);
    return response.json();
  }

  describe('links from PUBLIC_URL only', () => {
    it('a forgot-password request naming another Origin and Host still gets a restore link on PUBLIC_URL', async () => {
      const portal = deployed();
      await forgedCall(portal, 'POST', '/Auth/Password/Forgot', { username: 'hcp.checkout' });
      expect((await queuedLink(portal.db, 'passwordRestore')).href).toMatch(/^https:\/\/portal\.example\/restore-password\?token=[\w-]+$/);
    });

    it('a new team member’s set-password link starts with PUBLIC_URL, whatever the request names', async () => {
      const portal = deployed();
      const token = await tokenFor(portal, OWNER);
      await forgedCall(
        portal,
        'POST',
        '/Users',
        {
          firstName: 'Iris',
          lastName: 'Okafor',
          email: 'iris.okafor@riverside-family.example',
          phone: '(916) 555-0199',
          userType: UserType.Nurse,
        },
        token,
      );
      expect((await queuedLink(portal.db, 'invitation')).href).toMatch(/^https:\/\/portal\.example\/restore-password\?token=[\w-]+$/);
    });

    it('report and diagnostics links start with PUBLIC_URL, whatever Host the request names', async () => {
      const portal = deployed();
      const token = await tokenFor(portal, OWNER);
      const report = v.parse(ReportAnswerSchema, await forgedCall(portal, 'POST', '/Reports/', reportRequest(), token));
      expect(report.presignedUrl).toMatch(/^https:\/\/portal\.example\/portalApi\/Reports\/Documents\//);
      const kits = await portal.app.request(`${EVIL}/portalApi/Kits/${READY_KIT}`, {
        headers: { ...FORGED, Authorization: `Bearer ${token}` },
      });
      const files = v.parse(KitSchema, await kits.json()).diagnostics;
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(file.fileUrl).toMatch(/^https:\/\/portal\.example\/portalApi\/Diagnostics\/Files\//);
    });
  });
}
