import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { BillingType, UnitType } from '../../src/model/enums';
import { ManifestSpecText } from '../../src/model/orders/manifest-texts';
import { manifestColumnHelp } from '../../src/model/orders/manifest-column-help';
import {
  BULK_UPLOAD_REDIRECT_MS,
  BULK_UPLOAD_TIMEOUT_MS,
  manifestPayer,
  manifestProductIds,
  manifestSteps,
  uploadBlocker,
} from '../../src/model/orders/manifest-upload';
import { handleManifestRequest, replyTo } from '../../src/services/orders/manifest-worker';
import { ManifestPageText } from '../../src/model/orders/manifest-texts';

const address = {
  addressLine1: '88 Industrial Parkway',
  addressLine2: null,
  city: 'Columbus',
  state: 'OH',
  zipCode: '43219',
  country: 'US',
};
const complete = { invoiceContact: { email: 'ap@northgate.test', phone: '614-555-0193', fax: null }, billingAddress: address };

describe('manifest upload rules (ordering §2, §5, §9)', () => {
  it('uses the 60 s time-out and the 2000 ms redirect of ordering §9', () => {
    expect(BULK_UPLOAD_TIMEOUT_MS).toBe(60_000);
    expect(BULK_UPLOAD_REDIRECT_MS).toBe(2_000);
  });

  it('per-order payers pay by card whatever the ordering experience; everyone else is invoiced, with what billing lacks', () => {
    expect(manifestPayer({ billingType: BillingType.PerOrder, ...complete }, 2)).toEqual({ kind: 'card', savedCards: 2 });
    expect(manifestPayer({ billingType: BillingType.Net30, ...complete }, 0)).toEqual({ kind: 'invoice', billingErrors: [] });
    expect(manifestPayer({ billingType: 99, invoiceContact: null, billingAddress: address }, 0)).toEqual({
      kind: 'invoice',
      billingErrors: ['Invoice contact email is required', 'Invoice contact phone is required'],
    });
  });

  it('numbers the steps 1-2-3 for card payers and 1-2 for invoice payers (no payment step)', () => {
    expect(manifestSteps({ kind: 'card', savedCards: 0 })).toEqual({ template: 1, payment: 2, upload: 3 });
    expect(manifestSteps({ kind: 'invoice', billingErrors: [] })).toEqual({ template: 1, payment: null, upload: 2 });
  });

  it('Upload File says why it is disabled: the payment first, then "Please select a file", then the check', () => {
    const card = { kind: 'card', savedCards: 1 } as const;
    expect(uploadBlocker({ manifest: 'none', payer: { kind: 'card', savedCards: 0 } })).toBe(ManifestSpecText.addPaymentMethod);
    expect(uploadBlocker({ manifest: 'ready', payer: { kind: 'invoice', billingErrors: ['City is required'] } })).toBe(
      'Your billing information is incomplete. Complete it in billing settings before placing an order.',
    );
    expect(uploadBlocker({ manifest: 'none', payer: card })).toBe(ManifestSpecText.selectFile);
    expect(uploadBlocker({ manifest: 'checking', payer: card })).toBe(ManifestPageText.checkingTooltip);
    expect(uploadBlocker({ manifest: 'invalid', payer: card })).toBe(ManifestPageText.fixRowsTooltip);
    expect(uploadBlocker({ manifest: 'ready', payer: card })).toBeNull();
    expect(uploadBlocker({ manifest: 'ready', payer: { kind: 'invoice', billingErrors: [] } })).toBeNull();
  });

  it('the product IDs are the ordering document’s names for the unit’s template, whatever the catalogue’s skus', () => {
    expect(manifestProductIds(UnitType.CPS)).toEqual(['MSA', 'GSA', 'GDA', 'EPICv2', 'Enlighten']);
    expect(manifestProductIds(UnitType.IRC)).toEqual(['MSA', 'GSA', 'GDA', 'EPICv2', 'Enlighten']);
    expect(manifestProductIds(UnitType.HCP)).toEqual(['TruHealth', 'TruAge', 'TruHealthAgeCombo']);
    expect(manifestProductIds(UnitType.Unknown)).toEqual(['TruHealth', 'TruAge', 'TruHealthAgeCombo']);
  });

  it('the instructions say what each column takes, in the words of §2 and §5', () => {
    expect(manifestColumnHelp('Unique ID', [])).toBe('At least 6 letters or digits.');
    expect(manifestColumnHelp('Product ID', ['MSA', 'GSA'])).toBe('One of: MSA, GSA.');
    expect(manifestColumnHelp('DOB', [])).toContain('MM/DD/YYYY');
    expect(manifestColumnHelp('Sex', [])).toBe('F or M.');
    expect(manifestColumnHelp('Clinic ID', [])).toBe('Filled by the provider.');
  });
});

function xlsxFile(rows: string[][], name = 'run.xlsx'): File {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Samples');
  const bytes: unknown = XLSX.write(book, { type: 'array', bookType: 'xlsx' });
  if (!(bytes instanceof ArrayBuffer)) throw new Error('SheetJS wrote no bytes');
  return new File([bytes], name);
}

const HEADER = ['Unique ID', 'Product ID', 'Date of Collection', 'DOB', 'Sex', 'Clinic ID'];
const row = (id: string, sex = 'F') => [id, 'MSA', '01/15/2025', '03/02/1984', sex, 'NG-LAB'];
const context = { unitType: UnitType.CPS, productIds: ['MSA', 'GSA'] };

describe('the manifest worker’s handler (issue 9 item 5)', () => {
  it('answers how many rows are ready and the first five of them', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => row(`NG0000${i + 1}`));
    const outcome = await handleManifestRequest({ file: xlsxFile([HEADER, ...rows]), ...context });
    expect(outcome.kind).toBe('ready');
    if (outcome.kind !== 'ready') return;
    expect(outcome.count).toBe(7);
    expect(outcome.preview.map((sample) => sample.uniqueId)).toEqual(['NG00001', 'NG00002', 'NG00003', 'NG00004', 'NG00005']);
  });

  it('answers every bad row with its row number, column and reason', async () => {
    const outcome = await handleManifestRequest({ file: xlsxFile([HEADER, row('NG00001'), row('NG01'), row('NG00003', 'X')]), ...context });
    expect(outcome).toEqual({
      kind: 'invalid',
      errors: [
        { row: 3, column: 'Unique ID', reason: 'Unique ID must be at least 6 letters or digits, with no spaces or symbols' },
        { row: 4, column: 'Sex', reason: 'Sex must be F or M' },
      ],
    });
  });

  it('answers why a file that is not a spreadsheet, or is too large, cannot be read', async () => {
    expect(await handleManifestRequest({ file: new File(['%PDF-1.7'], 'scan.pdf'), ...context })).toEqual({
      kind: 'unreadable',
      reason: 'Only .xlsx, .xls and .csv files are accepted.',
    });
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 10)], 'huge.csv');
    expect(await handleManifestRequest({ file: huge, ...context })).toEqual({
      kind: 'unreadable',
      reason: 'The file is larger than 10 MB. Split it into smaller files.',
    });
  });

  it('replies with a failure, never a crash, to a message without a file', async () => {
    expect(await replyTo({ unitType: 1 })).toEqual({ ok: false, message: 'The manifest check received no file' });
    const reply = await replyTo({ file: xlsxFile([HEADER, row('NG00001')]), ...context });
    expect(reply).toMatchObject({ ok: true, outcome: { kind: 'ready', count: 1 } });
  });
});
