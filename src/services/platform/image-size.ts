import { LOGO_SIGNATURE_BYTES, logoTypeOf, type LogoMediaType } from '../../model/practice/white-label';

/** What the browser finds in a chosen image file: the type its bytes say, and its natural size. */
export interface ImageFacts {
  /** PNG or JPEG by the file's magic number; null for anything else, whatever its name. */
  readonly type: LogoMediaType | null;
  readonly width: number;
  readonly height: number;
}

/** The natural size the browser decodes; rejects when the bytes are no image it can show. */
export function naturalSize(file: Blob, signal?: AbortSignal): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = () => {
      URL.revokeObjectURL(url);
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      done();
      image.src = '';
      reject(signal?.reason instanceof Error ? signal.reason : new Error('The image check was cancelled'));
    };
    image.onload = () => {
      done();
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      done();
      reject(new Error('The file is not an image the browser can show'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    image.src = url;
  });
}

/**
 * Reads the file's first bytes and, only when they say PNG or JPEG, its natural size: a text file
 * named logo.png stops at the first step, before the browser is asked to decode it.
 */
export async function inspectImage(file: Blob, signal?: AbortSignal): Promise<ImageFacts> {
  const head = new Uint8Array(await file.slice(0, LOGO_SIGNATURE_BYTES).arrayBuffer());
  const type = logoTypeOf(head);
  if (!type) return { type: null, width: 0, height: 0 };
  const { width, height } = await naturalSize(file, signal);
  return { type, width, height };
}
