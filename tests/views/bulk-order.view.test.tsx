import * as XLSX from '@e965/xlsx';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BillingType, UnitType } from '../../src/model/enums';
import type { Practice } from '../../src/model/practice/practice';
import { manifestChecker } from '../../src/services/orders/manifest-check';
import { handleManifestRequest } from '../../src/services/orders/manifest-worker';
import { json, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

// The page is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/orders/bulk/bulk-order.view');

const address = {
  addressLine1: '88 Industrial Parkway',
  addressLine2: null,
  city: 'Columbus',
  state: 'OH',
  zipCode: '43219',
  country: 'US',
};
/** Northgate: CPS, Net 30, with complete billing information. */
const northgate = (overrides: Partial<Practice> = {}) =>
  practiceRecord({
    name: 'Northgate Sample Processing',
    unitType: UnitType.CPS,
    billingType: BillingType.Net30,
    address,
    billingAddress: address,
    invoiceContact: { email: 'ap@northgate.test', phone: '614-555-0193', fax: null },
    ...overrides,
  });
/** A service whose catalogue skus differ from the manifest's Product IDs: the page never checks rows against them. */
const products = [
  { id: 201, uid: 'p-msa', name: 'MSA Methylation Screening', sku: 'PROC-MSA-01' },
  { id: 202, uid: 'p-gsa', name: 'GSA Genotyping', sku: 'PROC-GSA-01' },
  { id: 1, uid: 'p-age', name: 'Biological Age Test', sku: 'KIT-AGE' },
];

const HEADER = ['Unique ID', 'Product ID', 'Date of Collection', 'DOB', 'Sex', 'Clinic ID'];
const GOOD = [
  ['NG00001', 'MSA', '01/15/2025', '03/02/1984', 'F', 'NG-LAB'],
  ['NG00002', 'GSA', '01/15/2025', '11/23/1990', 'M', 'NG-LAB'],
];
const BAD = [
  GOOD[0] ?? [],
  ['NG01', 'MSA', '01/15/2025', '03/02/1984', 'F', 'NG-LAB'],
  ['NG00003', 'GSA', '01/15/2025', '03/02/1984', 'X', 'NG-LAB'],
];

function workbook(rows: string[][], name: string): File {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Samples');
  const bytes: unknown = XLSX.write(book, { type: 'array', bookType: 'xlsx' });
  if (!(bytes instanceof ArrayBuffer)) throw new Error('SheetJS wrote no bytes');
  return new File([bytes], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

interface Sent {
  field: FormDataEntryValue | null;
  idempotencyKey: string | null;
}

function renderBulk({
  practice = northgate(),
  cards = [],
  upload = () => json(true),
}: {
  practice?: Practice;
  cards?: unknown[];
  upload?: (call: RecordedCall) => Response | Promise<Response>;
} = {}) {
  const rendered = renderApp({
    path: '/orders/bulk',
    user: sessionUser({ unitType: practice.unitType }),
    respond: fakePortalApi({
      practice,
      routes: {
        'GET /portalApi/Products': () => json(products),
        'GET /portalApi/Payments/Methods': () => json(cards),
        'POST /portalApi/Orders/bulk': upload,
      },
    }),
  });
  // The fake network records JSON bodies; the upload's multipart body is read here.
  const sent: Sent[] = [];
  const network = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body instanceof FormData) {
      sent.push({ field: init.body.get('manifest'), idempotencyKey: new Headers(init.headers).get('Idempotency-Key') });
    }
    return network(input, init);
  });
  return { ...rendered, sent };
}

