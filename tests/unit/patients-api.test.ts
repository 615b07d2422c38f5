import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/services/http/api-error';
import { createHttpClient } from '../../src/services/http/http';
import { createPatientsApi } from '../../src/services/patients/patients.api';
import { fakeFetch, json, type Handler } from '../support/fake-fetch';

function api(handler: Handler) {
  const network = fakeFetch(handler);
  return { patients: createPatientsApi(createHttpClient({ fetch: network.fetch })), calls: network.calls };
}

const PATIENT = { id: 14, uid: 'p-14', name: 'Ada Quinn', kits: ['KIT-1'], extra: true };

describe('the patients API client (kits §7)', () => {
  it('asks GET /Patients for one page: sort, page, page size, and filters as a JSON array', async () => {
    const { patients, calls } = api(() => json({ items: [PATIENT], page: 2, hasMore: false }));
    const page = await patients.list({
      sort: { column: 'dateOfBirth', direction: 'desc' },
      filters: [{ column: 'name', operator: 'contains', value: 'ada' }],
      page: 2,
      pageSize: 10,
    });
    const url = new URL(calls[0]?.url ?? '', 'http://portal.test');
    expect(url.pathname).toBe('/portalApi/Patients');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sortColumn: 'dateOfBirth',
      sortDirection: 'desc',
      page: '2',
      pageSize: '10',
      filters: JSON.stringify([{ column: 'name', operator: 'contains', value: 'ada' }]),
    });
    expect(page).toMatchObject({ page: 2, hasMore: false, total: null, items: [{ id: 14, name: 'Ada Quinn', kits: ['KIT-1'] }] });
  });

  it('reads one patient by id, and a 404 as no patient (null) rather than a failure', async () => {
    const { patients, calls } = api((call) =>
      call.url.endsWith('/14') ? json(PATIENT) : json({ error: { message: 'Patient not found' }, correlationId: 'c-1' }, 404),
    );
    expect(await patients.get(14)).toMatchObject({ id: 14, uid: 'p-14' });
    expect(await patients.get('99')).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/portalApi/Patients/14', '/portalApi/Patients/99']);
  });

  it('lets any other failure through, worded by the catalogue', async () => {
    const { patients } = api(() => json({ message: 'Database unavailable' }, 503));
    const failure = patients.get(14);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Database unavailable');
  });

  it('creates, replaces, deletes and saves consents with the calls kits §7 names', async () => {
    const { patients, calls } = api((call) =>
      call.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : call.url.endsWith('/Consents')
          ? json({ researchConsent: true, rejuvenationOlympics: false })
          : json(PATIENT, call.method === 'POST' ? 201 : 200),
    );
    await patients.create({ name: 'Ada Quinn', phone: '1' });
    await patients.update('p-14', { name: 'Ada Q.', phone: '1' });
    await patients.remove(14);
    expect(await patients.updateConsents('p-14', { researchConsent: true, rejuvenationOlympics: false })).toEqual({
      researchConsent: true,
      rejuvenationOlympics: false,
    });
    expect(calls.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['POST', '/portalApi/Patients/', { name: 'Ada Quinn', phone: '1' }],
      ['PUT', '/portalApi/Patients/p-14', { name: 'Ada Q.', phone: '1' }],
      ['DELETE', '/portalApi/Patients/14', undefined],
      ['PATCH', '/portalApi/Patients/p-14/Consents', { researchConsent: true, rejuvenationOlympics: false }],
    ]);
  });
});
