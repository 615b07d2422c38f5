import type { Json } from './portal-api-fake';
import type { Answer } from './portal-api-ordering';
import { REPORTS_ORIGIN } from './portal-api-reports';

/**
 * The patient portal's own kits in the contract fake, from kits §2, §3, §4 and §7 and the README's contract decisions
 * only: `GET /Kits/My` answers the signed-in patient's kits as a plain array, `GET /Kits/{barcode}/My` one of them
 * (another's kit, or none, is a 404), and `POST /Reports/` renders a report of one of them, exactly as for the
 * practice's kits (`{ kitId: <barcode>, reportType, renderStrategy: 10 | 20, renderDetails: 1 }`, answered with a
 * presigned link on the lab's report host); `GET /Reports/My` answers the kits whose status is Result Ready (17), each whole
 * with its reports. Like a real service it writes identifiers as strings of digits, adds
 * fields nobody asked for and leaves optional ones out or null. The patient's kits: one with results (current and
 * legacy reports, one without a name) after a QC failure the lab reran, one in processing, one whose sample failed for lack of specimen and the kit
 * that replaced it, one rerun after a QC failure, and a second one with results, of another product and ready earlier.
 */

type JsonObject = { [key: string]: Json };

/** The user type of a patient (kits §3 Role enumeration). */
const PATIENT = 4;
/** Kits §3 kit status codes: ResultReady 17. */
const RESULT_READY = 17;

export interface PatientAccount {
  readonly userId: number;
  readonly userType: number;
}

export interface GeneratedPatientReport {
  readonly kitId: string;
  readonly reportType: number;
  readonly renderStrategy: number;
  readonly renderDetails: number;
  readonly presignedUrl: string;
}

const at = (month: number, day: number, hour = 9) => new Date(Date.UTC(2026, month - 1, day, hour, 30)).toISOString();
const entry = (status: number, date: string) => ({ status, date, statusName: `code-${status}`, changedBy: 'lab' });

/** Registered, received, then the lab's steps up to the code given. */
function walked(upTo: readonly number[], from: number): JsonObject[] {
  return upTo.map((status, step) => entry(status, at(9, from + step * 4)));
}

function patientKit(n: number, more: JsonObject): JsonObject {
  const barcode = `PT-${String(n).padStart(4, '0')}`;
  return {
    id: String(7000 + n),
    uid: `kit_pt${n}`,
    barcode,
    // externalBarcode and registrant left out.
    order: { orderNumber: 51_000 + n, orderUid: `ord_pt${n}` },
    registeredAt: at(9, 2),
    createdAt: at(9, 1),
    product: { id: String(400 + n), name: 'Biological Age Test', description: null, sku: `SKU-${400 + n}` },
    samples: null,
    reports: [],
    diagnostics: [],
    source: null,
    labSite: 'Portland',
    ...more,
  };
}

function seed(): JsonObject[] {
  const ready = walked([2, 3, 4, 6, 51, 17], 2);
  const processing = walked([2, 3, 4, 6], 6);
  const failed = walked([2, 3, 4], 3);
  const rerun = walked([2, 3, 51], 8);
  const earlier = [2, 3, 4, 6, 51, 17].map((status, step) => entry(status, at(8, 1 + step * 4)));
  return [
    patientKit(1, {
      status: { status: 17, date: ready.at(-1)?.date ?? null },
      statusHistory: ready,
      // A QC failure the lab reran, then completed and ready: history, not an error (issue 41).
      samples: [
        { status: 15, processingDate: at(9, 12) },
        { status: 100, processingDate: at(9, 20), plate: 'P-3' },
      ],
      reports: [
        { type: 200, name: 'TruAge', pages: 12 },
        { type: 500, name: 'TruHealth' },
        { type: 4, name: null },
      ],
    }),
    patientKit(2, { status: { status: 6, date: processing.at(-1)?.date ?? null }, statusHistory: processing }),
    patientKit(3, {
      status: { status: 4, date: failed.at(-1)?.date ?? null },
      statusHistory: failed,
      samples: [
        { status: 5, processingDate: at(9, 11) },
        { status: 10, processingDate: at(9, 13), reason: 'Insufficient specimen' },
      ],
    }),
    patientKit(4, {
      createdAt: at(9, 20),
      registeredAt: null,
      status: { status: 2, date: at(9, 24) },
      statusHistory: [entry(2, at(9, 24))],
      source: { uid: 'kit_pt3', barcode: 'PT-0003' },
    }),
    patientKit(5, {
      status: { status: 51, date: rerun.at(-1)?.date ?? null },
      statusHistory: rerun,
      samples: [{ status: 15, processingDate: at(9, 18) }],
    }),
    patientKit(6, {
      product: { id: '406', name: 'Methylation Health Panel', description: null, sku: 'SKU-406' },
      status: { status: 17, date: earlier.at(-1)?.date ?? null },
      statusHistory: earlier,
      samples: [{ status: 100, processingDate: at(8, 15) }],
      reports: [{ type: 500, name: 'TruHealth' }],
    }),
  ];
}

