import { afterEach, describe, expect, it, vi } from 'vitest';
import { DetailedError, type HttpRequest, type HttpResponse } from 'tus-js-client';
import { AnalysisFileText } from '../../src/model/orders/analysis';
import { AnalysisPageText } from '../../src/model/orders/analysis-texts';
import { ApiError, UserFacingError } from '../../src/services/http/api-error';
import {
  OUTCOME_LIMIT_MS,
  OUTCOME_POLL_MS,
  settledOutcome,
  uploadIdOf,
  type readOutcome,
} from '../../src/services/orders/analysis-outcome';
import { analysisUrlStorage, fingerprintOf, forgetUpload, storedUploadOf, storedUploads } from '../../src/services/orders/analysis-storage';
import { transferFailure } from '../../src/services/orders/analysis-upload';

const answered = (status: number, body: string) => {
  const request: Pick<HttpRequest, 'getHeader' | 'getMethod' | 'getURL'> = {
    getHeader: () => undefined,
    getMethod: () => 'POST',
    getURL: () => 'https://lab.example/portalApi/Analysis/Uploads',
  };
  const response: Pick<HttpResponse, 'getStatus' | 'getBody'> = { getStatus: () => status, getBody: () => body };
  // The library's typings leave out the constructor's request and response, which its errors carry.
  const detailed = Object.assign(new DetailedError('tus: unexpected response while creating upload'), {
    originalRequest: request,
    originalResponse: response,
  });
  return detailed;
};

/** A localStorage of the test's own: the unit tests run without a browser. */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the analysis upload’s refusals, in the server’s words (issue 42)', () => {
  it('shows the server’s message with its correlation id (413, 429, 507, 400 at creation)', () => {
    const body = JSON.stringify({ error: { message: 'Your organization already has 3 uploads under way.' }, correlationId: 'c-42' });
    const error = transferFailure(answered(429, body));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain('Your organization already has 3 uploads under way.');
    expect(error.message).toContain('c-42');
  });

  it('words a refusal without a message by its status: too large, no space, gone', () => {
    expect(transferFailure(answered(413, '')).message).toBe(AnalysisFileText.tooLarge);
    expect(transferFailure(answered(507, 'Insufficient Storage')).message).toBe(AnalysisFileText.noSpace);
    expect(transferFailure(answered(404, '')).message).toBe(AnalysisFileText.notFound);
  });

  it('a transfer that gave up without an answer says it stopped and may be tried again', () => {
    expect(transferFailure(new Error('tus: failed to upload chunk')).message).toBe(AnalysisPageText.uploadFailed);
    expect(transferFailure(new DetailedError('tus: failed to upload chunk')).message).toBe(AnalysisPageText.uploadFailed);
  });
});

describe('the analysis outcome (GET /Analysis/Uploads/{id}/Outcome)', () => {
  it('reads the upload’s id from the last part of its address, a path or an absolute URL', () => {
    expect(uploadIdOf('/portalApi/Analysis/Uploads/u-41')).toBe('u-41');
    expect(uploadIdOf('https://uploads.lab.example/files/a%20b/')).toBe('a b');
  });

  it('asks every 2 s while the archive is checked, through a lost answer, until it is accepted', async () => {
    vi.useFakeTimers();
    const answers: (() => ReturnType<typeof readOutcome>)[] = [
      () => Promise.resolve({ state: 'uploading' }),
      () => Promise.reject(new ApiError('The server cannot be reached.', 'network', null)),
      () => Promise.resolve({ state: 'checking' }),
      () => Promise.resolve({ state: 'accepted', orderNumber: 'A-1042' }),
    ];
    const read = vi.fn<typeof readOutcome>(() => (answers.shift() ?? (() => Promise.reject(new Error('asked too often'))))());
    const outcome = settledOutcome('/portalApi/Analysis/Uploads/u-41', { read });
    await vi.advanceTimersByTimeAsync(OUTCOME_POLL_MS * 3);
    await expect(outcome).resolves.toEqual({ state: 'accepted', orderNumber: 'A-1042' });
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('stops at a refusal of the call itself, and says so clearly when the check never finishes', async () => {
    const refused = new ApiError('Upload not found', 'http', 404);
    await expect(settledOutcome('/u/1', { read: () => Promise.reject(refused) })).rejects.toBe(refused);
    vi.useFakeTimers();
    const outcome = settledOutcome('/u/1', { read: () => Promise.resolve({ state: 'checking' }) });
    const failed = expect(outcome).rejects.toEqual(new UserFacingError(AnalysisPageText.checkTooLong));
    await vi.advanceTimersByTimeAsync(OUTCOME_LIMIT_MS + OUTCOME_POLL_MS);
    await failed;
  });
});

describe('the browser’s memory of unfinished uploads (tus URL storage)', () => {
  const file = new File(['PK'], 'run-7.zip', { lastModified: 1_700_000_000_000 });
  const harbor = { practiceId: 1, userId: 101 };
  const summit = { practiceId: 12, userId: 101 };

  it('fingerprints a file with the account, so another account never resumes it', () => {
    expect(fingerprintOf(file, harbor)).not.toBe(fingerprintOf(file, summit));
    expect(fingerprintOf(file, harbor)).toBe(fingerprintOf(new File(['PK'], 'run-7.zip', { lastModified: 1_700_000_000_000 }), harbor));
  });

  it('finds the account’s own uploads, newest first, and forgets an upload in every entry', async () => {
    vi.stubGlobal('window', { localStorage: fakeStorage() });
    const entry = (url: string, day: number) => ({
      size: 2,
      metadata: { filename: 'run-7.zip' },
      creationTime: new Date(Date.UTC(2026, 10, day)).toString(),
      uploadUrl: url,
      parallelUploadUrls: null,
      urlStorageKey: '',
    });
    await analysisUrlStorage.addUpload(fingerprintOf(file, harbor), entry('/u/old', 1));
    await analysisUrlStorage.addUpload(fingerprintOf(file, harbor), entry('/u/new', 2));
    await analysisUrlStorage.addUpload(fingerprintOf(file, summit), entry('/u/summit', 3));
    expect((await storedUploads(harbor)).map((upload) => upload.uploadUrl)).toEqual(['/u/new', '/u/old']);
    expect((await storedUploadOf(file, summit))?.uploadUrl).toBe('/u/summit');
    await forgetUpload('/u/new');
    expect((await storedUploads(harbor)).map((upload) => upload.uploadUrl)).toEqual(['/u/old']);
  });

  it('resumes nothing where the browser keeps no storage', async () => {
    vi.stubGlobal('window', undefined);
    await expect(storedUploads(harbor)).resolves.toEqual([]);
  });
});
