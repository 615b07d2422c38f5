import { manifestRowProblems, type ManifestRowProblem } from '../../model/orders/manifest-answers';
import { BULK_UPLOAD_TIMEOUT_MS, BulkUploadAnswerSchema } from '../../model/orders/manifest-upload';
import { ApiError, UserFacingError } from '../http/api-error';
import { http, type HttpClient } from '../http/http';

interface Call {
  signal?: AbortSignal;
}

/** The service refused rows of the manifest: the page lists them in its table of rows to fix. */
export class ManifestRowsRefused extends UserFacingError {
  constructor(
    message: string,
    readonly rowErrors: readonly ManifestRowProblem[],
  ) {
    super(message);
  }
}

/** Ordering §7: the manifest (bulk) upload. */
export function createManifestApi(client: HttpClient) {
  return {
    /**
     * Sends the manifest as multipart field `manifest`, with the 60 s time-out of ordering §9 and the upload's
     * Idempotency-Key, so that a retried upload never makes two orders. The client hands a FormData body to fetch
     * untouched, so the browser writes the multipart content type and its boundary. True when the server accepted
     * it; a refusal that lists rows is a ManifestRowsRefused.
     */
    async upload(file: File, idempotencyKey: string, options: Call = {}): Promise<boolean> {
      const body = new FormData();
      body.append('manifest', file, file.name);
      try {
        return await client.read(BulkUploadAnswerSchema, '/Orders/bulk', {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
          timeout: BULK_UPLOAD_TIMEOUT_MS,
          signal: options.signal,
        });
      } catch (error) {
        const rows = error instanceof ApiError ? manifestRowProblems(error.body) : [];
        throw rows.length && error instanceof ApiError ? new ManifestRowsRefused(error.message, rows) : error;
      }
    },
  };
}

export const manifestApi = createManifestApi(http);
