import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/database';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { listKits } from '../../server/store/kits/list';
import { listOrders } from '../../server/store/orders/list';
import { KIT_DISPLAY_STATUS, KIT_STATUS_CODES, KitDisplayStatus } from '../../src/model/kits/kit-status';
import { KitColumn, type KitListQuery } from '../../src/model/kits/kit';
import { OrderStatus, orderStatusGroup } from '../../src/model/orders/order';
import { OrderColumn, type OrderListQuery } from '../../src/model/orders/order-list';
import type { FilterOperator } from '../../src/model/lists/paging';
import { useTestServer, type TestServer } from './support/harness';
import { describePostgres } from './support/postgres';

/**
 * Migration 024's sort keys (kits: order number, registrant's names, product, status rank; orders: products, status
 * rank) and the kit search text: equal to the model's names, equal to what the lists sorted by through their joins
 * before, and kept so by the triggers after every change they follow. Each list's whole order is compared with the
 * previous query's (the joined expressions, written out here as server/store/*\/list.ts had them).
 */

const RIVERSIDE = PRACTICE_IDS.riverside;
const ALL = 10_000;
const UNKNOWN_CODES = [-1, 20, 99];

/** The kits whose copies differ from what the joins give now: none, whatever was changed. */
async function staleKits(q: Queryable): Promise<unknown[]> {
  return q.query(
    `SELECT k.id FROM kits k
       JOIN products p ON p.id = k.product_id
       LEFT JOIN orders o ON o.id = k.order_id AND o.practice_id = k.practice_id
       LEFT JOIN patients pt ON pt.id = k.patient_id AND pt.practice_id = k.practice_id
      WHERE k.order_number_key IS DISTINCT FROM o.number
         OR k.patient_last_key IS DISTINCT FROM lower(pt.last_name)
         OR k.patient_first_key IS DISTINCT FROM lower(pt.first_name)
         OR k.patient_name IS DISTINCT FROM concat_ws(' ', pt.first_name, pt.last_name)
         OR k.product_key IS DISTINCT FROM lower(p.name)
         OR k.search_text IS DISTINCT FROM concat_ws(E'\\n', k.barcode, k.external_barcode, p.name,
                                                    concat_ws(' ', pt.first_name, pt.last_name), o.number)`,
  );
}

async function staleOrders(q: Queryable): Promise<unknown[]> {
  return q.query(
    `SELECT o.id FROM orders o
      WHERE o.products_key IS DISTINCT FROM
            (SELECT lower(string_agg(p.name, ', ' ORDER BY p.name)) FROM order_items i JOIN products p ON p.id = i.product_id
              WHERE i.order_id = o.id)`,
  );
}

/** The kit list's previous sorts, through the joins (the status by its display name, joined from the model). */
const OLD_KIT_SORT: Partial<Record<KitColumn, readonly string[]>> = {
  orderNumber: ['length(o.number)', 'o.number COLLATE "C"'],
  patient: ['lower(pt.last_name) COLLATE "C"', 'lower(pt.first_name) COLLATE "C"'],
  product: ['lower(p.name) COLLATE "C"'],
  status: [`lower(COALESCE(ds.name, 'Unknown')) COLLATE "C"`, 'k.status'],
};

async function oldKitOrder(q: Queryable, column: KitColumn, direction: 'ASC' | 'DESC'): Promise<string[]> {
  const keys = [...(OLD_KIT_SORT[column] ?? []), 'k.id'].map((key) => `${key} ${direction}`).join(', ');
  const rows = await q.query<{ uid: string }>(
    `SELECT k.uid FROM kits k
       JOIN products p ON p.id = k.product_id
       LEFT JOIN orders o ON o.id = k.order_id AND o.practice_id = k.practice_id
       LEFT JOIN patients pt ON pt.id = k.patient_id AND pt.practice_id = k.practice_id
       LEFT JOIN unnest($2::int[], $3::text[]) AS ds(code, name) ON ds.code = k.status
      WHERE k.practice_id = $1 ORDER BY ${keys}`,
    [RIVERSIDE, KIT_STATUS_CODES, KIT_STATUS_CODES.map((code) => KIT_DISPLAY_STATUS[code])],
  );
  return rows.map((row) => row.uid);
}

