import { defaultOptions, type PreviousUpload } from 'tus-js-client';

/**
 * Issue 42: where the browser remembers unfinished analysis uploads: tus-js-client's URL storage (localStorage), one
 * entry per upload, keyed `tus::<fingerprint>::<n>`. The fingerprint starts with the practice account, so another
 * account signed in on the same browser never resumes (or is offered) someone else's upload.
 */

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
const storageKeyPrefix = (owner: UploadOwner) => `tus::${ownerPrefix(owner)}`;

function newestFirst(a: PreviousUpload, b: PreviousUpload): number {
  return Date.parse(b.creationTime) - Date.parse(a.creationTime);
}

/** The owner's stored uploads, the newest first. */
export async function storedUploads(owner: UploadOwner): Promise<PreviousUpload[]> {
  const all = await defaultOptions.urlStorage.findAllUploads();
  return all.filter((entry) => entry.urlStorageKey.startsWith(storageKeyPrefix(owner)) && entry.uploadUrl).sort(newestFirst);
}

/** The stored upload of this file by this owner, if any: choosing the file again resumes it. */
export async function storedUploadOf(file: File, owner: UploadOwner): Promise<PreviousUpload | null> {
  const entries = await defaultOptions.urlStorage.findUploadsByFingerprint(fingerprintOf(file, owner));
  return entries.filter((entry) => entry.uploadUrl).sort(newestFirst)[0] ?? null;
}

/** Forgets every stored entry of an upload: it was cancelled, or the server no longer has it. */
export async function forgetUpload(uploadUrl: string): Promise<void> {
  const storage = defaultOptions.urlStorage;
  const all = await storage.findAllUploads();
  await Promise.all(all.filter((entry) => entry.uploadUrl === uploadUrl).map((entry) => storage.removeUpload(entry.urlStorageKey)));
}
