import * as XLSX from '@e965/xlsx';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { UnitType } from '../../../src/model/enums';
import { checkManifest, ManifestColumn as C, manifestColumns } from '../../../src/model/orders/manifest';
import { ManifestUploadFailureSchema } from '../../../src/model/orders/manifest-answers';
import { readManifestSheet } from '../../../src/model/orders/manifest-sheet';
import {
  ManifestFileText,
  ManifestRowText as RowText,
  ManifestSpecText,
  ManifestUploadText,
} from '../../../src/model/orders/manifest-texts';
import { OrderSchema, OrderStatus, OrderStatusGroup } from '../../../src/model/orders/order';
import { KitSchema } from '../../../src/model/kits/kit';
import { KitStatus, kitDisplayStatus } from '../../../src/model/kits/kit-status';
import { CheckoutValidationText } from '../../../src/model/orders/texts';
import { listManifestSamples } from '../../../server/store/orders/manifest';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import { errorMessage, snapshot, type Answer, type TestServer } from '../support/harness';
import { orderCount, SUMMIT, tokenOf } from './ordering-fixtures.suite';

/** Ordering §2, §5, §7 and issue 9 items 4 and 5: POST /Orders/bulk and the manifest templates. */

const RESEARCH_HEADERS = [
  'Unique ID',
  'Product ID',
  'Date of Collection',
  'DOB',
  'Sex',
  'Clinic ID',
  'Type',
  'Concentration (ug/mL)',
  'Volume (uL)',
  'Patient External ID',
];
/** Collected before the test clock's day (2026-03-02). */
const GOOD_ROWS = [
  ['S10001', 'MSA', '02/20/2026', '05/17/1980', 'F', 'LAB1', 'Blood', '50', '20', 'P1'],
  ['S10002', 'EPICv2', '02/21/2026', '11/02/1975', 'M', 'LAB1', '', '', '', ''],
  ['S10003', 'MSA', '02/21/2026', '01/30/1990', 'F', 'LAB2', 'Saliva', '', '15', ''],
];

function csvOf(rows: readonly (readonly string[])[]): Uint8Array {
  return new TextEncoder().encode(rows.map((row) => row.join(',')).join('\r\n') + '\r\n');
}

function xlsxOf(rows: readonly (readonly string[])[]): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((row) => [...row])), 'Manifest');
  const written: unknown = XLSX.write(book, { type: 'array', bookType: 'xlsx' });
  if (!(written instanceof ArrayBuffer)) throw new Error('SheetJS wrote no ArrayBuffer');
  return new Uint8Array(written);
}

function formOf(bytes: Uint8Array, name: string, field = 'manifest'): FormData {
  const form = new FormData();
  form.append(field, new File([Uint8Array.from(bytes)], name));
  return form;
}

