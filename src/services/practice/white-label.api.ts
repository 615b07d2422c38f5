import { PracticeSchema, type Practice } from '../../model/practice/practice';
import { CLEAR_LOGO_VALUE, WHITE_LABEL_FIELD } from '../../model/practice/white-label';
import { http, type HttpClient } from '../http/http';

/** Ordering §7: PATCH /Practices/WhiteLabel, a multipart form whose field whiteLabel holds the logo or the text null. */
export function createWhiteLabelApi(client: HttpClient) {
  return {
    /** Sets the report logo, or clears it with `null`; answers the practice as it now is. */
    async save(logo: Blob | null, options: { signal?: AbortSignal } = {}): Promise<Practice> {
      const form = new FormData();
      if (logo) form.append(WHITE_LABEL_FIELD, logo);
      else form.append(WHITE_LABEL_FIELD, CLEAR_LOGO_VALUE);
      return client.read(PracticeSchema, '/Practices/WhiteLabel', { method: 'PATCH', body: form, signal: options.signal });
    },
  };
}

export const whiteLabelApi = createWhiteLabelApi(http);