const kitQuery = (column: KitColumn, direction: 'asc' | 'desc', more: Partial<KitListQuery> = {}): KitListQuery => ({
  sort: { column, direction },
  filters: [],
  page: 1,
  pageSize: ALL,
  ...more,
});

async function newKitOrder(q: Queryable, query: KitListQuery): Promise<string[]> {
  return (await listKits(q, RIVERSIDE, query, () => '')).items.map((kit) => kit.uid);
}

const OLD_ORDER_SORT: Partial<Record<OrderColumn, string>> = {
  products: 'pn.names',
  status: 'g.name',
};

async function oldOrderOrder(q: Queryable, column: OrderColumn, direction: 'ASC' | 'DESC'): Promise<string[]> {
  const codes = Object.values(OrderStatus);
  const rows = await q.query<{ number: string }>(
    `SELECT o.number FROM orders o
       LEFT JOIN unnest($2::int[], $3::text[]) AS g(code, name) ON g.code = o.status
       LEFT JOIN (SELECT i.order_id, lower(string_agg(p.name, ', ' ORDER BY p.name)) AS names
                    FROM order_items i JOIN orders io ON io.id = i.order_id JOIN products p ON p.id = i.product_id
                   WHERE io.practice_id = $1 GROUP BY i.order_id) pn ON pn.order_id = o.id
      WHERE o.practice_id = $1 ORDER BY ${OLD_ORDER_SORT[column] ?? ''} ${direction}, o.id ${direction}`,
    [RIVERSIDE, codes, codes.map(orderStatusGroup)],
  );
  return rows.map((row) => row.number);
}

async function newOrderOrder(q: Queryable, column: OrderColumn, direction: 'asc' | 'desc'): Promise<string[]> {
  const query: OrderListQuery = { sort: { column, direction }, filters: [], page: 1, pageSize: ALL };
  return (await listOrders(q, RIVERSIDE, query)).items.map((order) => order.number);
}

/** Every changed sort of both lists, both ways, equal to the previous query's order. */
async function expectSameOrders(q: Queryable): Promise<void> {
  for (const column of [KitColumn.orderNumber, KitColumn.patient, KitColumn.product, KitColumn.status]) {
    for (const direction of ['asc', 'desc'] as const) {
      const old = await oldKitOrder(q, column, direction === 'asc' ? 'ASC' : 'DESC');
      expect(old.length).toBeGreaterThan(1);
      expect([column, direction, await newKitOrder(q, kitQuery(column, direction))]).toEqual([column, direction, old]);
    }
  }
  for (const column of [OrderColumn.products, OrderColumn.status]) {
    for (const direction of ['asc', 'desc'] as const) {
      const old = await oldOrderOrder(q, column, direction === 'asc' ? 'ASC' : 'DESC');
      expect(old.length).toBeGreaterThan(1);
      expect([column, direction, await newOrderOrder(q, column, direction)]).toEqual([column, direction, old]);
    }
  }
}

async function oneKitWith(q: Queryable, column: 'patient_id' | 'order_id'): Promise<{ id: number; target: number; uid: string }> {
  const [kit] = await q.query<{ id: number; target: number; uid: string }>(
    `SELECT id, ${column} AS target, uid FROM kits WHERE practice_id = $1 AND ${column} IS NOT NULL ORDER BY id LIMIT 1`,
    [RIVERSIDE],
  );
  if (!kit) throw new Error(`The seed has no Riverside kit with a ${column}`);
  return kit;
}

