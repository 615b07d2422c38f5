import { BULK_UPLOAD_TIMEOUT_MS, BulkUploadAnswerSchema } from '../../model/orders/manifest-upload';
import { http, type HttpClient } from '../http/http';

interface Call {
  signal?: AbortSignal;
}

/** Ordering §7: the manifest (bulk) upload. */
export function createManifestApi(client: HttpClient) {
  return {
    /**
     * Sends the manifest as multipart field `manifest`, with the 60 s time-out of ordering §9. The client hands a
     * FormData body to fetch untouched, so the browser writes the multipart content type and its boundary.
     * True when the server accepted it.
     */
    upload(file: File, options: Call = {}): Promise<boolean> {
      const body = new FormData();
      body.append('manifest', file, file.name);
      return client.read(BulkUploadAnswerSchema, '/Orders/bulk', {
        method: 'POST',
        body,
        timeout: BULK_UPLOAD_TIMEOUT_MS,
        signal: options.signal,
      });
    },
  };
}

export const manifestApi = createManifestApi(http);
