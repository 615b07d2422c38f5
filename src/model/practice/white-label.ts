import { WhiteLabelRuleText } from './white-label-texts';

/**
 * Ordering §5, §9: the logo rules of the White Label Reports tab. The browser and the reference
 * server apply the same functions: the browser to the file before it is sent, the server to the bytes
 * it received (where the declared name and type prove nothing).
 */

/** 2 MB, as a binary megabyte: the size a file chooser shows as "2 MB". */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** The recommended size; a larger image is a warning, not a refusal. */
export const LOGO_RECOMMENDED_WIDTH = 1382;
export const LOGO_RECOMMENDED_HEIGHT = 1132;

/** The multipart field of PATCH /Practices/WhiteLabel (ordering §7), and the text in it that clears the logo. */
export const WHITE_LABEL_FIELD = 'whiteLabel';
export const CLEAR_LOGO_VALUE = 'null';

export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoMediaType = (typeof LOGO_MEDIA_TYPES)[number];

/** What the file chooser offers. */
export const LOGO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** Enough of a file's start to recognise it. */
export const LOGO_SIGNATURE_BYTES = 8;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff] as const;

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

/** The image type the bytes themselves say (PNG or JPEG magic numbers), whatever the file is called. */
export function logoTypeOf(bytes: Uint8Array): LogoMediaType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

const LOGO_EXTENSION = /\.(jpe?g|png)$/i;

/**
 * The quick check a browser can make before reading the file: its declared type, or its name when the
 * browser declares none. The bytes are checked afterwards with logoTypeOf.
 */
export function looksLikeLogo(file: { readonly name: string; readonly type: string }): boolean {
  if (file.type) return LOGO_MEDIA_TYPES.some((type) => type === file.type.toLowerCase());
  return LOGO_EXTENSION.test(file.name);
}

export function logoTooLarge(size: number): boolean {
  return size > LOGO_MAX_BYTES;
}

/** The refusal of a chosen file by its size and declared type (§5), or null when it may be read. */
export function logoFileError(file: { readonly name: string; readonly type: string; readonly size: number }): string | null {
  if (logoTooLarge(file.size)) return WhiteLabelRuleText.tooLarge;
  if (!looksLikeLogo(file)) return WhiteLabelRuleText.notImage;
  return null;
}

/** Over 1382 × 1132 in either direction: the warning of §5, which does not block the save. */
export function logoExceedsRecommendedSize(size: { readonly width: number; readonly height: number }): boolean {
  return size.width > LOGO_RECOMMENDED_WIDTH || size.height > LOGO_RECOMMENDED_HEIGHT;
}

export function logoDimensionsWarning(size: { readonly width: number; readonly height: number }): string | null {
  return logoExceedsRecommendedSize(size) ? WhiteLabelRuleText.dimensionsWarning : null;
}
