import { randomBytes } from 'node:crypto';
import { API_BASE_PATH } from '../../../src/model/constants';
import type { LogoMediaType } from '../../../src/model/practice/white-label';
import type { Queryable } from '../../db/database';

/** Below the API base: the public address of a stored logo, `{token}` being its only secret. */
export const LOGO_PATH = '/Practices/WhiteLabel/Logos';

export function logoUrl(token: string): string {
  return `${API_BASE_PATH}${LOGO_PATH}/${token}`;
}

/** 192 random bits: not guessable, and short enough for a URL. */
function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export interface StoredLogo {
  readonly contentType: LogoMediaType;
  readonly bytes: Uint8Array<ArrayBuffer>;
}

interface LogoRow extends Record<string, unknown> {
  content_type: LogoMediaType;
  bytes: Uint8Array;
}

/**
 * Keeps the practice's logo and points its white_label at the new address. Call it in a transaction (`tx`), so that
 * the practice never names a logo that is not stored, and with the change's activity entry (issue 44). Answers the new
 * URL, or null when no such practice is stored.
 */
export async function saveLogo(tx: Queryable, practiceId: number, logo: StoredLogo, now: Date): Promise<string | null> {
  const token = newToken();
  const url = logoUrl(token);
  const updated = await tx.query('UPDATE practices SET white_label = $2::jsonb WHERE id = $1 RETURNING id', [
    practiceId,
    JSON.stringify({ logoUrl: url }),
  ]);
  if (!updated.length) return null;
  await tx.query(
    `INSERT INTO practice_logos (practice_id, content_type, bytes, token, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (practice_id) DO UPDATE
       SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes, token = EXCLUDED.token, updated_at = EXCLUDED.updated_at`,
    [practiceId, logo.contentType, logo.bytes, token, now.toISOString()],
  );
  return url;
}

/** Forgets the practice's logo: its URL stops answering and the practice names none. False when no such practice. */
export async function clearLogo(tx: Queryable, practiceId: number): Promise<boolean> {
  await tx.query('DELETE FROM practice_logos WHERE practice_id = $1', [practiceId]);
  const updated = await tx.query('UPDATE practices SET white_label = NULL WHERE id = $1 RETURNING id', [practiceId]);
  return updated.length > 0;
}

/** The logo a public URL names, or null for a token no logo has (any more). */
export async function findLogo(q: Queryable, token: string): Promise<StoredLogo | null> {
  const [row] = await q.query<LogoRow>('SELECT content_type, bytes FROM practice_logos WHERE token = $1', [token]);
  return row ? { contentType: row.content_type, bytes: new Uint8Array(row.bytes) } : null;
}