async function upload(
  server: TestServer,
  token: string | undefined,
  body: FormData | string,
  extra: Record<string, string> = {},
): Promise<Answer> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}`, ...extra } : { ...extra };
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';
  const response = await server.app.request('/portalApi/Orders/bulk', { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
}

async function ordersOf(server: TestServer, practiceId: number): Promise<string[]> {
  const rows = await server.db.query<{ number: string }>('SELECT number FROM orders WHERE practice_id = $1 ORDER BY id', [practiceId]);
  return rows.map((row) => row.number);
}

/** The answer of GET /Orders/{number}, checked against the contract (null when the practice has no such order). */
async function orderOf(server: TestServer, token: string, number: string) {
  const answer = await server.call('GET', `/Orders/${number}`, { token });
  expect(answer.status).toBe(200);
  return v.parse(v.nullable(OrderSchema), answer.body);
}

export function manifestSuite(server: () => TestServer): void {
  describe('POST /Orders/bulk (manifest upload)', () => {
    it('a CPS manifest with two bad rows answers 400 with both rows’ errors and stores nothing', async () => {
      const token = await tokenOf(server(), 'cps.user');
      const before = await snapshot(server().db);
      const rows = [
        RESEARCH_HEADERS,
        GOOD_ROWS[0] ?? [],
        ['S1', 'MSA', '2026-02-20', '05/17/1980', 'F', 'LAB1'],
        ['S10004', 'TruAge', '02/20/2026', '05/17/1980', 'X', 'LAB1'],
      ];
      const answer = await upload(server(), token, formOf(csvOf(rows), 'manifest.csv'));
      expect(answer.status).toBe(400);
      const body = v.parse(ManifestUploadFailureSchema, answer.body);
      expect(body.error?.message).toBe(ManifestSpecText.uploadFailed);
      expect(body.correlationId).toBe(answer.headers.get('X-Correlation-Id'));
      expect(body.rowErrors).toEqual([
        { row: 3, column: C.uniqueId, reason: RowText.uniqueIdFormat },
        { row: 3, column: C.collectionDate, reason: RowText.dateFormat(C.collectionDate) },
        { row: 4, column: C.productId, reason: RowText.unknownProduct(['MSA', 'GSA', 'GDA', 'EPICv2', 'Enlighten']) },
        { row: 4, column: C.sex, reason: RowText.sex },
      ]);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('the corrected manifest answers true: one received order holding every row, each row a kit of it, awaited by the lab', async () => {
      const token = await tokenOf(server(), 'cps.user');
      const before = await orderCount(server(), PRACTICE_IDS.northgate);
      const answer = await upload(server(), token, formOf(csvOf([RESEARCH_HEADERS, ...GOOD_ROWS]), 'manifest.csv'));
      expect(answer).toMatchObject({ status: 200, body: true });
      expect(await orderCount(server(), PRACTICE_IDS.northgate)).toBe(before + 1);
      const [number] = (await ordersOf(server(), PRACTICE_IDS.northgate)).slice(-1);
      const order = await orderOf(server(), token, number ?? '');
      expect(order).toMatchObject({
        customer: 'Northgate Sample Processing',
        shippingType: 'None',
        status: { status: OrderStatus.OrderReceived, group: OrderStatusGroup.Received },
        items: [
          { product: { id: 201 }, price: 120, discount: 0, quantity: 2, totalPrice: 240 },
          { product: { id: 204 }, quantity: 1, totalPrice: 185 },
        ],
      });
      expect(await listManifestSamples(server().db, PRACTICE_IDS.northgate)).toEqual([
        { row: 2, uniqueId: 'S10001', orderNumber: number, productId: 201, barcode: 'S10001' },
        { row: 3, uniqueId: 'S10002', orderNumber: number, productId: 204, barcode: 'S10002' },
        { row: 4, uniqueId: 'S10003', orderNumber: number, productId: 201, barcode: 'S10003' },
      ]);
      const [stored] = await server().db.query<{ dob: string; concentration: number; sample_type: string }>(
        `SELECT to_char(dob, 'YYYY-MM-DD') AS dob, concentration::float8 AS concentration, sample_type FROM manifest_samples WHERE unique_id = 'S10001'`,
      );
      expect(stored).toEqual({ dob: '1980-05-17', concentration: 50, sample_type: 'Blood' });
      // Under Samples at once: each row is a kit of the order, its barcode the Unique ID, Registered until the lab has it.
      const kits = await server().call(
        'GET',
        `/Kits?${new URLSearchParams({ filters: JSON.stringify([{ column: 'barcode', operator: 'startsWith', value: 'S1000' }]) })}`,
        { token },
      );
      expect(kits.status).toBe(200);
      const items = v.parse(v.object({ items: v.array(KitSchema) }), kits.body).items;
      expect(items.map((kit) => kit.barcode).sort()).toEqual(['S10001', 'S10002', 'S10003']);
      for (const kit of items) {
        expect(kit).toMatchObject({ order: { orderNumber: number }, status: { status: KitStatus.HealthAssessmentCompleted } });
        expect(kitDisplayStatus(kit.status?.status)).toBe('Registered');
      }
      // The sample's own page carries its row; a list does not.
      const [first] = items;
      expect(first?.manifestSample).toBeNull();
      const one = await server().call('GET', '/Kits/S10001', { token });
      expect(v.parse(KitSchema, one.body).manifestSample).toEqual({
        collectionDate: '2026-02-20',
        dateOfBirth: '1980-05-17',
        sex: 'F',
        clinicId: 'LAB1',
        type: 'Blood',
        concentration: 50,
        volume: 20,
        patientExternalId: 'P1',
      });
      const bare = await server().call('GET', '/Kits/S10002', { token });
      expect(v.parse(KitSchema, bare.body).manifestSample).toMatchObject({ sex: 'M', type: null, concentration: null, volume: null });
      // Another practice's orders and samples are as absent as ones that do not exist.
      expect(await orderOf(server(), await tokenOf(server(), 'irc.user'), number ?? '')).toBeNull();
      expect(await listManifestSamples(server().db, PRACTICE_IDS.westbrook)).toEqual([]);
    });

    it('the same file again is refused row by row, "Unique ID … is already registered", and stores nothing', async () => {
      const token = await tokenOf(server(), 'cps.user');
      const file = csvOf([RESEARCH_HEADERS, ...GOOD_ROWS]);
      expect(await upload(server(), token, formOf(file, 'manifest.csv'))).toMatchObject({ status: 200, body: true });
      const before = await snapshot(server().db);
      // Any case names the same sample; the other practice's IDs do not count.
      const again = [RESEARCH_HEADERS, ...GOOD_ROWS.map((row, i) => (i === 1 ? ['s10002', ...row.slice(1)] : row))];
      const answer = await upload(server(), token, formOf(csvOf(again), 'manifest-again.csv'));
      expect(answer.status).toBe(400);
      const body = v.parse(ManifestUploadFailureSchema, answer.body);
      expect(body.error?.message).toBe(ManifestSpecText.uploadFailed);
      expect(body.rowErrors).toEqual([
        { row: 2, column: C.uniqueId, reason: RowText.uniqueIdRegistered('S10001') },
        { row: 3, column: C.uniqueId, reason: RowText.uniqueIdRegistered('s10002') },
        { row: 4, column: C.uniqueId, reason: RowText.uniqueIdRegistered('S10003') },
      ]);
      expect(await snapshot(server().db)).toBe(before);
      // Another practice may use the same Unique IDs for its own samples.
      const irc = await tokenOf(server(), 'irc.user');
      expect(await upload(server(), irc, formOf(file, 'manifest.csv'))).toMatchObject({ status: 200, body: true });
    });

    it('a Unique ID twice in the file, or the template’s example row, is a row error and stores nothing', async () => {
      const token = await tokenOf(server(), 'cps.user');
      const before = await snapshot(server().db);
      const template = await server().app.request('/portalApi/Orders/bulk/Templates/research.csv');
      const read = readManifestSheet(new Uint8Array(await template.arrayBuffer()), 'research.csv');
      if (!read.ok) throw new Error(read.reason);
      const example = read.sheet.rows[0] ?? [];
      const rows = [RESEARCH_HEADERS, GOOD_ROWS[0] ?? [], example, ['S10001', ...(GOOD_ROWS[1] ?? []).slice(1)]];
      const answer = await upload(server(), token, formOf(csvOf(rows), 'manifest.csv'));
      expect(answer.status).toBe(400);
      expect(v.parse(ManifestUploadFailureSchema, answer.body).rowErrors).toEqual([
        { row: 3, column: C.uniqueId, reason: RowText.exampleRow },
        { row: 4, column: C.uniqueId, reason: RowText.uniqueIdRepeated('S10001', 2) },
      ]);
      // The unchanged template alone is refused too.
      const unchanged = await upload(server(), token, formOf(csvOf([read.sheet.headers, example]), 'template.csv'));
      expect(v.parse(ManifestUploadFailureSchema, unchanged.body).rowErrors).toEqual([
        { row: 2, column: C.uniqueId, reason: RowText.exampleRow },
      ]);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('maps the document’s Product IDs to the service’s products, and refuses one it does not offer, storing nothing', async () => {
      const token = await tokenOf(server(), 'cps.user');
      await server().db.query(`UPDATE products SET sku = 'EPIC-V2-ARRAY' WHERE lower(sku) = 'epicv2'`);
      const before = await snapshot(server().db);
      const answer = await upload(server(), token, formOf(csvOf([RESEARCH_HEADERS, ...GOOD_ROWS]), 'manifest.csv'));
      expect(answer.status).toBe(400);
      expect(v.parse(ManifestUploadFailureSchema, answer.body).rowErrors).toEqual([
        { row: 3, column: C.productId, reason: RowText.productNotOffered('EPICv2') },
      ]);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('a retry with the same Idempotency-Key and file makes one order; the key with another file is a 409', async () => {
      const token = await tokenOf(server(), 'cps.user');
      const before = await orderCount(server(), PRACTICE_IDS.northgate);
      const file = csvOf([RESEARCH_HEADERS, ...GOOD_ROWS]);
      const headers = { 'Idempotency-Key': 'manifest-try-1' };
      const first = await upload(server(), token, formOf(file, 'manifest.csv'), headers);
      const retry = await upload(server(), token, formOf(file, 'manifest.csv'), headers);
      expect(first).toMatchObject({ status: 200, body: true });
      expect(retry).toMatchObject({ status: 200, body: true });
      expect(await orderCount(server(), PRACTICE_IDS.northgate)).toBe(before + 1);
      expect((await listManifestSamples(server().db, PRACTICE_IDS.northgate)).length).toBe(3);
      const other = csvOf([RESEARCH_HEADERS, ['S10009', ...(GOOD_ROWS[0] ?? []).slice(1)]]);
      const reused = await upload(server(), token, formOf(other, 'other.csv'), headers);
      expect(reused.status).toBe(409);
      expect(await orderCount(server(), PRACTICE_IDS.northgate)).toBe(before + 1);
    });

    it('two tries of one file at once, with one key, make one order and charge the card once', async () => {
      const token = await tokenOf(server(), 'hcp.checkout');
      const before = await orderCount(server(), PRACTICE_IDS.riverside);
      const charges = async () =>
        (await server().db.query('SELECT 1 FROM card_charges WHERE practice_id = $1', [PRACTICE_IDS.riverside])).length;
      const charged = await charges();
      const file = csvOf([manifestColumns(UnitType.HCP), ['HC0001', 'TruAge', '02/20/2026', '05/17/1980', 'F', 'CL1']]);
      const headers = { 'Idempotency-Key': 'manifest-twice' };
      const answers = await Promise.all([
        upload(server(), token, formOf(file, 'm.csv'), headers),
        upload(server(), token, formOf(file, 'm.csv'), headers),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(await orderCount(server(), PRACTICE_IDS.riverside)).toBe(before + 1);
      expect(await charges()).toBe(charged + 1);
    });

    it('a per-order payer’s .xlsx manifest charges its default card once and records the payment on each order', async () => {
      const token = await tokenOf(server(), 'hcp.checkout');
      const charges = async () =>
        server().db.query<{ amount_cents: number }>('SELECT amount_cents FROM card_charges WHERE practice_id = $1', [
          PRACTICE_IDS.riverside,
        ]);
      const before = (await charges()).length;
      const rows = [
        manifestColumns(UnitType.HCP),
        ['ABC123', 'TruAge', '02/20/2026', '05/17/1980', 'F', 'CL1'],
        ['ABC124', 'truhealth', '02/20/2026', '05/17/1981', 'M', 'CL1'],
      ];
      expect(await upload(server(), token, formOf(xlsxOf(rows), 'Manifest.XLSX'))).toMatchObject({ status: 200, body: true });
      const after = await charges();
      expect(after.length).toBe(before + 1);
      expect(after.at(-1)?.amount_cents).toBe((375 + 375) * 100);
      const [number] = (await ordersOf(server(), PRACTICE_IDS.riverside)).slice(-1);
      const order = await orderOf(server(), token, number ?? '');
      expect(order?.status).toMatchObject({ status: OrderStatus.PaymentSucceeded });
      expect(order?.items.map((item) => item.quantity)).toEqual([1, 1]);
    });

    it('words the payment in dollars as a checkout order’s history does: $1,125.00, not $1125.00', async () => {
      const token = await tokenOf(server(), 'hcp.checkout');
      const rows = [
        manifestColumns(UnitType.HCP),
        ...['ABC125', 'ABC126', 'ABC127'].map((id) => [id, 'TruAge', '02/20/2026', '05/17/1980', 'F', 'CL1']),
      ];
      expect(await upload(server(), token, formOf(csvOf(rows), 'm.csv'))).toMatchObject({ status: 200, body: true });
      const [number] = (await ordersOf(server(), PRACTICE_IDS.riverside)).slice(-1);
      const history = (await orderOf(server(), token, number ?? ''))?.statusHistory.map((entry) => entry.description);
      expect(history).toContain('The card payment of $1,125.00 succeeded.');
    });

    it('invoices a practice whose billing type is neither PerOrder nor Net30, as its manifest page shows the Net 30 notice', async () => {
      await server().db.query('UPDATE practices SET billing_type = 7 WHERE id = $1', [PRACTICE_IDS.northgate]);
      const answer = await upload(server(), await tokenOf(server(), 'cps.user'), formOf(csvOf([RESEARCH_HEADERS, ...GOOD_ROWS]), 'm.csv'));
      expect(answer).toMatchObject({ status: 200, body: true });
      const [msa] = (await ordersOf(server(), PRACTICE_IDS.northgate)).slice(-1);
      const [stored] = await server().db.query<{ payment_method: string | null }>('SELECT payment_method FROM orders WHERE number = $1', [
        msa,
      ]);
      expect(stored?.payment_method).toBeNull();
    });

    it('a per-order payer without a saved card is refused: "Please add a payment method before uploading"', async () => {
      const token = await tokenOf(server(), 'dtc.user');
      const before = await snapshot(server().db);
      const answer = await upload(server(), token, formOf(csvOf([RESEARCH_HEADERS, ...GOOD_ROWS]), 'm.csv'));
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(ManifestSpecText.addPaymentMethod);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('an invoice payer with incomplete billing information is refused with the billing rule’s text', async () => {
      const token = await tokenOf(server(), 'multi.practice', SUMMIT);
      const before = await snapshot(server().db);
      const rows = [manifestColumns(UnitType.HCP), ['ABC123', 'TruAge', '02/20/2026', '05/17/1980', 'F', 'CL1']];
      const answer = await upload(server(), token, formOf(csvOf(rows), 'm.csv'));
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(CheckoutValidationText.invoicePhoneRequired);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('needs one file in the field "manifest" and nothing else', async () => {
      const token = await tokenOf(server(), 'cps.user');
      const before = await snapshot(server().db);
      const bytes = csvOf([RESEARCH_HEADERS, ...GOOD_ROWS]);
      const twoFiles = formOf(bytes, 'a.csv');
      twoFiles.append('manifest', new File([Uint8Array.from(bytes)], 'b.csv'));
      const extraField = formOf(bytes, 'a.csv');
      extraField.append('note', 'hello');
      const textOnly = new FormData();
      textOnly.append('manifest', 'not a file');
      for (const body of [formOf(bytes, 'a.csv', 'file'), twoFiles, extraField, textOnly, JSON.stringify({ manifest: 'x' })]) {
        const answer = await upload(server(), token, body);
        expect(answer.status).toBe(400);
        expect(errorMessage(answer.body)).toBe(ManifestUploadText.field);
      }
      expect(await snapshot(server().db)).toBe(before);
    });

    it('refuses a file that is not a spreadsheet, an empty one, and one over 10 MB, storing nothing', async () => {
      const token = await tokenOf(server(), 'cps.user');
      const before = await snapshot(server().db);
      const pdf = new TextEncoder().encode('%PDF-1.7\n');
      expect(errorMessage((await upload(server(), token, formOf(pdf, 'manifest.xlsx'))).body)).toBe(
        ManifestFileText.notSpreadsheet('Excel (.xlsx)'),
      );
      expect(errorMessage((await upload(server(), token, formOf(new Uint8Array(), 'manifest.csv'))).body)).toBe(ManifestFileText.empty);
      const huge = await upload(server(), token, formOf(new Uint8Array(11 * 1024 * 1024).fill(65), 'manifest.csv'));
      expect(huge.status).toBe(400);
      expect(errorMessage(huge.body)).toBe(ManifestFileText.tooLarge(10));
      const justOver = await upload(server(), token, formOf(new Uint8Array(10 * 1024 * 1024 + 1).fill(65), 'manifest.csv'));
      expect(errorMessage(justOver.body)).toBe(ManifestFileText.tooLarge(10));
      expect(await snapshot(server().db)).toBe(before);
    });

    it('stores a manifest of the full 5,000 rows well inside the client’s 60 s', async () => {
      const token = await tokenOf(server(), 'cps.user');
      const rows = Array.from({ length: 5000 }, (_row, i) => [
        `S${String(i).padStart(6, '0')}`,
        i % 2 ? 'GSA' : 'MSA',
        '02/20/2026',
        '05/17/1980',
        'F',
        'LAB1',
      ]);
      const started = Date.now();
      const answer = await upload(server(), token, formOf(csvOf([RESEARCH_HEADERS.slice(0, 6), ...rows]), 'big.csv'));
      expect(answer).toMatchObject({ status: 200, body: true });
      expect(Date.now() - started).toBeLessThan(30_000);
      expect((await listManifestSamples(server().db, PRACTICE_IDS.northgate)).length).toBe(5000);
    });

    it('refuses a cell that starts with =, +, -, @, a tab or a carriage return, in a .csv and an .xlsx, by row and column', async () => {
      const token = await tokenOf(server(), 'cps.user');
      const before = await snapshot(server().db);
      const textColumns = [C.clinicId, C.type, C.patientExternalId];
      const starts = ['=HYPERLINK("http://evil.test")', ' =1+1', '+cmd|x', '-2+3', '@SUM(A1)', '\t=1', '\rx', '\uFF1D1'];
      const rows = starts.map((start, i) => {
        const row = [...(GOOD_ROWS[0] ?? [])];
        row[0] = `S2000${i}`;
        row[RESEARCH_HEADERS.indexOf(textColumns[i % 3] ?? '')] = start;
        return row;
      });
      const expected = starts.map((_start, i) => {
        const column = textColumns[i % 3] ?? '';
        return { row: i + 2, column, reason: RowText.formulaStart(column) };
      });
      const quoted = [RESEARCH_HEADERS, ...rows].map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`));
      for (const form of [formOf(csvOf(quoted), 'm.csv'), formOf(xlsxOf([RESEARCH_HEADERS, ...rows]), 'm.xlsx')]) {
        const answer = await upload(server(), token, form);
        expect(answer.status).toBe(400);
        expect(v.parse(ManifestUploadFailureSchema, answer.body).rowErrors).toEqual(expected);
      }
      expect(await snapshot(server().db)).toBe(before);
    });

    it('needs a signed-in user', async () => {
      expect((await upload(server(), undefined, formOf(csvOf([RESEARCH_HEADERS, ...GOOD_ROWS]), 'm.csv'))).status).toBe(401);
    });
  });

  describe('GET /Orders/bulk/Templates/{file}', () => {
    const cases = [
      {
        file: 'hcp.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        unitType: UnitType.HCP,
        product: 'TruHealth',
      },
      { file: 'hcp.csv', type: 'text/csv; charset=utf-8', unitType: UnitType.HCP, product: 'TruHealth' },
      {
        file: 'research.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        unitType: UnitType.CPS,
        product: 'MSA',
      },
      { file: 'research.csv', type: 'text/csv; charset=utf-8', unitType: UnitType.IRC, product: 'MSA' },
    ];

    it.each(cases)(
      'serves $file without sign-in: the template’s columns and an example row that passes the rules',
      async ({ file, type, unitType, product }) => {
        const response = await server().app.request(`/portalApi/Orders/bulk/Templates/${file}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('Content-Type')).toBe(type);
        expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="manifest-template-${file}"`);
        const read = readManifestSheet(new Uint8Array(await response.arrayBuffer()), file);
        if (!read.ok) throw new Error(read.reason);
        expect(read.sheet.headers).toEqual(manifestColumns(unitType));
        expect(read.sheet.rows[0]?.[1]).toBe(product);
        // The example is marked by its Unique ID and refused as it is; with an ID of one's own it passes every rule.
        const check = checkManifest(read.sheet, { unitType, now: new Date('2026-03-02T09:00:00Z') });
        expect(check.ok ? [] : check.errors).toEqual([{ row: 2, column: C.uniqueId, reason: RowText.exampleRow }]);
        const mine = { ...read.sheet, rows: read.sheet.rows.map((row) => ['MY0001', ...row.slice(1)]) };
        expect(checkManifest(mine, { unitType, now: new Date('2026-03-02T09:00:00Z') }).ok).toBe(true);
      },
    );

    it('answers 404 for any other file', async () => {
      for (const file of ['hcp.pdf', 'other.csv', 'HCP.XLSX']) {
        expect((await server().app.request(`/portalApi/Orders/bulk/Templates/${file}`)).status).toBe(404);
      }
    });
  });
}
