import type { Context } from 'hono';
import { API_BASE_PATH } from '../../../src/model/constants';
import { RenderStrategy } from '../../../src/model/kits/kit-status';
import type { ServerConfig } from '../../config';
import { HttpError } from '../../http/errors';
import type { SignedLinks, Signer } from '../../auth/signed-links';
import { SignedLinkText } from './texts';

/**
 * Where reports and diagnostics files are served, and how their links are made and checked. A link names
 * the practice, so that serving it reads that practice's rows only; the signature makes the name trustworthy.
 */

export const REPORT_DOCUMENT_ROUTE = '/Reports/Documents/:practiceId/:barcode/:reportType/:format';
export const DIAGNOSTICS_FILE_ROUTE = '/Diagnostics/Files/:practiceId/:fileId';

export const ReportFormat = { html: 'html', pdf: 'pdf' } as const;
export type ReportFormat = (typeof ReportFormat)[keyof typeof ReportFormat];

export function reportFormatOf(strategy: RenderStrategy): ReportFormat {
  return strategy === RenderStrategy.Pdf ? ReportFormat.pdf : ReportFormat.html;
}

export function reportDocumentPath(practiceId: number, barcode: string, reportType: number, format: ReportFormat): string {
  return `${API_BASE_PATH}/Reports/Documents/${practiceId}/${encodeURIComponent(barcode)}/${reportType}/${format}`;
}

export function diagnosticsFilePath(practiceId: number, fileId: number): string {
  return `${API_BASE_PATH}/Diagnostics/Files/${practiceId}/${fileId}`;
}

/** The origin a link starts with: PUBLIC_URL (or its development default), never the request's Host. */
export function linkOrigin(config: ServerConfig): string {
  return config.publicUrl;
}

/** Makes whole links: the origin, then the signed path. */
export function absoluteSigner(config: ServerConfig, signer: Signer): Signer {
  const origin = linkOrigin(config);
  return (path) => `${origin}${signer(path)}`;
}

const ID = /^[1-9]\d{0,8}$/;
const REPORT_TYPE = /^(?:0|[1-9]\d{0,8})$/;

/** A path segment as a whole number, or null when it is not one (a link this server never makes). */
export function idOf(segment: string): number | null {
  return ID.test(segment) ? Number(segment) : null;
}

export function reportTypeOf(segment: string): number | null {
  return REPORT_TYPE.test(segment) ? Number(segment) : null;
}

export function formatOf(segment: string): ReportFormat | null {
  return segment === ReportFormat.html || segment === ReportFormat.pdf ? segment : null;
}

/** The refusal of a link this server did not sign as it is: a changed path, expiry or signature. */
export function alteredLink(): HttpError {
  return new HttpError(403, SignedLinkText.altered);
}

/**
 * Issue 44: a link names the account it was issued to, so that opening it is recorded as theirs (the tab that opens
 * it cannot send a bearer token): `by` is the account and `bySignature` the link signer's MAC over the path with that
 * account, so that nobody holding a link can make its opening someone else's. The link's own `signature` is left as
 * it was: without `by` a link still opens, recorded as opened by whoever held it.
 */
export const ISSUED_TO = 'by';
export const ISSUED_TO_SIGNATURE = 'bySignature';

const issuedPath = (path: string, accountId: number) => `${path}#${ISSUED_TO}=${accountId}`;

/** The signed link of this path, naming the account it is handed to. */
export function signIssued(sign: Signer, path: string, accountId: number): string {
  const issued = sign(issuedPath(path, accountId));
  const mac = issued.slice(issued.lastIndexOf('&signature=') + '&signature='.length);
  return `${sign(path)}&${ISSUED_TO}=${accountId}&${ISSUED_TO_SIGNATURE}=${mac}`;
}

/**
 * The account a link names (null for none), once the link itself is checked; a `by` that is malformed or not signed
 * for this path and expiry is refused as an altered link.
 */
export async function issuedTo(c: Context, links: SignedLinks, path: string): Promise<number | null> {
  const by = c.req.query(ISSUED_TO);
  const mac = c.req.query(ISSUED_TO_SIGNATURE);
  if (by === undefined && mac === undefined) return null;
  const accountId = by === undefined ? null : idOf(by);
  if (accountId === null) throw alteredLink();
  if ((await links.check(issuedPath(path, accountId), c.req.query('expires'), mac)) !== 'valid') throw alteredLink();
  return accountId;
}

/** Refuses (403) a link that was not signed here for exactly this path and expiry, or whose time is up. */
export async function requireSignedLink(c: Context, links: SignedLinks, path: string): Promise<void> {
  const result = await links.check(path, c.req.query('expires'), c.req.query('signature'));
  if (result === 'expired') throw new HttpError(403, SignedLinkText.expired);
  if (result === 'altered') throw alteredLink();
}

/** Content-Disposition with the name as it is for browsers that read `filename*`, and a plain-ASCII one for the rest. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${plain}"; filename*=UTF-8''${encoded}`;
}
