import { Hono } from 'hono';
import {
  CspForgetQuerySchema,
  CspForgetSchema,
  CspReportBodySchema,
  CspViolationsSchema,
  type CspViolation,
  TestKitStatusRequestSchema,
  TestKitStatusSchema,
  TestOrderCountQuerySchema,
  TestOrderCountSchema,
  TestResetResponseSchema,
  TestRestoreLinkQuerySchema,
  TestRestoreLinkSchema,
} from '../../src/model/test-support';
import type { Deps } from '../deps';
import { HttpError, NOT_FOUND_MESSAGE } from '../http/errors';
import type { AppEnv } from '../http/env';
import { readBody, readQuery, send } from '../http/validation';
import { ServerText } from '../messages';
import { resetDatabase } from '../seed/seed';
import { changeKitStatus } from '../store/kits/kit-status';
import { countOrders } from '../store/orders/orders';
import { findByLogin } from '../store/auth/people';

/** Where, under the API's base path, the test-mode server collects Content-Security-Policy violations. */
export const CSP_REPORT_PATH = '/__test/csp-reports';

/** Test-only calls, mounted under /portalApi/__test only when PORTAL_TEST_MODE=1. */
export function testSupportRoutes({ db, config, restoreLinks, clock, signingKey }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/__test/reset', async (c) => {
    await resetDatabase(db);
    restoreLinks.clear();
    return send(c, TestResetResponseSchema, { ok: true });
  });

  routes.get('/__test/restore-link', async (c) => {
    const { username } = readQuery(c, TestRestoreLinkQuerySchema);
    const person = await findByLogin(db, username);
    const latest = person ? restoreLinks.latest(person.personId) : undefined;
    if (!latest) throw new HttpError(404, ServerText.noRestoreLink);
    return send(c, TestRestoreLinkSchema, latest);
  });

  routes.get('/__test/orders/count', async (c) => {
    const { practiceId } = readQuery(c, TestOrderCountQuerySchema);
    return send(c, TestOrderCountSchema, { count: await countOrders(db, Number(practiceId)) });
  });

  /**
   * Moves a kit to another status as the lab would, raising the webhook events of the change; the answer comes
   * as soon as the outbox is written, before any delivery is attempted.
   */
  routes.post('/__test/kits/:barcode/status', async (c) => {
    const { status, practiceId } = await readBody(c, TestKitStatusRequestSchema);
    const links = { publicUrl: config.publicUrl, signingKey: await signingKey() };
    const change = await changeKitStatus(db, { barcode: c.req.param('barcode'), status, practiceId, date: clock(), links });
    if (!change) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(c, TestKitStatusSchema, change);
  });

  /**
   * The Content-Security-Policy's report-uri in test mode (server/http/security-headers.ts): Chromium posts every
   * violation here, and the browser suite's teardown asks for them once every journey has run.
   */
  const violations: CspViolation[] = [];
  routes.post(CSP_REPORT_PATH, async (c) => {
    const report = (await readBody(c, CspReportBodySchema))['csp-report'];
    violations.push({
      documentUri: report['document-uri'],
      directive: report['effective-directive'] || report['violated-directive'],
      blockedUri: report['blocked-uri'],
      sourceFile: report['source-file'],
      sample: report['script-sample'],
    });
    return c.body(null, 204);
  });
  routes.get(CSP_REPORT_PATH, (c) => send(c, CspViolationsSchema, { violations }));
  routes.delete(CSP_REPORT_PATH, (c) => {
    const { page } = readQuery(c, CspForgetQuerySchema);
    const kept = violations.filter((violation) => !violation.documentUri.includes(page));
    const removed = violations.length - kept.length;
    violations.splice(0, violations.length, ...kept);
    return send(c, CspForgetSchema, { removed });
  });

  return routes;
}
