import type { PreviousUpload, UrlStorage } from 'tus-js-client';

/**
 * Issue 42: where the browser remembers unfinished analysis uploads: tus-js-client's URL storage (localStorage), one
 * entry per upload, keyed `tus::<fingerprint>::<n>`. The fingerprint starts with the practice account, so another
 * account signed in on the same browser never resumes (or is offered) someone else's upload.
 */

const KEY_PREFIX = 'tus::';

/** The storage itself, or null where the browser refuses it (a private window of some browsers, a sandboxed frame). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * tus-js-client's URL storage in localStorage, in its own format (`tus::<fingerprint>::<n>` → the upload as JSON),
 * written here rather than taken from the library so the page reads the same entries in every build and test, and
 * a browser without storage simply resumes nothing after a reload.
 */
export const analysisUrlStorage: UrlStorage = {
  findAllUploads: () => Promise.resolve(entries(KEY_PREFIX)),
  findUploadsByFingerprint: (fingerprint) => Promise.resolve(entries(`${KEY_PREFIX}${fingerprint}::`)),
  removeUpload(urlStorageKey) {
    storage()?.removeItem(urlStorageKey);
    return Promise.resolve();
  },
  addUpload(fingerprint, upload) {
    const key = `${KEY_PREFIX}${fingerprint}::${Math.round(Math.random() * 1e12)}`;
    try {
      storage()?.setItem(key, JSON.stringify(upload));
    } catch {
      // A full storage only means this upload cannot be resumed after a reload; it goes on.
    }
    return Promise.resolve(key);
  },
};

function entries(prefix: string): PreviousUpload[] {
  const store = storage();
  if (!store) return [];
  const found: PreviousUpload[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (!key?.startsWith(prefix)) continue;
    try {
      const upload = JSON.parse(store.getItem(key) ?? '') as Omit<PreviousUpload, 'urlStorageKey'>;
      found.push({ ...upload, urlStorageKey: key });
    } catch {
      // An entry that is not JSON is someone else's, or damaged: it never stops an upload.
    }
  }
  return found;
}

/** The signed-in practice account an upload belongs to (ids as the session holds them). */
export interface UploadOwner {
  readonly practiceId: string | number | null;
  readonly userId: string | number | null;
}

/** Every fingerprint of the owner's uploads starts with this. */
export function ownerPrefix(owner: UploadOwner): string {
  return `analysis/${owner.practiceId ?? '-'}/${owner.userId ?? '-'}/`;
}

/** The same file chosen again (same name, size and last change) by the same account has the same fingerprint. */
export function fingerprintOf(file: File, owner: UploadOwner): string {
  return `${ownerPrefix(owner)}${file.size}/${file.lastModified}/${file.name}`;
}

/** A stored entry's key is `tus::<fingerprint>::<n>` (tus-js-client's WebStorageUrlStorage). */
const storageKeyPrefix = (owner: UploadOwner) => `${KEY_PREFIX}${ownerPrefix(owner)}`;

function newestFirst(a: PreviousUpload, b: PreviousUpload): number {
  return Date.parse(b.creationTime) - Date.parse(a.creationTime);
}

/** The owner's stored uploads, the newest first. */
export async function storedUploads(owner: UploadOwner): Promise<PreviousUpload[]> {
  const all = await analysisUrlStorage.findAllUploads();
  return all.filter((entry) => entry.urlStorageKey.startsWith(storageKeyPrefix(owner)) && entry.uploadUrl).sort(newestFirst);
}

/** The stored upload of this file by this owner, if any: choosing the file again resumes it. */
export async function storedUploadOf(file: File, owner: UploadOwner): Promise<PreviousUpload | null> {
  const stored = await analysisUrlStorage.findUploadsByFingerprint(fingerprintOf(file, owner));
  return stored.filter((entry) => entry.uploadUrl).sort(newestFirst)[0] ?? null;
}

/** Forgets every stored entry of an upload: it was cancelled, or the server no longer has it. */
export async function forgetUpload(uploadUrl: string): Promise<void> {
  const all = await analysisUrlStorage.findAllUploads();
  await Promise.all(
    all.filter((entry) => entry.uploadUrl === uploadUrl).map((entry) => analysisUrlStorage.removeUpload(entry.urlStorageKey)),
  );
}
