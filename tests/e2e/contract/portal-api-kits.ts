import type { Json } from './portal-api-fake';
import { matchesAny, readFilters, whole, type Filter as ListFilter } from './list-query';
import type { Answer } from './portal-api-ordering';

/**
 * The kits part of the contract fake, from kits §3 and §7 and the README's contract decisions only: `GET /Kits`
 * pages of `{ items, page, hasMore }` (page from 1, default size 10) searched by `searchQuery`, sorted by
 * `sortColumn` and `sortDirection`, filtered by the JSON `filters` array and by `filter_{column}_{operator}=value`;
 * `GET /Kits/{barcode}` (or the kit's uid) answers one kit with its whole detail: status history, samples with a
 * failure, current and legacy reports, diagnostics files with their links, the kit it replaced. Like a real
 * service it adds fields nobody asked for, writes ids as numbers, leaves optional fields out or null, and checks
 * what it is sent exactly, answering 400 with the first problem. `kit(barcode)` hands a kit to other parts of the
 * fake (the report generation of the kit detail's journey).
 */

type JsonObject = { [key: string]: Json };

/** The kit list's columns as the query names them (kits §2, §3). */
const COLUMNS = ['barcode', 'orderNumber', 'registeredAt', 'createdAt', 'patient', 'product', 'status'] as const;
type Column = (typeof COLUMNS)[number];

const isColumn = (value: unknown): value is Column => COLUMNS.some((column) => column === value);
const bad = (message: string): Answer => ({ status: 400, json: { error: { message } } });
const ok = (json: Json): Answer => ({ status: 200, json });

type Filter = ListFilter<Column>;

/** Kits §3 status codes the fake's kits walk through, in the lab's order. */
const WALK: readonly number[] = [1, 2, 3, 4, 6, 7, 51, 19, 17];
/** Where each Harbor kit stands: its last code of kits §3. */
const STANDING = [2, 3, 51, 17, 25, 24, 26, 1, 19, 0, 53, 44, 17, 51, 3, 2, 17, 22, 21, 51, 17, 3, 23] as const;
const PRODUCTS = [
  { id: 401, name: 'Biological Age Test', description: 'An epigenetic test of the pace of ageing, from a finger-prick blood sample.' },
  { id: 402, name: 'Health Test', description: null },
  { id: 403, name: 'Genetic Analysis', description: 'A genotype of the variants that affect the response to common drugs.' },
] as const;
const FIRST = ['Ada', 'Ben', 'Chloe', 'Dev', 'Ema', 'Finn', 'Gia'];
const LAST = ['Reyes', 'Okafor', 'Lind', 'Ito', 'Moreau'];

interface FakeKit {
  practiceId: number;
  record: JsonObject;
  /** What a search, sort and filter read, by column. */
  values: Record<Column, string>;
  search: string[];
}

const at = (day: number, hour: number) => new Date(Date.UTC(2026, 9, day, hour, 15)).toISOString();

function fakeKit(practiceId: number, index: number, prefix: string, standing: number): FakeKit {
  const n = index + 1;
  const barcode = `${prefix}-${String(n).padStart(4, '0')}`;
  const product = PRODUCTS[index % PRODUCTS.length] ?? PRODUCTS[0];
  const createdAt = at(1 + index, 8 + (index % 9));
  // Up the lab's walk to where the kit stands; a code off the walk comes after processing.
  const stop = WALK.indexOf(standing);
  const walked = standing === 0 ? [] : stop >= 0 ? WALK.slice(0, stop + 1) : [1, 2, 3, 51, standing];
  const history = walked.map((status, step) => ({ status, date: at(2 + index + step * 3, 9 + step), changedBy: 'lab' }));
  const registered = standing !== 0;
  const registrant =
    index === 5
      ? null
      : {
          uid: `pat_${prefix.toLowerCase()}${n}`,
          firstName: FIRST[index % FIRST.length] ?? 'Ada',
          lastName: LAST[index % LAST.length] ?? 'Reyes',
          externalId: index % 4 === 0 ? `MRN-${1000 + n}` : null,
          dateOfBirth: `19${60 + (index % 30)}-0${1 + (index % 9)}-1${index % 9}`,
          email: `${barcode.toLowerCase()}@patients.example`,
        };
  const orderNumber = `${prefix}-ORD-${30_000 + Math.ceil(n / 2)}`;
  const record: JsonObject = {
    id: practiceId * 1000 + n,
    uid: `kit_${prefix.toLowerCase()}${String(n).padStart(3, '0')}`,
    barcode,
    // A few kits carry the practice's own identifier; the others leave the field out.
    ...(index % 3 === 1 ? { externalBarcode: `EXT-${prefix}${n}` } : {}),
    order: index === 9 ? null : { orderNumber, orderUid: `ord_${n}` },
    registeredAt: registered ? (history[1]?.date ?? history[0]?.date ?? createdAt) : null,
    createdAt,
    status: { status: standing, date: history.at(-1)?.date ?? createdAt, statusName: `code-${standing}` },
    statusHistory: history,
    registrant,
    product: { ...product, sku: `SKU-${product.id}` },
    samples: [],
    reports: [],
    diagnostics: [],
    source: null,
    labSite: 'Portland',
  };
  const name = registrant ? `${registrant.firstName} ${registrant.lastName}` : '';
  return {
    practiceId,
    record,
    values: {
      barcode,
      orderNumber: index === 9 ? '' : orderNumber,
      registeredAt: typeof record.registeredAt === 'string' ? record.registeredAt : '',
      createdAt,
      patient: name,
      product: product.name,
      status: String(standing),
    },
    search: [barcode, index % 3 === 1 ? `EXT-${prefix}${n}` : '', product.name, name, index === 9 ? '' : orderNumber],
  };
}

