import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { LEGACY_PATIENT_ENDPOINTS } from '../../../src/model/endpoints/patients';
import { PatientMessageText } from '../../../src/model/patients/patient-texts';
import { BODY_TOO_LARGE_MESSAGE, LEGACY_BODY_LIMIT_BYTES } from '../../../server/routes/patients/legacy';
import { errorMessage, snapshot, type Answer, type TestServer } from '../support/harness';
import { tokenOf } from './ordering-fixtures.suite';
import { createFixturePatients, createPatient, filtersParam } from './patients-fixtures';

interface LegacyCall {
  readonly token?: string;
  readonly body?: unknown;
  /** A GET's JSON body, as Node hands it to the app (fetch's Request cannot carry one). */
  readonly getBody?: string;
}

/** A call outside the base path, as a page makes a relative one (`/api/patients…`). */
async function legacy(server: TestServer, method: string, path: string, options: LegacyCall = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let env: { incoming: Readable } | undefined;
  if (options.getBody !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(Buffer.byteLength(options.getBody));
    env = { incoming: Readable.from([Buffer.from(options.getBody)]) };
  }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const response = await server.app.request(path, { method, headers, body }, env);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
}

/** A GET with a JSON body over real HTTP, through @hono/node-server as the server runs in production. */
async function getWithBodyOverHttp(server: TestServer, token: string, json: string): Promise<{ status: number; body: unknown }> {
  const listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => listening.once('listening', () => resolve()));
  const { port } = listening.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'GET',
          path: '/api/patients',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(json);
    });
  } finally {
    await new Promise((resolve) => listening.close(resolve));
  }
}

/** Kits §7's legacy relative calls answer what the portalApi calls answer. */
export function patientsLegacySuite(server: () => TestServer): void {
  describe('the legacy /api/patients calls', () => {
    it('are served exactly as LEGACY_PATIENT_ENDPOINTS describes them, at the origin rather than under the base path', () => {
      const served = server()
        .app.routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
        .map((route) => `${route.method} ${route.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`);
      const described = LEGACY_PATIENT_ENDPOINTS.map(
        (endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.server ?? ''}${endpoint.path}`,
      );
      // A route is listed once per handler (the sign-in check, then the call's own): a set counts it once.
      expect([...new Set(served)].sort()).toEqual([...described].sort());
    });

    it('GET /api/patients answers the same pages as GET /Patients, for the same query', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      await createFixturePatients(server(), token);
      const queries = [
        '',
        '?page=2',
        '?sortColumn=dateOfBirth&sortDirection=desc&pageSize=5',
        `?${filtersParam([{ column: 'name', operator: 'contains', value: 'quinn' }])}`,
        '?filter_email_endsWith=%40mail.example&sortColumn=email',
      ];
      for (const query of queries) {
        const current = await server().call('GET', `/Patients${query}`, { token });
        const old = await legacy(server(), 'GET', `/api/patients${query}`, { token });
        expect(old.status, query).toBe(200);
        expect(old.body, query).toEqual(current.body);
      }
    });

    it('reads the list query from a JSON body too (filters as an array, numbers as numbers), the body winning', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      await createFixturePatients(server(), token);
      const filters = [{ column: 'name', operator: 'contains', value: 'a' }];
      const current = await server().call(
        'GET',
        `/Patients?sortColumn=phone&sortDirection=desc&page=2&pageSize=3&${filtersParam(filters)}`,
        {
          token,
        },
      );
      const getBody = JSON.stringify({ sortColumn: 'phone', sortDirection: 'desc', page: 2, pageSize: 3, filters });
      const old = await legacy(server(), 'GET', '/api/patients?sortColumn=email&page=9', { token, getBody });
      expect(old.status).toBe(200);
      expect(old.body).toEqual(current.body);
      expect(await getWithBodyOverHttp(server(), token, getBody)).toEqual({ status: 200, body: current.body });
    });

    it('refuses a GET body that is not a JSON object, holds a bad parameter or is too large', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const bad = await legacy(server(), 'GET', '/api/patients', { token, getBody: '{"page":' });
      expect(bad.status).toBe(400);
      const array = await legacy(server(), 'GET', '/api/patients', { token, getBody: '[]' });
      expect(array.status).toBe(400);
      const page = await legacy(server(), 'GET', '/api/patients', { token, getBody: '{"page":0}' });
      expect(page.status).toBe(400);
      expect(errorMessage(page.body)).toMatch(/^page: /);
      const large = await legacy(server(), 'GET', '/api/patients', {
        token,
        getBody: JSON.stringify({ x: 'y'.repeat(LEGACY_BODY_LIMIT_BYTES) }),
      });
      expect(large.status).toBe(413);
      expect(errorMessage(large.body)).toBe(BODY_TOO_LARGE_MESSAGE);
    });

    it('GET, POST, PUT /api/patients/{id} and PUT …/consents answer as their portalApi calls', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const made = await legacy(server(), 'POST', '/api/patients', {
        token,
        body: { name: 'Legacy Lee', email: 'lee@mail.example', phone: '1' },
      });
      expect(made.status).toBe(201);
      const created = await createPatient(server(), token, { name: 'Portal Pat', phone: '1' });
      for (const key of [created.id, created.uid]) {
        const old = await legacy(server(), 'GET', `/api/patients/${key}`, { token });
        expect(old.body).toEqual((await server().call('GET', `/Patients/${key}`, { token })).body);
      }
      const updated = await legacy(server(), 'PUT', `/api/patients/${created.id}`, {
        token,
        body: { name: 'Portal Pat Renamed', phone: '1' },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual((await server().call('GET', `/Patients/${created.id}`, { token })).body);
      expect(updated.body).toMatchObject({ name: 'Portal Pat Renamed' });
      const consents = { researchConsent: false, rejuvenationOlympics: true };
      const saved = await legacy(server(), 'PUT', `/api/patients/${created.uid}/consents`, { token, body: consents });
      expect(saved).toMatchObject({ status: 200, body: consents });
      const invalid = await legacy(server(), 'POST', '/api/patients', { token, body: { email: 'x' } });
      expect(invalid.status).toBe(400);
    });

    it('treats another practice’s patient as absent, and needs a signed-in user', async () => {
      const created = await createPatient(server(), await tokenOf(server(), 'hcp.net30'), { name: 'Kept Apart', phone: '1' });
      const other = await tokenOf(server(), 'hcp.checkout');
      const before = await snapshot(server().db);
      for (const [method, path, body] of [
        ['GET', `/api/patients/${created.id}`, undefined],
        ['PUT', `/api/patients/${created.id}`, { name: 'Taken Over', phone: '1' }],
        ['PUT', `/api/patients/${created.uid}/consents`, { researchConsent: true, rejuvenationOlympics: true }],
      ] as const) {
        const answer = await legacy(server(), method, path, { token: other, body });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(errorMessage(answer.body)).toBe(PatientMessageText.notFound);
      }
      expect(await snapshot(server().db)).toBe(before);
      expect((await legacy(server(), 'GET', '/api/patients')).status).toBe(401);
      expect((await legacy(server(), 'POST', '/api/patients', { body: {} })).status).toBe(401);
    });
  });
}
