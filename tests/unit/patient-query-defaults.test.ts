import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { PATIENT_QUERY_FRESH_MS } from '../../src/model/constants';
import { ApiError } from '../../src/services/http/api-error';
import { mayMendOnRetry, patientQueryDefaults } from '../../src/services/http/query-client';

/** Kits §7: the patient portal's queries retry fewer than 3 times and are fresh for 5 minutes; mutations never retry. */

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
const serverError = () => new ApiError('Server error', 'http', 503);

describe('the patient portal’s query defaults', () => {
  it('a query failing with a server error is tried 3 times in all, then fails', async () => {
    const queries = client();
    patientQueryDefaults.apply(queries);
    let calls = 0;
    const failing = queries.fetchQuery({
      queryKey: ['kits', 'my'],
      queryFn: () => {
        calls += 1;
        return Promise.reject(serverError());
      },
      retryDelay: 0,
    });
    await expect(failing).rejects.toThrow('Server error');
    expect(calls).toBe(3);
    patientQueryDefaults.restore(queries);
  });

  it('a refusal (4xx) or an unreadable answer is not tried again; no answer or a time-out is', () => {
    expect(mayMendOnRetry(new ApiError('Not found', 'http', 404))).toBe(false);
    expect(mayMendOnRetry(new ApiError('Bad body', 'body', 200))).toBe(false);
    expect(mayMendOnRetry(new Error('bug'))).toBe(false);
    expect(mayMendOnRetry(new ApiError('Offline', 'network', null))).toBe(true);
    expect(mayMendOnRetry(new ApiError('Slow', 'timeout', null))).toBe(true);
    expect(mayMendOnRetry(serverError())).toBe(true);
  });

  it('data stays fresh for 5 minutes and mutations are not retried; restoring puts the cache’s own defaults back', () => {
    const queries = client();
    patientQueryDefaults.apply(queries);
    // Applying again while applied keeps the cache's own defaults to restore.
    patientQueryDefaults.apply(queries);
    expect(queries.getDefaultOptions().queries?.staleTime).toBe(PATIENT_QUERY_FRESH_MS);
    expect(PATIENT_QUERY_FRESH_MS).toBe(300_000);
    expect(queries.getDefaultOptions().mutations?.retry).toBe(false);
    patientQueryDefaults.restore(queries);
    expect(queries.getDefaultOptions().queries).toEqual({ retry: false });
    patientQueryDefaults.restore(queries);
    expect(queries.getDefaultOptions().queries).toEqual({ retry: false });
  });
});