function suite(server: () => TestServer): void {
  const db = () => server().db;

  it('ranks kit statuses exactly as the model names them (lower case, byte by byte; unknown codes as Unknown)', async () => {
    const name = (code: number) =>
      (KIT_STATUS_CODES.find((known) => known === code) === undefined
        ? KitDisplayStatus.Unknown
        : KIT_DISPLAY_STATUS[code as (typeof KIT_STATUS_CODES)[number]]
      ).toLowerCase();
    const codes = [...KIT_STATUS_CODES, ...UNKNOWN_CODES];
    const names = [...new Set(codes.map(name))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const rows = await db().query<{ code: number; rank: number }>(
      'SELECT code, kit_status_rank(code) AS rank FROM unnest($1::int[]) AS code ORDER BY code',
      [codes],
    );
    const expected = [...codes].sort((a, b) => a - b).map((code) => ({ code, rank: names.indexOf(name(code)) + 1 }));
    expect(rows).toEqual(expected);
  });

  it('ranks order statuses in their group names’ order as this database sorts them; unknown codes last', async () => {
    const codes = Object.values(OrderStatus);
    // The database's own order of the names (the previous sort compared them in its collation).
    const groups = await db().query<{ name: string }>('SELECT DISTINCT name FROM unnest($1::text[]) AS name ORDER BY name', [
      codes.map(orderStatusGroup),
    ]);
    const rows = await db().query<{ code: number; rank: number | null }>(
      'SELECT code, order_status_rank(code) AS rank FROM unnest($1::int[]) AS code ORDER BY code',
      [[...codes, ...UNKNOWN_CODES]],
    );
    const expected = [...codes, ...UNKNOWN_CODES]
      .sort((a, b) => a - b)
      .map((code) => {
        const known = codes.find((status) => status === code);
        return { code, rank: known === undefined ? null : groups.findIndex((group) => group.name === orderStatusGroup(known)) + 1 };
      });
    expect(rows).toEqual(expected);
  });

  it('backfills every key exactly, and sorts both lists as the joined columns did', async () => {
    expect(await staleKits(db())).toEqual([]);
    expect(await staleOrders(db())).toEqual([]);
    await expectSameOrders(db());
  });

  it('follows a registrant renamed: her kits move in the patient sort, the filter and the search find the new name', async () => {
    const kit = await oneKitWith(db(), 'patient_id');
    await db().query(`UPDATE patients SET first_name = 'Aaron', last_name = 'Aaberg' WHERE id = $1`, [kit.target]);
    expect(await staleKits(db())).toEqual([]);
    const first = await newKitOrder(db(), kitQuery(KitColumn.patient, 'asc'));
    const [top] = await db().query<{ patient_id: number }>(`SELECT patient_id FROM kits WHERE uid = $1`, [first[0]]);
    expect(top?.patient_id).toBe(kit.target);
    await expectSameOrders(db());
    const filtered = await newKitOrder(
      db(),
      kitQuery(KitColumn.createdAt, 'desc', { filters: [{ column: KitColumn.patient, operator: 'equals', value: 'aaron aaberg' }] }),
    );
    expect(filtered).toContain(kit.uid);
    const searched = await newKitOrder(db(), kitQuery(KitColumn.createdAt, 'desc', { search: 'n Aab' }));
    expect(searched).toContain(kit.uid);
    // Removing a name leaves only the other one in the name the filter matches, as concat_ws gives it.
    await db().query(`UPDATE patients SET first_name = NULL WHERE id = $1`, [kit.target]);
    expect(await staleKits(db())).toEqual([]);
  });

  it('follows an order renumbered, a kit moved to another order or registrant, and an order or registrant removed', async () => {
    const kit = await oneKitWith(db(), 'order_id');
    await db().query(`UPDATE orders SET number = '1' WHERE id = $1`, [kit.target]);
    expect(await staleKits(db())).toEqual([]);
    const byNumber = await newKitOrder(db(), kitQuery(KitColumn.orderNumber, 'asc'));
    expect(byNumber[0]).toBeDefined();
    const [top] = await db().query<{ order_id: number }>(`SELECT order_id FROM kits WHERE uid = $1`, [byNumber[0]]);
    expect(top?.order_id).toBe(kit.target);
    expect(await newKitOrder(db(), kitQuery(KitColumn.createdAt, 'desc', { search: '1' }))).toContain(kit.uid);
    await expectSameOrders(db());

    const other = await oneKitWith(db(), 'patient_id');
    await db().query(`UPDATE kits SET order_id = NULL, patient_id = (SELECT max(id) FROM patients WHERE practice_id = $2) WHERE id = $1`, [
      other.id,
      RIVERSIDE,
    ]);
    expect(await staleKits(db())).toEqual([]);
    await db().query(`DELETE FROM kit_status_history WHERE kit_id IN (SELECT id FROM kits WHERE order_id = $1)`, [kit.target]);
    await db().query(`UPDATE kits SET patient_id = NULL WHERE order_id = $1`, [kit.target]);
    await db().query(`DELETE FROM order_items WHERE order_id = $1`, [kit.target]);
    expect(await staleOrders(db())).toEqual([]);
    await expectSameOrders(db());
  });

  it('follows a product renamed, on kits and on the orders holding it', async () => {
    const [product] = await db().query<{ id: number }>(
      `SELECT product_id AS id FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.practice_id = $1 ORDER BY i.id LIMIT 1`,
      [RIVERSIDE],
    );
    expect(product).toBeDefined();
    await db().query(`UPDATE products SET name = 'AAA first of all' WHERE id = $1`, [product?.id]);
    expect(await staleKits(db())).toEqual([]);
    expect(await staleOrders(db())).toEqual([]);
    const [firstKit] = await newKitOrder(db(), kitQuery(KitColumn.product, 'asc'));
    const [top] = await db().query<{ product_id: number }>(`SELECT product_id FROM kits WHERE uid = $1`, [firstKit]);
    expect(top?.product_id).toBe(product?.id);
    await expectSameOrders(db());
  });

  it('follows an order’s items added, changed and removed', async () => {
    const [order] = await db().query<{ id: number }>(`SELECT id FROM orders WHERE practice_id = $1 ORDER BY id LIMIT 1`, [RIVERSIDE]);
    const products = await db().query<{ id: number }>(`SELECT id FROM products ORDER BY name DESC LIMIT 2`);
    expect([order, products.length]).toEqual([expect.anything(), 2]);
    await db().query(
      `INSERT INTO order_items (order_id, product_id, price, discount, quantity, total_price) VALUES ($1, $2, 1, 0, 1, 1), ($1, $3, 1, 0, 1, 1)`,
      [order?.id, products[0]?.id, products[1]?.id],
    );
    expect(await staleOrders(db())).toEqual([]);
    await expectSameOrders(db());
    await db().query(`UPDATE order_items SET product_id = $2 WHERE order_id = $1`, [order?.id, products[1]?.id]);
    expect(await staleOrders(db())).toEqual([]);
    await db().query(`DELETE FROM order_items WHERE order_id = $1`, [order?.id]);
    expect(await staleOrders(db())).toEqual([]);
    const [emptied] = await db().query<{ products_key: string | null }>(`SELECT products_key FROM orders WHERE id = $1`, [order?.id]);
    expect(emptied?.products_key).toBeNull();
    await expectSameOrders(db());
  });

  it('follows a status change into the status sort (the rank is of the status column itself)', async () => {
    const kit = await oneKitWith(db(), 'order_id');
    await db().query(`UPDATE kits SET status = 23 WHERE id = $1`, [kit.id]); // Abs Data Uploaded: first by name
    await db().query(`UPDATE orders SET status = 5 WHERE id = $1`, [kit.target]); // Canceled: first by group name
    expect((await newKitOrder(db(), kitQuery(KitColumn.status, 'asc')))[0]).toBe(kit.uid);
    await expectSameOrders(db());
  });

  it('finds with the search box and the patient filter exactly the kits the joined conditions find', async () => {
    const texts = ['a', 'son', 'KT-', 'Health', ' ', '1', 'zzz-not-there', '%', '_'];
    const operators: FilterOperator[] = ['contains', 'equals', 'startsWith', 'endsWith'];
    for (const text of texts) {
      const [old] = await db().query<{ uids: string[] | null }>(
        `SELECT array_agg(uid ORDER BY created_at DESC, id DESC) AS uids FROM (SELECT k.* FROM kits k
           JOIN products p ON p.id = k.product_id
           LEFT JOIN orders o ON o.id = k.order_id AND o.practice_id = k.practice_id
           LEFT JOIN patients pt ON pt.id = k.patient_id AND pt.practice_id = k.practice_id
          WHERE k.practice_id = $1 AND (k.barcode ILIKE $2 OR k.external_barcode ILIKE $2 OR p.name ILIKE $2
             OR pt.first_name ILIKE $2 OR pt.last_name ILIKE $2 OR concat_ws(' ', pt.first_name, pt.last_name) ILIKE $2
             OR o.number ILIKE $2)) k`,
        [RIVERSIDE, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`],
      );
      expect([text, await newKitOrder(db(), kitQuery(KitColumn.createdAt, 'desc', { search: text }))]).toEqual([text, old?.uids ?? []]);
    }
    const [someone] = await db().query<{ name: string }>(
      `SELECT concat_ws(' ', first_name, last_name) AS name FROM patients WHERE practice_id = $1 AND last_name IS NOT NULL ORDER BY id LIMIT 1`,
      [RIVERSIDE],
    );
    const name = someone?.name ?? '';
    for (const [operator, value] of operators.map((op) => [op, op === 'contains' ? name.slice(2, -2) : name] as const)) {
      const pattern = { contains: `%${value}%`, equals: value, startsWith: `${value}%`, endsWith: `%${value}` }[operator];
      const old = await db().query<{ uid: string }>(
        `SELECT k.uid FROM kits k LEFT JOIN patients pt ON pt.id = k.patient_id AND pt.practice_id = k.practice_id
          WHERE k.practice_id = $1 AND concat_ws(' ', pt.first_name, pt.last_name) ILIKE $2 ORDER BY k.created_at DESC, k.id DESC`,
        [RIVERSIDE, pattern],
      );
      expect(old.length).toBeGreaterThan(0);
      const filtered = await newKitOrder(
        db(),
        kitQuery(KitColumn.createdAt, 'desc', { filters: [{ column: KitColumn.patient, operator, value }] }),
      );
      expect([operator, filtered]).toEqual([operator, old.map((row) => row.uid)]);
    }
  });
}

/** Pages 2 onwards of three kits each, read one by one, recording each statement sent. */
async function deepPages(q: Queryable, query: KitListQuery): Promise<{ uids: string[]; statements: string[] }> {
  const statements: string[] = [];
  const recording: Queryable = {
    query: (sql, params) => {
      statements.push(sql);
      return q.query(sql, params);
    },
    exec: (sql) => q.exec(sql),
  };
  const uids: string[] = [];
  for (let page = 2; ; page += 1) {
    const answer = await listKits(recording, RIVERSIDE, { ...query, page, pageSize: 3 }, () => '');
    uids.push(...answer.items.map((kit) => kit.uid));
    if (!answer.hasMore) return { uids, statements };
  }
}

function deferredJoinSuite(server: () => TestServer): void {
  it('answers deep kit pages found over the kits alone with exactly the rows and order of the whole list', async () => {
    const q = server().db;
    const cases: { query: KitListQuery; deferred: boolean }[] = [
      { query: kitQuery(KitColumn.createdAt, 'desc'), deferred: true },
      { query: kitQuery(KitColumn.barcode, 'asc'), deferred: true },
      { query: kitQuery(KitColumn.registeredAt, 'asc'), deferred: true },
      { query: kitQuery(KitColumn.status, 'desc'), deferred: true },
      { query: kitQuery(KitColumn.patient, 'asc'), deferred: true },
      {
        query: kitQuery(KitColumn.createdAt, 'asc', { filters: [{ column: KitColumn.patient, operator: 'contains', value: 'a' }] }),
        deferred: true,
      },
      // A joined table's column in the conditions: the page is found over the joins, as before.
      {
        query: kitQuery(KitColumn.createdAt, 'desc', { filters: [{ column: KitColumn.product, operator: 'contains', value: 'a' }] }),
        deferred: false,
      },
      { query: kitQuery(KitColumn.createdAt, 'desc', { search: 'a' }), deferred: false },
    ];
    for (const { query, deferred } of cases) {
      const whole = await newKitOrder(q, query);
      expect(whole.length).toBeGreaterThan(6);
      const { uids, statements } = await deepPages(q, query);
      expect([query.sort, query.filters, uids]).toEqual([query.sort, query.filters, whole.slice(3)]);
      expect(statements.every((sql) => sql.includes('IN (SELECT k.id FROM kits k WHERE'))).toBe(deferred);
    }
  });
}

describe('list sort keys (migration 024) on PGlite', () => {
  const server = useTestServer('pglite');
  suite(server);
  deferredJoinSuite(server);
});
describe(`list sort keys (migration 024) through node-postgres, to ${describePostgres()}`, () => {
  const server = useTestServer('pg');
  suite(server);
  deferredJoinSuite(server);
});