const BODY_KEYS = 'kitId,renderDetails,renderStrategy,reportType';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const bad = (message: string): Answer => ({ status: 400, json: { error: { message } } });
const notFound: Answer = { status: 404, json: { error: { message: 'Kit not found' } } };

export class MyKitsFake {
  /** Each patient's kits, by the patient's user id, seeded when first asked for. */
  private readonly kits = new Map<number, JsonObject[]>();
  private only: readonly string[] | null = null;
  /** Every report the patients' kits had generated, in order, with the body exactly as it came. */
  readonly generated: GeneratedPatientReport[] = [];

  /** From now on a patient has only the kits with these barcodes (e.g. one kit, for the inline tracker). */
  keepOnly(barcodes: readonly string[]): void {
    this.only = barcodes;
    this.kits.clear();
  }

  /** The answer for a call about a patient's own kits, or null when the call is not one of these. */
  respond(method: string, path: string, body: unknown, account: PatientAccount | undefined): Answer | null {
    const list = method === 'GET' && /^\/kits\/my\/?$/i.test(path);
    const one = method === 'GET' ? /^\/kits\/([^/]+)\/my\/?$/i.exec(path)?.[1] : undefined;
    const readyKits = method === 'GET' && /^\/reports\/my\/?$/i.test(path);
    // Report generation for any other account is the practice's (portal-api-reports.ts).
    const report = method === 'POST' && /^\/reports\/?$/i.test(path) && account?.userType === PATIENT;
    if (!list && !one && !readyKits && !report) return null;
    if (!account) return { status: 401, json: { error: { message: 'Not signed in' } } };
    if (account.userType !== PATIENT) return { status: 403, json: { error: { message: 'Only a patient has kits of their own' } } };
    const kits = this.kitsOf(account.userId);
    if (list) return { status: 200, json: kits };
    if (readyKits) return { status: 200, json: kits.filter((kit) => isObject(kit.status) && kit.status.status === RESULT_READY) };
    if (one) {
      const kit = kits.find((each) => each.barcode === decodeURIComponent(one));
      return kit ? { status: 200, json: kit } : notFound;
    }
    return this.generate(kits, body);
  }

  private kitsOf(userId: number): JsonObject[] {
    const known = this.kits.get(userId);
    if (known) return known;
    const only = this.only;
    const kits = seed().filter((kit) => !only || (typeof kit.barcode === 'string' && only.includes(kit.barcode)));
    this.kits.set(userId, kits);
    return kits;
  }

  private generate(kits: JsonObject[], body: unknown): Answer {
    if (!isObject(body) || Object.keys(body).sort().join() !== BODY_KEYS) {
      return bad('the body is exactly { kitId, reportType, renderStrategy, renderDetails }');
    }
    const { kitId, reportType, renderStrategy, renderDetails } = body;
    if (typeof kitId !== 'string' || !kitId) return bad('kitId must be the kit’s barcode');
    if (typeof reportType !== 'number' || !Number.isInteger(reportType)) return bad('reportType must be a whole number');
    if (renderStrategy !== 10 && renderStrategy !== 20) return bad('renderStrategy must be 10 (Html) or 20 (Pdf)');
    if (renderDetails !== 1) return bad('renderDetails must be 1 (PresignedUrl)');
    const kit = kits.find((each) => each.barcode === kitId);
    if (!kit) return notFound;
    const reports = Array.isArray(kit.reports) ? kit.reports : [];
    if (!reports.some((each) => isObject(each) && each.type === reportType)) {
      return { status: 404, json: { error: { message: 'The kit has no such report' } } };
    }
    const expires = Date.now() + 15 * 60_000;
    const format = renderStrategy === 20 ? 'pdf' : 'html';
    const presignedUrl = `${REPORTS_ORIGIN}/r/${encodeURIComponent(kitId)}/${reportType}.${format}?expires=${expires}&signature=fake-patient-${this.generated.length + 1}`;
    this.generated.push({ kitId, reportType, renderStrategy, renderDetails, presignedUrl });
    return { status: 200, json: { presignedUrl, expiresAt: new Date(expires).toISOString(), renderStrategy, payload: null } };
  }
}
