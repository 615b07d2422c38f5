import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/database';
import { openPglite, pgliteDatabase } from '../../server/db/pglite';

/**
 * The PGlite adapter prepares each statement text once under a name (server/db/pglite.ts): its answers must be
 * PGlite's own `query`'s, its errors the database's, and a transaction's rules unchanged.
 */

let pglite: PGlite;
let db: Database;

const preparedCount = async () => (await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]?.n;

beforeAll(async () => {
  pglite = await PGlite.create({ dataDir: 'memory://' });
  db = pgliteDatabase(pglite);
  await db.exec(`
    CREATE TABLE things (
      id bigserial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      made_at timestamptz NOT NULL,
      day date,
      price numeric(10, 2),
      tags text[] NOT NULL DEFAULT '{}',
      details jsonb
    )`);
});

afterAll(async () => {
  await db.close();
});

describe('PGlite statements prepared by name', () => {
  it('answers what PGlite’s own query answers, for every kind of value in and out', async () => {
    const madeAt = new Date('2026-11-29T08:30:00.000Z');
    const inserted = await db.query<{ id: number }>(
      'INSERT INTO things (name, made_at, day, price, tags, details) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      ['first', madeAt, '2026-11-28', 12.5, ['a', 'b c'], { nested: [1, 'two'] }],
    );
    expect(inserted).toHaveLength(1);
    const sql = 'SELECT id, name, made_at, day, price, tags, details, $2::int[] AS asked FROM things WHERE name = $1';
    const params = ['first', [3, 4]];
    const ours = await db.query(sql, params);
    const theirs = (await pglite.query(sql, params)).rows;
    expect(ours).toEqual(theirs);
    expect(ours[0]).toMatchObject({ name: 'first', made_at: madeAt, tags: ['a', 'b c'], details: { nested: [1, 'two'] }, asked: [3, 4] });
  });

  it('prepares a text once and runs it again by its name', async () => {
    const before = await preparedCount();
    const sql = 'SELECT name FROM things WHERE id > $1 ORDER BY id';
    for (let i = 0; i < 5; i += 1) expect(await db.query(sql, [0])).toEqual([{ name: 'first' }]);
    expect(await preparedCount()).toBe((before ?? 0) + 1);
    const [named] = (await pglite.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements WHERE statement = $1', [sql]))
      .rows;
    expect(named?.statement).toBe(sql);
  });

  it('passes nulls and missing values as NULL', async () => {
    expect(await db.query('SELECT $1::text IS NULL AS a, $2::int IS NULL AS b', [null, undefined])).toEqual([{ a: true, b: true }]);
  });

  it('rejects with the database’s error and code, and the next statement runs', async () => {
    const insert = 'INSERT INTO things (name, made_at) VALUES ($1, now())';
    await expect(db.query(insert, ['first'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('SELEC nothing')).rejects.toMatchObject({ code: '42601' });
    await expect(db.query('SELECT $1::int AS n', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect(await db.query('SELECT count(*)::int AS n FROM things')).toEqual([{ n: 1 }]);
    await db.query(insert, ['second']);
    expect(await db.query('SELECT count(*)::int AS n FROM things')).toEqual([{ n: 2 }]);
  });

  it('keeps a transaction whole: a failure inside rolls back its named statements’ writes', async () => {
    const insert = 'INSERT INTO things (name, made_at) VALUES ($1, now())';
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['third']);
        await tx.query(insert, ['first']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('SELECT name FROM things WHERE name = $1', ['third'])).toEqual([]);
    await db.transaction(async (tx) => {
      await tx.query(insert, ['third']);
      expect(await tx.query('SELECT name FROM things WHERE name = $1', ['third'])).toEqual([{ name: 'third' }]);
    });
    expect(await db.query('SELECT name FROM things WHERE name = $1', ['third'])).toEqual([{ name: 'third' }]);
  });

  it('refuses a transaction’s handle once the transaction has ended', async () => {
    let kept: Queryable | undefined;
    await db.transaction(async (tx) => {
      kept = tx;
      await tx.query('SELECT 1 AS one');
    });
    await expect(kept?.query('SELECT 1 AS one')).rejects.toThrow('Transaction is closed');
  });

  it('lets a statement outside a transaction wait for the transaction to end', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => undefined as void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const order: string[] = [];
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO things (name, made_at) VALUES ($1, now())', ['fourth']);
      started();
      await held;
      order.push('transaction done');
    });
    await inside;
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM things WHERE name = $1', ['fourth']).then((rows) => {
      order.push('outside read');
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    release();
    await transaction;
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['transaction done', 'outside read']);
  });

  it('runs texts past the 500th unnamed, with the same answers', async () => {
    const before = (await preparedCount()) ?? 0;
    for (let i = before; i < 505; i += 1) expect(await db.query(`SELECT $1::int + ${i} AS n`, [1])).toEqual([{ n: i + 1 }]);
    expect(await preparedCount()).toBe(500);
    expect(await db.query('SELECT $1::text AS unnamed', ['yes'])).toEqual([{ unnamed: 'yes' }]);
    expect(await preparedCount()).toBe(500);
  });
});

describe('a persisted PGlite', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pglite-statements-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps a write made outside a transaction once it is answered', async () => {
    const first = await openPglite(dir);
    await first.exec('CREATE TABLE notes (body text)');
    await first.query('INSERT INTO notes (body) VALUES ($1)', ['kept']);
    await first.close();
    const again = await openPglite(dir);
    expect(await again.query('SELECT body FROM notes')).toEqual([{ body: 'kept' }]);
    await again.close();
  });
});
