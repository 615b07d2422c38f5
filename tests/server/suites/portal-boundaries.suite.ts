import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PROVIDER_ONLY_MESSAGE } from '../../../server/auth/require-provider';
import { NOT_FOUND_MESSAGE } from '../../../server/http/errors';
import { KitSchema } from '../../../src/model/kits/kit';
import { ErrorText } from '../../../src/model/messages';
import { errorMessage, type TestServer } from '../support/harness';
import { generate, linkOf, OWNER, READY_KIT, reportRequest, RIVERSIDE, tokenFor } from './kits-fixtures.suite';

/** Isla Jensen's own ready kit (TruAge, with legacy reports) and Henry Chen, Riverside's patient with one kit. */
const PATIENT = 'patient';
const OWN_READY_KIT = 'KT-11-0020';
const OTHER_PATIENT = 'patient.one';

/** Calls that read every record of the practice: the headline of what a patient must not reach. */
const PRACTICE_WIDE = ['/Kits', `/Kits/${READY_KIT}`, `/Kits/${OWN_READY_KIT}`, '/Patients', '/Orders', '/Users', '/Webhooks', '/Products'];

/** A report request for Isla's ready kit, of the type of its first report as GET /Reports/My lists it. */
async function ownReport(server: TestServer): Promise<Record<string, unknown>> {
  const answer = await server.call('GET', '/Reports/My', { token: await tokenFor(server, PATIENT) });
  const kit = v.parse(v.array(KitSchema), answer.body).find((candidate) => candidate.barcode === OWN_READY_KIT);
  const reportType = kit?.reports[0]?.type;
  expect(reportType).toBeTypeOf('number');
  return reportRequest({ kitId: OWN_READY_KIT, reportType });
}

export function portalBoundariesSuite(server: () => TestServer): void {
  describe('what a patient’s token reaches of the practice', () => {
    it('refuses a patient every practice-wide call with 403, and answers nothing of the practice', async () => {
      const token = await tokenFor(server(), PATIENT);
      for (const path of PRACTICE_WIDE) {
        const answer = await server().call('GET', path, { token });
        expect(answer.status, path).toBe(403);
        expect(errorMessage(answer.body), path).toBe(PROVIDER_ONLY_MESSAGE);
        // The refusal and nothing else: no page, no record of the practice's.
        expect(Object.keys(answer.body as object).sort(), path).toEqual(['correlationId', 'error']);
      }
      const legacy = await server().app.request('/api/patients', { headers: { Authorization: `Bearer ${token}` } });
      expect(legacy.status).toBe(403);
    });

    it('gives a patient a report link for her own kit, which opens', async () => {
      const answer = await generate(server(), await tokenFor(server(), PATIENT), await ownReport(server()));
      const response = await server().app.request(linkOf(answer));
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(OWN_READY_KIT);
    });

    it('answers a patient asking for a report of another patient’s kit as absent (404), as the provider is answered a link', async () => {
      const isla = await tokenFor(server(), PATIENT);
      const henry = await tokenFor(server(), OTHER_PATIENT);
      const islas = await ownReport(server());
      for (const [token, request] of [
        [isla, reportRequest({ kitId: READY_KIT })],
        [henry, islas],
      ] as const) {
        const answer = await generate(server(), token, request);
        const kitId = String(request.kitId);
        expect(answer.status, kitId).toBe(404);
        expect(errorMessage(answer.body), kitId).toBe(NOT_FOUND_MESSAGE);
        expect(JSON.stringify(answer.body)).not.toContain('presignedUrl');
      }
      linkOf(await generate(server(), await tokenFor(server(), OWNER), islas));
    });

    it('gives a patient no report at all where the practice does not show reports to patients', async () => {
      const request = await ownReport(server());
      linkOf(await generate(server(), await tokenFor(server(), PATIENT), request));
      await server().db.query('UPDATE practices SET show_reports_to_patients = false WHERE id = $1', [RIVERSIDE]);
      const answer = await generate(server(), await tokenFor(server(), PATIENT), request);
      expect(answer.status).toBe(404);
      expect(errorMessage(answer.body)).toBe(NOT_FOUND_MESSAGE);
      linkOf(await generate(server(), await tokenFor(server(), OWNER), request));
    });

    it('refuses a report to an account of neither portal (403)', async () => {
      const answer = await generate(server(), await tokenFor(server(), 'lab.user'), reportRequest({ kitId: READY_KIT }));
      expect(answer.status).toBe(403);
      expect(errorMessage(answer.body)).toBe(ErrorText.forbidden);
    });
  });
}
