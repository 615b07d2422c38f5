import { DetailedError, Upload, type HttpRequest } from 'tus-js-client';
import { API_BASE_PATH } from '../../model/constants';
import { ANALYSIS_CHUNK_BYTES, ANALYSIS_UPLOADS_PATH, AnalysisFileText } from '../../model/orders/analysis';
import { AnalysisPageText } from '../../model/orders/analysis-texts';
import { apiErrorFromResponse, errorMessageOf, UserFacingError } from '../http/api-error';
import { config } from '../http/config';
import { http } from '../http/http';
import { isOnline, watchConnection } from './analysis-connection';
import { analysisUrlStorage, fingerprintOf, forgetUpload, storedUploadOf, type UploadOwner } from './analysis-storage';

/**
 * Issue 42: the analysis upload's transfer, over the tus protocol with tus-js-client. Chunks of ANALYSIS_CHUNK_BYTES;
 * a lost chunk is sent again after the delays below; a lost connection waits for the browser to be back online; a
 * reload, or another day, resumes the same file from the server's offset (URL storage, analysis-storage.ts). Every
 * request carries the session's current access token, and a 401 refreshes it once and tries again.
 */

/**
 * Waits between tries of a failed request: at once, then longer, about two and a half minutes in all, so that a
 * network that drops for a minute does not stop the upload. Progress starts the count again.
 */
export const ANALYSIS_RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 30_000, 30_000, 30_000] as const;

/** The tus endpoint as an absolute address: tus-js-client resolves the Location of a new upload against it. */
export function uploadsEndpoint(): string {
  const base = config.apiBasePath ?? API_BASE_PATH;
  return new URL(`${base}${ANALYSIS_UPLOADS_PATH}`, window.location.href).toString();
}

/** What a transfer tells its owner (the machine's transfer actor). */
export interface TransferListener {
  progress(sent: number, total: number): void;
  /** The server made the upload (or a stored one was found): its address, for Cancel and for the outcome. */
  located(uploadUrl: string): void;
  /** The browser went offline (false) or came back (true). */
  connection(online: boolean): void;
  /** Every byte has arrived. */
  finished(uploadUrl: string): void;
  /** Refused by the server, or tries used up: the words to show. */
  failed(error: UserFacingError): void;
}

export interface Transfer {
  /** Stops sending; what the server holds is kept. */
  pause(): Promise<void>;
  /** Asks the server for its offset (HEAD) and continues from there. */
  resume(): void;
  /** Stops and deletes the upload on the server (tus termination) and in the browser's storage. */
  cancel(): Promise<void>;
  /** The page is left: stops sending and stops listening, keeping the upload to be resumed later. */
  stop(): void;
}

/** Statuses worth another try: none (a lost connection), conflicts and locks (tus answers them during a resume), 5xx but a full disk. */
function worthRetrying(status: number): boolean {
  if (status === 507) return false;
  return status === 0 || status === 409 || status === 423 || status >= 500;
}

/** The status's own words for a refusal without a message of the server's. */
const STATUS_TEXT: Partial<Record<number, string>> = {
  404: AnalysisFileText.notFound,
  410: AnalysisFileText.notFound,
  413: AnalysisFileText.tooLarge,
  507: AnalysisFileText.noSpace,
};

function bodyOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The words for a failed transfer: the server's message when it gave one (through the catalogue's helpers), else the status's. */
export function transferFailure(error: Error): UserFacingError {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return new UserFacingError(AnalysisPageText.uploadFailed);
  const status = response.getStatus();
  const body = bodyOf(response.getBody());
  const { errorMessage, message } = errorMessageOf(body);
  const own = STATUS_TEXT[status];
  if (!errorMessage && !message && own) return new UserFacingError(own);
  if (status < 400 && !errorMessage) return new UserFacingError(AnalysisPageText.uploadFailed);
  return apiErrorFromResponse(status, body);
}

const bearerOf = (request: HttpRequest) => request.getHeader('Authorization')?.replace(/^Bearer /, '') ?? null;

/** Starts (or resumes) the upload of a file for the signed-in account. */
export function startTransfer(file: File, owner: UploadOwner, listener: TransferListener): Transfer {
  let paused = false;
  let ended = false;
  let renewal: Promise<string | null> | null = null;
  // A 401 refreshes once; a second one in a row means the session has ended, and the upload stops.
  let unauthorizedInARow = 0;

  const upload = new Upload(file, {
    endpoint: uploadsEndpoint(),
    chunkSize: ANALYSIS_CHUNK_BYTES,
    retryDelays: [...ANALYSIS_RETRY_DELAYS],
    metadata: { filename: file.name, filetype: file.type || 'application/zip' },
    urlStorage: analysisUrlStorage,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    fingerprint: (chosen: File) => Promise.resolve(fingerprintOf(chosen, owner)),
    async onBeforeRequest(request) {
      // Asked for each request. The first after a 401 takes the renewed token; a HEAD (a resume), the creation and a
      // termination take a live one, since tus does not try them again after a 401 (a refused HEAD starts the upload
      // over); a PATCH takes the current one, and a 401 renews it.
      const renewed = renewal;
      renewal = null;
      if (renewed) await renewed.catch(() => null);
      const token = await http.bearer({ live: !renewed && request.getMethod() !== 'PATCH' });
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onAfterResponse(_request, response) {
      if (response.getStatus() !== 401) unauthorizedInARow = 0;
    },
    onShouldRetry(error) {
      const status = error.originalResponse?.getStatus() ?? 0;
      if (status === 401) {
        unauthorizedInARow += 1;
        if (unauthorizedInARow > 1) return false;
        renewal = http.renewBearer(bearerOf(error.originalRequest));
        return true;
      }
      // Offline, the upload waits for the 'online' event instead of using up its tries.
      return worthRetrying(status) && isOnline();
    },
    onUploadUrlAvailable() {
      if (upload.url) listener.located(upload.url);
    },
    onProgress: (sent, total) => listener.progress(sent, total),
    onSuccess: () => listener.finished(upload.url ?? ''),
    onError(error) {
      if (ended) return;
      if (!isOnline()) listener.connection(false);
      else listener.failed(transferFailure(error));
    },
  });

  const stopWatching = watchConnection((online) => {
    if (ended) return;
    listener.connection(online);
    // Back online: continue at once rather than after the next retry delay.
    if (online && !paused) void upload.abort(false).then(() => !paused && !ended && upload.start());
  });

  void storedUploadOf(file, owner)
    .then((stored) => {
      if (stored) upload.resumeFromPreviousUpload(stored);
    })
    .catch(() => undefined)
    .then(() => {
      if (!paused && !ended) upload.start();
    });

  return {
    async pause() {
      paused = true;
      await upload.abort(false);
    },
    resume() {
      paused = false;
      if (!ended) upload.start();
    },
    async cancel() {
      ended = true;
      stopWatching();
      try {
        await upload.abort(true);
      } catch {
        // The server could not be told (offline, or it is down): it removes unfinished uploads after a while, and
        // the browser forgets this one now, so it is not offered again.
        if (upload.url) await forgetUpload(upload.url);
      }
    },
    stop() {
      if (ended) return;
      ended = true;
      stopWatching();
      void upload.abort(false);
    },
  };
}