/** The browser's file dialog: the hidden input the Choose File button opens. */
async function choose(file: File) {
  const input = await screen.findByLabelText<HTMLInputElement>('Manifest file (.xlsx, .xls or .csv)');
  await vi.waitFor(() => expect(input.accept).toBe('.xlsx,.xls,.csv'));
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const uploadButton = () => screen.findByRole<HTMLButtonElement>('button', { name: /Upload File|Uploading\.\.\./ });

beforeEach(() => {
  // Tests have no Worker: the worker's own handler runs in place, with the real reader and rules.
  vi.spyOn(manifestChecker, 'run').mockImplementation((request) => handleManifestRequest(request));
});

describe('Manifest Upload (ordering §2, §5; issue 9 items 4 and 5)', () => {
  it('an invoice payer sees the template step, the Net 30 notice and "Step 2" Upload Your File, with the charge note', async () => {
    renderBulk();
    expect(await screen.findByRole('heading', { level: 2, name: 'Manifest Upload' })).toBeTruthy();
    expect(screen.getByText('Upload multiple orders at once with the Excel template.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Step 1 Download Template' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Step 2 Upload Your File' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Setup Payment Method/ })).toBeNull();
    expect(screen.getByText('Net 30 Payment Terms')).toBeTruthy();
    // A CPS unit gets the research template, as .xlsx and .csv, each in a new tab.
    const xlsx = screen.getByRole<HTMLAnchorElement>('link', { name: /Excel \(\.xlsx\)/ });
    expect(xlsx.getAttribute('href')).toBe('/portalApi/Orders/bulk/Templates/research.xlsx');
    expect(xlsx.target).toBe('_blank');
    expect(screen.getByRole<HTMLAnchorElement>('link', { name: /CSV \(\.csv\)/ }).getAttribute('href')).toBe(
      '/portalApi/Orders/bulk/Templates/research.csv',
    );
    const note = screen.getByText('You will be charged per sample not per file');
    expect(note.closest('i, em')).toBeTruthy();
    const upload = await uploadButton();
    expect(upload.disabled).toBe(true);
    expect(screen.getByText('Please select a file')).toBeTruthy();
  });

  it('the instructions modal says what each column of the research template takes', async () => {
    const { user } = renderBulk();
    await user.click(await screen.findByRole('button', { name: 'Instructions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manifest Instructions' });
    const rows = within(dialog)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain('Unique IDAt least 6 letters or digits.');
    expect(rows).toContain('SexF or M.');
    // The ordering document's Product IDs, whatever the catalogue's skus.
    expect(rows).toContain('Product IDOne of: MSA, GSA, GDA, EPICv2, Enlighten.');
    expect(rows).toContain('Volume (uL)Optional. The volume in uL.');
  });

  it('a file with two bad rows lists both with their reasons, keeps Upload disabled and offers the errors as CSV', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      if (blob instanceof Blob) saved.push(blob);
      return 'blob:manifest-errors';
    });
    // happy-dom would follow the download link and leave the page.
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, sent } = renderBulk();
    await choose(workbook(BAD, 'run-7.xlsx'));
    const table = await screen.findByRole('table', { name: 'Rows to fix' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'RowColumnReason',
      '3Unique IDUnique ID must be at least 6 letters or digits, with no spaces or symbols',
      '4SexSex must be F or M',
    ]);
    expect(screen.getByText('Selected file: run-7.xlsx')).toBeTruthy();
    expect((await uploadButton()).disabled).toBe(true);
    expect(screen.getAllByText('Fix the rows listed below, then choose the corrected file').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Download errors (CSV)' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(await saved[0]?.text()).toContain('"4","Sex","Sex must be F or M"');
    expect(sent).toEqual([]);
  });

  it('the corrected file is previewed, uploaded as field "manifest", and the page leaves for /orders after 2 s', async () => {
    const { user, sent } = renderBulk();
    await choose(workbook(BAD, 'run-7.xlsx'));
    await screen.findByRole('table', { name: 'Rows to fix' });
    const corrected = workbook(GOOD, 'run-7-fixed.xlsx');
    await choose(corrected);
    expect(await screen.findByText('2 rows ready to upload')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Rows to fix' })).toBeNull();
    const preview = screen.getByRole('table', { name: 'The 2 rows to upload' });
    expect(within(preview).getAllByRole('row')).toHaveLength(3);
    const upload = await uploadButton();
    await waitFor(() => expect(upload.disabled).toBe(false));
    await user.click(upload);
    expect(await screen.findByText('Taking you to your orders...')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.field).toBeInstanceOf(File);
    expect(sent[0]?.field instanceof File ? sent[0].field.name : null).toBe('run-7-fixed.xlsx');
    expect(window.location.pathname).toBe('/orders/bulk');
    await vi.waitFor(() => expect(window.location.pathname).toBe('/orders'), { timeout: 4_000 });
  });

  it('a failed upload shows the §8 message and keeps the file for another try', async () => {
    let attempts = 0;
    const { user, sent } = renderBulk({
      upload: () => (++attempts === 1 ? json({ error: { message: 'Row 2: Product ID is not offered' } }, 400) : json(true)),
    });
    await choose(workbook(GOOD, 'run-8.xlsx'));
    const upload = await uploadButton();
    await waitFor(() => expect(upload.disabled).toBe(false));
    await user.click(upload);
    expect(await screen.findByText('Failed to process bulk orders. Please fix formatting or missing fields and re-upload.')).toBeTruthy();
    expect(screen.getByText('Row 2: Product ID is not offered')).toBeTruthy();
    expect(screen.getByText('Selected file: run-8.xlsx')).toBeTruthy();
    await waitFor(() => expect(upload.disabled).toBe(false));
    await user.click(upload);
    expect(await screen.findByText('Taking you to your orders...')).toBeTruthy();
    expect(sent).toHaveLength(2);
    // A retry of the same file carries the same Idempotency-Key, so it can never make a second order.
    expect(sent[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
  });

  it('rows the service refuses join the page’s table of rows to fix; another file gets a new Idempotency-Key', async () => {
    const refusal = {
      error: { message: 'Failed to process bulk orders. Please fix formatting or missing fields and re-upload.' },
      rowErrors: [
        { row: 2, column: 'Unique ID', reason: 'Unique ID NG00001 is already registered' },
        { row: '3', message: 'Unique ID NG00002 is already registered' },
      ],
    };
    const { user, sent } = renderBulk({ upload: () => json(refusal, 400) });
    await choose(workbook(GOOD, 'run-10.xlsx'));
    const upload = await uploadButton();
    await waitFor(() => expect(upload.disabled).toBe(false));
    await user.click(upload);
    const table = await screen.findByRole('table', { name: 'Rows to fix' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'RowColumnReason',
      '2Unique IDUnique ID NG00001 is already registered',
      '3Unique ID NG00002 is already registered',
    ]);
    expect(screen.getByText('2 problems to fix before uploading')).toBeTruthy();
    // Only another file may be sent, as for the page's own row errors.
    expect(upload.disabled).toBe(true);
    expect(screen.getAllByText('Fix the rows listed below, then choose the corrected file').length).toBeGreaterThan(0);
    await choose(workbook([['NG00009', 'MSA', '01/15/2025', '03/02/1984', 'F', 'NG-LAB']], 'run-11.xlsx'));
    expect(await screen.findByText('1 row ready to upload')).toBeTruthy();
    await waitFor(() => expect(upload.disabled).toBe(false));
    await user.click(upload);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
  });

  it('a file that is not a spreadsheet shows why it cannot be read', async () => {
    renderBulk();
    await choose(new File(['%PDF-1.7 not a manifest'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('This file cannot be read')).toBeTruthy();
    expect(screen.getByText('Only .xlsx, .xls and .csv files are accepted.')).toBeTruthy();
    expect((await uploadButton()).disabled).toBe(true);
  });

  it('an invoice payer with incomplete billing information cannot upload and is told why', async () => {
    renderBulk({ practice: northgate({ invoiceContact: { email: 'ap@northgate.test', phone: null, fax: null } }) });
    await choose(workbook(GOOD, 'run-9.xlsx'));
    expect(await screen.findByText('2 rows ready to upload')).toBeTruthy();
    expect(screen.getByText('Invoice contact phone is required')).toBeTruthy();
    expect((await uploadButton()).disabled).toBe(true);
    expect(screen.getAllByText(/Your billing information is incomplete/).length).toBeGreaterThan(0);
  });

  it('a per-order payer sets up a card in Step 2 and uploads in Step 3; without a saved card Upload says why', async () => {
    renderBulk({ practice: practiceRecord({ billingType: BillingType.PerOrder, unitType: UnitType.HCP }) });
    expect(await screen.findByRole('heading', { name: 'Step 2 Setup Payment Method' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Step 3 Upload Your File' })).toBeTruthy();
    expect(screen.queryByText('Net 30 Payment Terms')).toBeNull();
    // HCP units get the HCP template.
    expect(screen.getByRole('link', { name: /Excel \(\.xlsx\)/ }).getAttribute('href')).toBe('/portalApi/Orders/bulk/Templates/hcp.xlsx');
    await choose(workbook([['HC00001', 'TruAge', '01/15/2025', '03/02/1984', 'F', 'HC-1']], 'hcp.xlsx'));
    expect(await screen.findByText('1 row ready to upload')).toBeTruthy();
    expect((await uploadButton()).disabled).toBe(true);
    expect(screen.getByText('Please add a payment method before uploading')).toBeTruthy();
  });

  it('a per-order payer with a saved card may upload a checked file', async () => {
    const card = { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true };
    renderBulk({ practice: practiceRecord({ billingType: BillingType.PerOrder, unitType: UnitType.HCP }), cards: [card] });
    await choose(workbook([['HC00001', 'TruAge', '01/15/2025', '03/02/1984', 'F', 'HC-1']], 'hcp.xlsx'));
    expect(await screen.findByText('1 row ready to upload')).toBeTruthy();
    const upload = await uploadButton();
    await waitFor(() => expect(upload.disabled).toBe(false));
    expect(screen.queryByText('Please add a payment method before uploading')).toBeNull();
  });

  it('without the card provider (view tests have no key) Step 2 still lists the saved cards; only Add says the payment system is not configured', async () => {
    const card = { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true };
    renderBulk({ practice: practiceRecord({ billingType: BillingType.PerOrder, unitType: UnitType.HCP }), cards: [card] });
    const cards = await screen.findByRole('list', { name: 'Payment Methods' });
    expect(cards.textContent).toContain('visa •••• 4242');
    expect(screen.queryByText('Payment system is not properly configured. Please contact support.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Payment Method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
    expect(await within(dialog).findByText('Payment system is not properly configured. Please contact support.')).toBeTruthy();
  });
});
