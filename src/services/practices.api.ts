import { PracticeSchema, type Practice } from '../model/practice';
import { http, type HttpClient } from './http';

export function createPracticesApi(client: HttpClient) {
  return {
    async current(options: { signal?: AbortSignal } = {}): Promise<Practice> {
      return client.read(PracticeSchema, '/Practices', { signal: options.signal });
    },
  };
}

export const practicesApi = createPracticesApi(http);
