import * as v from 'valibot';
import { expect } from 'vitest';
import { KitsPageSchema, ReportAnswerSchema, type Kit, type KitColumn } from '../../../src/model/kits/kit';
import { kitDisplayStatus, RenderDetails, RenderStrategy, ReportType } from '../../../src/model/kits/kit-status';
import type { FilterOperator } from '../../../src/model/lists/paging';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import type { Answer, TestServer } from '../support/harness';
import { tokenOf } from './ordering-fixtures.suite';

/**
 * What the kit and report suites share: no tests here, only the list call and the oracle the server's
 * answers are checked against (what each column shows, filters on and sorts by, computed from the kits).
 */

/** Riverside Family Medicine (hcp.checkout): 28 demo kits, three pages of ten. */
export const RIVERSIDE_KITS = 28;
export const RIVERSIDE = PRACTICE_IDS.riverside;
export const OWNER = 'hcp.checkout';
/** Lakeside Internal Medicine (hcp.net30): another practice with kits of its own. */
export const OTHER_PRACTICE = 'hcp.net30';

export type KitsPage = v.InferOutput<typeof KitsPageSchema>;

const tokens = new WeakMap<TestServer, Map<string, Promise<string>>>();

/**
 * A demo user's access token, signed in once per test server. A token stays valid across the suites' reseeds
 * (the accounts come back with the same ids, and the clock starts over before every test), and a test that
 * signs in no more writes nothing, so the read-only tests need no reseed after them.
 */
export function tokenFor(server: TestServer, username: string): Promise<string> {
  let known = tokens.get(server);
  if (!known) {
    known = new Map<string, Promise<string>>();
    tokens.set(server, known);
  }
  let token = known.get(username);
  if (!token) {
    token = tokenOf(server, username);
    known.set(username, token);
  }
  return token;
}

export async function listKits(server: TestServer, token: string, query: string): Promise<KitsPage> {
  const answer = await server.call('GET', `/Kits${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(KitsPageSchema, answer.body);
}

/** Every kit of the practice that the query leaves, in one page. */
export async function everyKit(server: TestServer, token: string, query = ''): Promise<Kit[]> {
  const page = await listKits(server, token, `?pageSize=100${query}`);
  expect(page.hasMore).toBe(false);
  return page.items;
}

export const barcodes = (kits: readonly Kit[]): string[] => kits.map((kit) => kit.barcode);

export function filtersParam(filters: readonly { column: KitColumn; operator: FilterOperator; value: string }[]): string {
  return `filters=${encodeURIComponent(JSON.stringify(filters))}`;
}

export function registrantName(kit: Kit): string {
  return [kit.registrant?.firstName, kit.registrant?.lastName].filter(Boolean).join(' ');
}

/** The texts a column filters on, as the client reads a kit. */
export function columnTexts(kit: Kit, column: KitColumn): string[] {
  switch (column) {
    case 'barcode':
      return [kit.barcode, kit.externalBarcode ?? ''];
    case 'orderNumber':
      return [kit.order?.orderNumber ?? ''];
    case 'registeredAt':
      return [(kit.registeredAt ?? '').slice(0, 10)];
    case 'createdAt':
      return [(kit.createdAt ?? '').slice(0, 10)];
    case 'patient':
      return [registrantName(kit)];
    case 'product':
      return [kit.product?.name ?? ''];
    case 'status':
      return [kitDisplayStatus(kit.status?.status)];
  }
}

export function matches(text: string, operator: FilterOperator, value: string): boolean {
  if (!text) return false;
  const [t, w] = [text.toLowerCase(), value.toLowerCase()];
  return { contains: t.includes(w), equals: t === w, startsWith: t.startsWith(w), endsWith: t.endsWith(w) }[operator];
}

/** What the search box looks in: barcode, external barcode, product, the registrant's names, order number. */
export function searchTexts(kit: Kit): string[] {
  return [
    kit.barcode,
    kit.externalBarcode ?? '',
    kit.product?.name ?? '',
    kit.registrant?.firstName ?? '',
    kit.registrant?.lastName ?? '',
    registrantName(kit),
    kit.order?.orderNumber ?? '',
  ];
}

type Key = string | number | null;

const lower = (text: string | null | undefined): string | null => (text === null || text === undefined ? null : text.toLowerCase());

/** What each column sorts by, most significant first; null is the largest value either way round. */
export function sortKey(kit: Kit, column: KitColumn): Key[] {
  switch (column) {
    case 'barcode':
      return [kit.barcode.toLowerCase()];
    case 'orderNumber':
      return [kit.order?.orderNumber?.length ?? null, kit.order?.orderNumber ?? null];
    case 'registeredAt':
      return [kit.registeredAt];
    case 'createdAt':
      return [kit.createdAt];
    case 'patient':
      return [lower(kit.registrant?.lastName), lower(kit.registrant?.firstName)];
    case 'product':
      return [lower(kit.product?.name)];
    case 'status':
      return [kitDisplayStatus(kit.status?.status).toLowerCase(), kit.status?.status ?? null];
  }
}

function compareKeys(a: readonly Key[], b: readonly Key[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const [x, y] = [a[i] ?? null, b[i] ?? null];
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** The kits in the order the server must answer them ascending: by the column's key, then by the stored id. */
export function oracleSort(kits: readonly Kit[], column: KitColumn, ids: ReadonlyMap<string, number>): Kit[] {
  return [...kits].sort((a, b) => compareKeys(sortKey(a, column), sortKey(b, column)) || (ids.get(a.uid) ?? 0) - (ids.get(b.uid) ?? 0));
}

/** The stored ids of the practice's kits by uid: the tie-break the answers do not show. */
export async function kitIds(server: TestServer, practiceId: number): Promise<Map<string, number>> {
  const rows = await server.db.query<{ id: number; uid: string }>('SELECT id, uid FROM kits WHERE practice_id = $1', [practiceId]);
  return new Map(rows.map((row) => [row.uid, row.id]));
}

/** A result-ready kit of Riverside with current and legacy reports (the combo: TruAge and TruHealth). */
export const READY_KIT = 'KT-11-0001';

export function reportRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kitId: READY_KIT,
    reportType: ReportType.TruAge,
    renderStrategy: RenderStrategy.Html,
    renderDetails: RenderDetails.PresignedUrl,
    ...overrides,
  };
}

export function generate(server: TestServer, token: string | undefined, body: Record<string, unknown>): Promise<Answer> {
  return server.call('POST', '/Reports/', { token, body });
}

/** The link of a generation's answer, as the path and query a browser would ask for. */
export function linkOf(answer: Answer): string {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const url = v.parse(ReportAnswerSchema, answer.body).presignedUrl ?? '';
  expect(url).toMatch(/^http:\/\/localhost\/portalApi\//);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Opens a link as a new tab would: no Authorization header. */
export async function open(server: TestServer, link: string): Promise<Response> {
  return server.app.request(link);
}

export async function reportLink(server: TestServer, overrides: Record<string, unknown> = {}, username = OWNER): Promise<string> {
  return linkOf(await generate(server, await tokenFor(server, username), reportRequest(overrides)));
}
