import type { Kit, KitColumn, KitListQuery } from '../../../src/model/kits/kit';
import { KIT_DISPLAY_STATUS, KIT_STATUS_CODES, KitDisplayStatus } from '../../../src/model/kits/kit-status';
import type { Queryable } from '../../db/database';
import { dayFilter } from '../day-filter';
import { matchesFilter } from '../../../src/model/lists/list-params';
import { like, readPage, type ColumnFilterCondition, type PagedList } from '../paged-select';
import { childLists, KIT_COLUMNS, KIT_FROM, kitsOf, type DiagnosticsLink, type KitRow } from './read-kits';

/** One page of a practice's kits (GET /Kits), searched, sorted and filtered (see ../paged-select), each kit whole. */

/**
 * The registrant's full name as the patient filter matches it (concat_ws(' ', first, last); '' without one), kept on
 * the kit by migration 024's triggers with a trigram index: the joined expression could not be indexed, and the
 * filter read every kit of the practice (0.4–0.5 s at a million kits, bench:scale).
 */
const PATIENT_NAME = 'k.patient_name';

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
 *
 * The order number, names and product name are the kit's own copies (migration 024: the joined value, lower case
 * where it sorts without regard to case, "C" collation, null where the join finds nothing, kept exact by triggers),
 * and the status's display-name order is kit_status_rank (equal to KIT_DISPLAY_STATUS, checked by
 * tests/server/list-sort-keys.test.ts): each sort has an index in this order and reads one page of it, where a key
 * from a joined table sorted every kit of the practice (2.3–3.4 s at a million kits, bench:scale).
 */
const SORT: Readonly<Record<KitColumn, readonly string[]>> = {
  barcode: ['lower(k.barcode) COLLATE "C"'],
  orderNumber: ['length(k.order_number_key)', 'k.order_number_key'],
  registeredAt: ['k.registered_at'],
  createdAt: ['k.created_at'],
  patient: ['k.patient_last_key', 'k.patient_first_key'],
  product: ['k.product_key'],
  status: ['kit_status_rank(k.status)', 'k.status'],
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

/**
 * The search box (HCP): barcode, external barcode, product, the registrant's first, last or full name, order number.
 * The kit's search_text (migration 024) holds all of them, so a kit these match always matches it too: its trigram
 * index finds the candidates (the OR over four joined tables read every kit, 2.6 s at a million kits), and the
 * conditions themselves still decide.
 */
const SEARCH = `(${like('k.search_text')} AND (${[
  'k.barcode',
  'k.external_barcode',
  'p.name',
  'pt.first_name',
  'pt.last_name',
  `concat_ws(' ', pt.first_name, pt.last_name)`,
  'o.number',
]
  .map(like)
  .join(' OR ')}))`;

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
      ownFrom: { from: 'kits k', alias: 'k' },
    },
    query,
    {
      perRow: childLists('page.id'),
    },
  );
  return { items: kitsOf(practiceId, rows, fileLink), page: query.page, hasMore };
}
