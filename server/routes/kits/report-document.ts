import { API_BASE_PATH } from '../../../src/model/constants';
import { KitStatus } from '../../../src/model/kits/kit-status';
import type { LogoMediaType } from '../../../src/model/practice/white-label';
import { escapeHtml, htmlPage } from '../../http/html-page';
import type { Queryable } from '../../db/database';
import { findKit } from '../../store/kits/read-kits';
import { practiceRecord } from '../../store/practice/practice-record';
import { findLogo, LOGO_PATH } from '../../store/practice/white-label';
import { ReportDocumentText as T } from './texts';

/**
 * The report document a signed link serves (issue 10 item 9): what it shows of the kit, and its HTML.
 * Only the stored data goes in, every piece of it escaped; the page runs no script and loads nothing.
 */

export interface ReportDocument {
  readonly practiceName: string;
  /** The practice's white-label logo, when it has one stored by this server. */
  readonly logo: { readonly contentType: LogoMediaType; readonly bytes: Uint8Array<ArrayBuffer> } | null;
  readonly barcode: string;
  readonly externalBarcode: string | null;
  readonly productName: string | null;
  readonly registrant: string | null;
  /** YYYY-MM-DD. */
  readonly dateOfBirth: string | null;
  readonly reportName: string;
  readonly reportType: number;
  /** When the results were ready (ISO 8601): the latest Result Ready entry, else the kit's status date. */
  readonly resultReadyAt: string | null;
}

const LOGO_URL_PREFIX = `${API_BASE_PATH}${LOGO_PATH}/`;

/**
 * The practice's logo as its white label names it. Only a logo this server stores is used: the document
 * never fetches an address from elsewhere, whatever a white label might name.
 */
async function practiceLogo(q: Queryable, logoUrl: string | null | undefined): Promise<ReportDocument['logo']> {
  if (!logoUrl?.startsWith(LOGO_URL_PREFIX)) return null;
  return findLogo(q, logoUrl.slice(LOGO_URL_PREFIX.length));
}

/** The document of the practice's kit (barcode or uid) and report type; null when the kit or the report is missing. */
export async function loadReportDocument(q: Queryable, practiceId: number, barcode: string, type: number): Promise<ReportDocument | null> {
  const kit = await findKit(q, practiceId, barcode, () => '');
  const report = kit?.reports.find((candidate) => candidate.type === type);
  const practice = await practiceRecord(q, practiceId);
  if (!kit || !report || !practice) return null;
  const registrant = [kit.registrant?.firstName, kit.registrant?.lastName].filter(Boolean).join(' ');
  const ready = kit.statusHistory.filter((entry) => entry.status === KitStatus.ResultReady).at(-1);
  return {
    practiceName: practice.name ?? '',
    logo: await practiceLogo(q, practice.whiteLabel?.logoUrl),
    barcode: kit.barcode,
    externalBarcode: kit.externalBarcode,
    productName: kit.product?.name ?? null,
    registrant: registrant || null,
    dateOfBirth: kit.registrant?.dateOfBirth?.slice(0, 10) ?? null,
    reportName: report.name ?? String(report.type),
    reportType: report.type,
    resultReadyAt: ready?.date ?? kit.status?.date ?? null,
  };
}

/** A day as a reader writes it, "November 20, 2026", in UTC so that it is the same day everywhere. */
export function formatDay(iso: string | null): string {
  if (!iso) return T.notGiven;
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00.000Z` : iso);
  if (Number.isNaN(date.getTime())) return T.notGiven;
  return date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

/** The document's rows, label and value, in the order both renderings show them. */
export function documentRows(doc: ReportDocument): readonly (readonly [string, string])[] {
  return [
    [T.practice, doc.practiceName],
    [T.kit, doc.barcode],
    ...(doc.externalBarcode ? [[T.externalBarcode, doc.externalBarcode] as const] : []),
    [T.product, doc.productName ?? T.notGiven],
    [T.registrant, doc.registrant ?? T.notGiven],
    [T.dateOfBirth, formatDay(doc.dateOfBirth)],
    [T.report, doc.reportName],
    [T.resultReady, formatDay(doc.resultReadyAt)],
  ];
}

/** The logo's size and the details as a two-column list. */
const STYLE = `
header img { max-width: 16rem; max-height: 6rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1.5rem; }
dt { font-weight: 600; }
dd { margin: 0; }`;

/** The page: escaped text only, the logo inlined as a data: image so that nothing is fetched. */
export function reportHtml(doc: ReportDocument): string {
  const logo = doc.logo
    ? `<header><img src="data:${doc.logo.contentType};base64,${Buffer.from(doc.logo.bytes).toString('base64')}" alt="${escapeHtml(T.logo(doc.practiceName))}"></header>\n`
    : '';
  const rows = documentRows(doc)
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('\n');
  return htmlPage({
    title: T.title(doc.reportName, doc.barcode),
    style: STYLE,
    body: `${logo}<main>
<h1>${escapeHtml(T.heading(doc.reportName))}</h1>
<p class="notice" role="note">${escapeHtml(T.notice)}</p>
<dl>
${rows}
</dl>
</main>`,
  });
}
