import type { Json } from './portal-api-fake';
import type { KitsFake } from './portal-api-kits';
import type { Answer } from './portal-api-ordering';

/**
 * Report generation of the contract fake, from kits §3 and §7 and the README's contract decisions only:
 * `POST /Reports/` takes exactly `{ kitId: <barcode>, reportType: <number>, renderStrategy: 10 | 20, renderDetails: 1 }`
 * for a report the signed-in practice's kit has, and answers `{ presignedUrl }`: a signed, expiring link on a host of
 * the lab's own (REPORTS_ORIGIN), which the journey routes itself, as a real service answers a storage link. Like a
 * real service it adds fields nobody asked for. Anything else is a 400 naming the first problem; another practice's
 * kit, or a report the kit does not have, a 404.
 */

/** Where the fake's links point; nothing answers there unless a journey routes it. */
export const REPORTS_ORIGIN = 'https://reports.lab.example';

export interface GeneratedReport {
  readonly kitId: string;
  readonly reportType: number;
  readonly renderStrategy: number;
  readonly renderDetails: number;
  readonly presignedUrl: string;
}

const BODY_KEYS = 'kitId,renderDetails,renderStrategy,reportType';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const bad = (message: string): Answer => ({ status: 400, json: { error: { message } } });

/** The barcode and the report's type of a link this fake handed out, or null for any other address. */
export function reportOfLink(url: string): { barcode: string; reportType: number; format: 'html' | 'pdf' } | null {
  const match = /^\/r\/([^/]+)\/(\d+)\.(html|pdf)$/.exec(new URL(url).pathname);
  if (!match?.[1] || !match[2] || (match[3] !== 'html' && match[3] !== 'pdf')) return null;
  return { barcode: decodeURIComponent(match[1]), reportType: Number(match[2]), format: match[3] };
}

export class ReportsFake {
  /** Every report generated, in order, with the body exactly as it came. */
  readonly generated: GeneratedReport[] = [];

  constructor(private readonly kits: KitsFake) {}

  /** The answer for a reports call, or null when the call is not one of these. */
  respond(method: string, path: string, body: unknown, account: { practiceId: number } | undefined): Answer | null {
    if (method !== 'POST' || !/^\/reports\/?$/i.test(path)) return null;
    if (!account) return { status: 401, json: { error: { message: 'Not signed in' } } };
    if (!isObject(body) || Object.keys(body).sort().join() !== BODY_KEYS) {
      return bad('the body is exactly { kitId, reportType, renderStrategy, renderDetails }');
    }
    const { kitId, reportType, renderStrategy, renderDetails } = body;
    if (typeof kitId !== 'string' || !kitId) return bad('kitId must be the kit’s barcode');
    if (typeof reportType !== 'number' || !Number.isInteger(reportType)) return bad('reportType must be a whole number');
    if (renderStrategy !== 10 && renderStrategy !== 20) return bad('renderStrategy must be 10 (Html) or 20 (Pdf)');
    if (renderDetails !== 1) return bad('renderDetails must be 1 (PresignedUrl)');
    const kit = this.kits.kit(kitId);
    if (!kit || this.kits.practiceOf(kitId) !== account.practiceId) return { status: 404, json: { error: { message: 'Kit not found' } } };
    const reports = Array.isArray(kit.reports) ? kit.reports : [];
    if (!reports.some((report) => isObject(report) && report.type === reportType)) {
      return { status: 404, json: { error: { message: 'The kit has no such report' } } };
    }
    const expires = Date.now() + 15 * 60_000;
    const format = renderStrategy === 20 ? 'pdf' : 'html';
    const presignedUrl = `${REPORTS_ORIGIN}/r/${encodeURIComponent(kitId)}/${reportType}.${format}?expires=${expires}&signature=fake-${this.generated.length + 1}`;
    this.generated.push({ kitId, reportType, renderStrategy, renderDetails, presignedUrl });
    const answer: Json = { presignedUrl, expiresAt: new Date(expires).toISOString(), renderStrategy, payload: null };
    return { status: 200, json: answer };
  }
}