/**
 * Harbor (11) has 23 kits, three pages of ten, in every stage; Lakeshore (21) two, never shown to Harbor. Some
 * carry the full detail the kit page shows: HB-0004 has results with current and legacy reports and diagnostics
 * files; HB-0003 failed (not enough specimen) and HB-0013 replaced it; HB-0012 was rerun after a QC failure.
 */
function seed(): FakeKit[] {
  const harbor = STANDING.map((standing, index) => fakeKit(11, index, 'HB', standing));
  const detail = (barcode: string, more: JsonObject) => {
    const kit = harbor.find((each) => each.values.barcode === barcode);
    if (kit) Object.assign(kit.record, more);
  };
  detail('HB-0004', {
    reports: [
      { type: 200, name: 'TruAge', pages: 12 },
      { type: 500, name: 'TruHealth' },
      { type: 4, name: 'DunedinPoAm' },
      { type: 300, name: null },
    ],
    diagnostics: [
      { id: 9041, fileName: 'HB-0004_Grn.idat', fileUrl: 'https://files.lab.example/diagnostics/9041', sizeBytes: 8_123_456 },
      { id: 9042, fileName: 'HB-0004_Red.idat', fileUrl: 'https://files.lab.example/diagnostics/9042' },
    ],
    samples: [{ status: 100, processingDate: at(12, 10), plate: 'P-17' }],
  });
  detail('HB-0003', {
    samples: [
      { status: 5, processingDate: at(8, 9) },
      { status: 10, processingDate: at(10, 14), reason: 'Insufficient specimen' },
    ],
  });
  detail('HB-0013', {
    source: { uid: 'kit_hb003', barcode: 'HB-0003' },
    reports: [{ type: 200, name: 'TruAge' }],
  });
  detail('HB-0012', {
    samples: [
      { status: 15, processingDate: at(20, 11) },
      { status: 5, processingDate: null },
    ],
  });
  const lakeshore = [17, 3].map((standing, index) => fakeKit(21, index, 'LK', standing));
  return [...harbor, ...lakeshore];
}

function matches(kit: FakeKit, filter: Filter): boolean {
  return matchesAny([kit.values[filter.column]], filter);
}

export class KitsFake {
  private readonly kits = seed();

  /** A kit by barcode, of any practice, as GET /Kits/{barcode} answers it; undefined when there is none. */
  kit(barcode: string): JsonObject | undefined {
    return this.kits.find((each) => each.values.barcode === barcode)?.record;
  }

  /** The practice whose kit this barcode is, to keep another practice's kit from its users. */
  practiceOf(barcode: string): number | undefined {
    return this.kits.find((each) => each.values.barcode === barcode)?.practiceId;
  }

  /** The fake's kits of a practice, newest first. */
  kitsOf(practiceId: number): JsonObject[] {
    return this.kits
      .filter((each) => each.practiceId === practiceId)
      .sort((a, b) => b.values.createdAt.localeCompare(a.values.createdAt))
      .map((each) => each.record);
  }

  /** The answer for a kits call, or null when the call is not one of these. */
  respond(method: string, path: string, query: URLSearchParams, account: { practiceId: number } | undefined): Answer | null {
    if (method !== 'GET') return null;
    const list = /^\/kits\/?$/i.test(path);
    const one = /^\/kits\/([^/]+)$/i.exec(path)?.[1];
    // GET /Kits/My is the patient portal's (kits §7): not part of this fake.
    if (!list && (!one || one.toLowerCase() === 'my')) return null;
    if (!account) return { status: 401, json: { error: { message: 'Not signed in' } } };
    if (list) return this.list(query, account.practiceId);
    const id = decodeURIComponent(one ?? '');
    const found = this.kits.find((each) => each.values.barcode === id || each.record.uid === id);
    // Another practice's kit is not there for this one.
    if (!found || found.practiceId !== account.practiceId) return { status: 404, json: { error: { message: 'Kit not found' } } };
    return ok(found.record);
  }

  private list(query: URLSearchParams, practiceId: number): Answer {
    const sortColumn = query.get('sortColumn') ?? 'createdAt';
    const sortDirection = query.get('sortDirection') ?? 'desc';
    const page = whole(query.get('page'), 1);
    const pageSize = whole(query.get('pageSize'), 10);
    const search = (query.get('searchQuery') ?? '').trim().toLowerCase();
    if (!isColumn(sortColumn)) return bad(`sortColumn must be one of ${COLUMNS.join(', ')}`);
    if (sortDirection !== 'asc' && sortDirection !== 'desc') return bad('sortDirection must be asc or desc');
    if (!(page >= 1)) return bad('page must be a whole number from 1');
    if (!(pageSize >= 1 && pageSize <= 100)) return bad('pageSize must be a whole number from 1 to 100');
    const filters = readFilters(query, isColumn);
    if (typeof filters === 'string') return bad(filters);
    const found = this.kits
      .filter(
        (kit) =>
          kit.practiceId === practiceId &&
          filters.every((filter) => matches(kit, filter)) &&
          (!search || kit.search.some((text) => text.toLowerCase().includes(search))),
      )
      .sort((a, b) => {
        const order =
          sortColumn === 'status'
            ? Number(a.values.status) - Number(b.values.status)
            : a.values[sortColumn].localeCompare(b.values[sortColumn]);
        const tie = order || a.values.barcode.localeCompare(b.values.barcode);
        return sortDirection === 'asc' ? tie : -tie;
      });
    const items = found.slice((page - 1) * pageSize, page * pageSize).map((kit) => kit.record);
    return ok({ items, page, hasMore: page * pageSize < found.length, totalCount: found.length, pageSize });
  }
}
