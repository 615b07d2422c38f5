import type { Kit, KitColumn, KitListQuery } from '../../../src/model/kits/kit';
import { KIT_DISPLAY_STATUS, KIT_STATUS_CODES, KitDisplayStatus } from '../../../src/model/kits/kit-status';
import type { Queryable } from '../../db/database';
import { dayFilter } from '../day-filter';
import { matchesFilter } from '../../../src/model/lists/list-params';
import { like, readPage, type ColumnFilterCondition, type PagedList } from '../paged-select';
import { childLists, KIT_COLUMNS, KIT_FROM, kitsOf, type DiagnosticsLink, type KitRow } from './read-kits';

/** One page of a practice's kits (GET /Kits), searched, sorted and filtered (see ../paged-select), each kit whole. */

/**
 * The display status of each code (kits §4), joined in as parameters only when the status sorts or filters the
 * list; a code the table lacks is Unknown.
 */
const STATUS_NAMES = KIT_STATUS_CODES.map((code) => KIT_DISPLAY_STATUS[code]);
const statusNames = (parameter: (value: unknown) => string) => `
  LEFT JOIN unnest(${parameter(KIT_STATUS_CODES)}::int[], ${parameter(STATUS_NAMES)}::text[]) AS ds(code, name) ON ds.code = k.status
  CROSS JOIN (SELECT ${parameter(KitDisplayStatus.Unknown)}::text AS name) unknown`;
const STATUS_NAME = 'COALESCE(ds.name, unknown.name)';
const PATIENT_NAME = `concat_ws(' ', pt.first_name, pt.last_name)`;

/**
 * The status filter as the codes whose display name matches it: a dozen names are matched here once, where matching
 * each kit's name in SQL read every kit of the practice (400–550 ms at a million kits, bench:scale). The codes let
 * the planner walk the sort's index and stop after a page. A code the table lacks (or none) is Unknown.
 */
const statusFilter: ColumnFilterCondition = (operator, value, parameter) => {
  const codes = KIT_STATUS_CODES.filter((code) => matchesFilter(KIT_DISPLAY_STATUS[code], operator, value));
  const conditions = [`k.status = ANY(${parameter(codes)}::int[])`];
  if (matchesFilter(KitDisplayStatus.Unknown, operator, value)) {
    conditions.push(`k.status IS NULL`, `k.status <> ALL(${parameter(KIT_STATUS_CODES)}::int[])`);
  }
  return `(${conditions.join(' OR ')})`;
};

/**
 * What each column sorts by: text without regard to case and byte by byte (the "C" collation, the same on
 * every server); the order number as a number (shorter first); the patient by last name, then first name;
 * the status by its display name, then its code. Then the id, so that pages never repeat or skip a kit.
 */
const SORT: Readonly<Record<KitColumn, readonly string[]>> = {
  barcode: ['lower(k.barcode) COLLATE "C"'],
  orderNumber: ['length(o.number)', 'o.number COLLATE "C"'],
  registeredAt: ['k.registered_at'],
  createdAt: ['k.created_at'],
  patient: ['lower(pt.last_name) COLLATE "C"', 'lower(pt.first_name) COLLATE "C"'],
  product: ['lower(p.name) COLLATE "C"'],
  status: [`lower(${STATUS_NAME}) COLLATE "C"`, 'k.status'],
};

/** The text each column filters on; `?` stands for the pattern's parameter. Dates as YYYY-MM-DD in UTC. */
const FILTER: PagedList<KitColumn>['filter'] = {
  // The kit ID column shows the barcode, or the sample's Unique ID for manifest-upload clients.
  barcode: `(${like('k.barcode')} OR ${like('k.external_barcode')})`,
  orderNumber: like('o.number'),
  registeredAt: dayFilter('k.registered_at', like(`to_char(k.registered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`)),
  createdAt: dayFilter('k.created_at', like(`to_char(k.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`)),
  patient: like(PATIENT_NAME),
  product: like('p.name'),
  status: statusFilter,
};

/** The search box (HCP): barcode, external barcode, product, the registrant's first, last or full name, order number. */
const SEARCH = `(${['k.barcode', 'k.external_barcode', 'p.name', 'pt.first_name', 'pt.last_name', PATIENT_NAME, 'o.number']
  .map(like)
  .join(' OR ')})`;

export interface KitsPage {
  readonly items: Kit[];
  readonly page: number;
  readonly hasMore: boolean;
}

/** The page of the practice's kits that the query asks for. */
export async function listKits(q: Queryable, practiceId: number, query: KitListQuery, fileLink: DiagnosticsLink): Promise<KitsPage> {
  const { rows, hasMore } = await readPage<KitRow, KitColumn>(
    q,
    {
      columns: KIT_COLUMNS,
      from: KIT_FROM,
      leadingParams: [practiceId],
      scope: 'k.practice_id = $1',
      // Nulls (no order, registrant or registration yet) sort as the largest value either way round.
      sort: SORT,
      filter: FILTER,
      search: SEARCH,
      tieBreak: 'k.id',
    },
    query,
    {
      // Only the status sort needs each kit's name; its filter names the codes (statusFilter).
      extraFrom: query.sort.column === 'status' ? statusNames : '',
      perRow: childLists('page.id'),
    },
  );
  return { items: kitsOf(practiceId, rows, fileLink), page: query.page, hasMore };
}
