import type { Kit, KitColumn, KitListQuery } from '../../../src/model/kits/kit';
import { KIT_DISPLAY_STATUS, KIT_STATUS_CODES, KitDisplayStatus } from '../../../src/model/kits/kit-status';
import { likePattern } from '../../../src/model/lists/list-params';
import type { Queryable } from '../../db/database';
import { KIT_FROM, KIT_ROW_COLUMNS, readKits, type DiagnosticsLink, type KitRow } from './read-kits';

/**
 * One page of a practice's kits (GET /Kits): searched, sorted and filtered in SQL, then read whole with a
 * few batched queries. Column expressions come from the fixed maps below, never from the request; every
 * value from the request is a parameter, matched as plain text (its `%`, `_` and `\` escaped).
 */

/** The display status of each code (kits §4), joined in as parameters; a code the table lacks is Unknown. */
const STATUS_NAMES = KIT_STATUS_CODES.map((code) => KIT_DISPLAY_STATUS[code]);
const FROM = `${KIT_FROM}
  LEFT JOIN unnest($2::int[], $3::text[]) AS ds(code, name) ON ds.code = k.status
  CROSS JOIN (SELECT $4::text AS name) unknown`;
const STATUS_NAME = 'COALESCE(ds.name, unknown.name)';
const PATIENT_NAME = `concat_ws(' ', pt.first_name, pt.last_name)`;

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

const like = (expression: string) => `${expression} ILIKE ? ESCAPE '\\'`;

/** The text each column filters on; `?` stands for the pattern's parameter. Dates as YYYY-MM-DD in UTC. */
const FILTER: Readonly<Record<KitColumn, string>> = {
  // The kit ID column shows the barcode, or the sample's Unique ID for manifest-upload clients.
  barcode: `(${like('k.barcode')} OR ${like('k.external_barcode')})`,
  orderNumber: like('o.number'),
  registeredAt: like(`to_char(k.registered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`),
  createdAt: like(`to_char(k.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`),
  patient: like(PATIENT_NAME),
  product: like('p.name'),
  status: like(STATUS_NAME),
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

/** The page of the practice's kits that the query asks for; one row more than a page tells whether more follow. */
export async function listKits(q: Queryable, practiceId: number, query: KitListQuery, fileLink: DiagnosticsLink): Promise<KitsPage> {
  const params: unknown[] = [practiceId, KIT_STATUS_CODES, STATUS_NAMES, KitDisplayStatus.Unknown];
  const parameter = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['k.practice_id = $1'];
  for (const filter of query.filters) {
    where.push(FILTER[filter.column].replaceAll('?', parameter(likePattern(filter.operator, filter.value))));
  }
  if (query.search) where.push(SEARCH.replaceAll('?', parameter(likePattern('contains', query.search))));
  const direction = query.sort.direction === 'asc' ? 'ASC' : 'DESC';
  // Nulls (no order, registrant or registration yet) sort as the largest value either way round, like PostgreSQL's default.
  const order = [...SORT[query.sort.column], 'k.id'].map((expression) => `${expression} ${direction}`).join(', ');
  const limit = parameter(query.pageSize + 1);
  const offset = parameter((query.page - 1) * query.pageSize);
  const rows = await q.query<KitRow>(
    `SELECT ${KIT_ROW_COLUMNS} FROM ${FROM} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const page = rows.slice(0, query.pageSize);
  return { items: await readKits(q, practiceId, page, fileLink), page: query.page, hasMore: rows.length > query.pageSize };
}
