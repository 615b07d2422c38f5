import { ActivityColumn, type ActivityEntry, type ActivityListQuery, type ActivityPage } from '../../../src/model/activity/activity';
import { isActivityDateRange } from '../../../src/model/activity/activity-params';
import { ActivityKindText } from '../../../src/model/activity/activity-texts';
import { readDateRange } from '../../../src/model/lists/date-range';
import { matchesFilter } from '../../../src/model/lists/list-params';
import type { Queryable } from '../../db/database';
import { dayFilter } from '../day-filter';
import { like, readPage, type ColumnFilterCondition, type PagedList } from '../paged-select';

/** A page of a practice's activity trail (GET /Activity), or of one account's own (GET /Activity/My). */

/** The actor's name now: the account's own (provider side), else the person's (a patient's account keeps none). */
const ACTOR_NAME = `coalesce(nullif(trim(concat_ws(' ', a.first_name, a.last_name)), ''), nullif(trim(concat_ws(' ', pe.first_name, pe.last_name)), ''))`;

const FROM = `activity_entries e
  LEFT JOIN accounts a ON a.id = e.actor_account_id AND a.practice_id = e.practice_id
  LEFT JOIN people pe ON pe.id = a.person_id`;

const COLUMNS = `e.id, e.occurred_at, e.actor_account_id, ${ACTOR_NAME} AS actor_name, e.kind, e.object_type, e.object_id,
  e.object_label, e.detail, e.address, e.correlation_id`;

const SORT: Readonly<Record<ActivityColumn, readonly string[]>> = {
  at: ['e.occurred_at'],
  actor: [`lower(${ACTOR_NAME})`],
  kind: ['e.kind'],
  objectType: ['e.object_type'],
  objectId: ['e.object_id'],
  object: ['lower(e.object_label)'],
};

/** A date range keeps the entries from its start, up to but not at its end; a day as text matches as the lists' dates do. */
const atFilter: ColumnFilterCondition = (operator, value, parameter) => {
  const range = isActivityDateRange({ column: ActivityColumn.at, operator, value }) ? readDateRange(value) : null;
  if (range)
    return `(e.occurred_at >= ${parameter(range.start.toISOString())}::timestamptz AND e.occurred_at < ${parameter(range.end.toISOString())}::timestamptz)`;
  return dayFilter('e.occurred_at', like(`to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`))(operator, value, parameter);
};

/** A kind matches by its code (report.opened) or by the name people read (Report opened). */
const kindFilter: ColumnFilterCondition = (operator, value, parameter) => {
  const named = Object.entries(ActivityKindText)
    .filter(([, name]) => matchesFilter(name, operator, value))
    .map(([code]) => code);
  return `(${like('e.kind')} OR e.kind = ANY(${parameter(named)}::text[]))`;
};

const FILTER: PagedList<ActivityColumn>['filter'] = {
  at: atFilter,
  actor: like(ACTOR_NAME),
  kind: kindFilter,
  objectType: like('e.object_type'),
  objectId: like('e.object_id'),
  object: like('e.object_label'),
};

interface ActivityRow extends Record<string, unknown> {
  id: string | number;
  occurred_at: Date | string;
  actor_account_id: string | number | null;
  actor_name: string | null;
  kind: string;
  object_type: string;
  object_id: string;
  object_label: string;
  detail: string | null;
  address: string | null;
  correlation_id: string | null;
}

function entryOf(row: ActivityRow): ActivityEntry {
  return {
    id: Number(row.id),
    at: new Date(row.occurred_at).toISOString(),
    kind: row.kind,
    actor: row.actor_account_id === null ? null : { accountId: Number(row.actor_account_id), name: row.actor_name },
    object: { type: row.object_type, id: row.object_id, label: row.object_label },
    detail: row.detail,
    address: row.address,
    correlationId: row.correlation_id,
  };
}

export interface ActivityScope {
  readonly practiceId: number;
  /** Only this account's own entries (a patient's trail). */
  readonly accountId?: number;
}

/** The page the query asks for, of the practice's entries only (another practice's never match). */
export async function listActivity(q: Queryable, scope: ActivityScope, query: ActivityListQuery): Promise<ActivityPage> {
  const own = scope.accountId !== undefined;
  const { rows, hasMore } = await readPage<ActivityRow, ActivityColumn>(
    q,
    {
      columns: COLUMNS,
      from: FROM,
      leadingParams: own ? [scope.practiceId, scope.accountId] : [scope.practiceId],
      scope: own ? 'e.practice_id = $1 AND e.actor_account_id = $2' : 'e.practice_id = $1',
      sort: SORT,
      filter: FILTER,
      tieBreak: 'e.id',
    },
    query,
  );
  return { items: rows.map(entryOf), page: query.page, hasMore };
}
