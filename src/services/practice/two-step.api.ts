import * as v from 'valibot';
import { PracticeTwoStepSchema, type PracticeTwoStep } from '../../model/auth/two-step';
import { ApiError } from '../http/api-error';
import { http, type HttpClient } from '../http/http';

interface Call {
  signal?: AbortSignal;
}

/** Issue 44: whether the practice requires two-step sign-in of its members; null where the portalApi lacks the call. */
export function createPracticeTwoStepApi(client: HttpClient) {
  return {
    async get(options: Call = {}): Promise<PracticeTwoStep | null> {
      try {
        return await client.read(PracticeTwoStepSchema, '/Practices/TwoStep', { signal: options.signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    set(required: boolean, options: Call = {}): Promise<PracticeTwoStep> {
      return client.read(PracticeTwoStepSchema, '/Practices/TwoStep', {
        method: 'PUT',
        body: v.parse(PracticeTwoStepSchema, { required }),
        signal: options.signal,
      });
    },
  };
}

export const practiceTwoStepApi = createPracticeTwoStepApi(http);
