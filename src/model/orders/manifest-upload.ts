import * as v from 'valibot';
import { ORDER_REQUEST_TIMEOUT_MS } from '../constants';
import { BillingType } from '../enums';
import { knownBillingType } from './ordering';
import type { Practice } from '../practice/practice';
import { invoiceBillingErrors } from './checkout';
import { MANIFEST_PRODUCT_IDS, manifestKind } from './manifest';
import { ManifestSpecText } from './manifest-texts';
import { CheckoutText } from './texts';
import { ManifestPageText } from './manifest-texts';

/** Ordering §9: the bulk upload's time-out, and the wait before a successful upload leads to /orders. */
export const BULK_UPLOAD_TIMEOUT_MS = ORDER_REQUEST_TIMEOUT_MS;
export const BULK_UPLOAD_REDIRECT_MS = 2_000;

/** Ordering §7: POST /Orders/bulk answers `true`; any truthy answer means the manifest was accepted. */
export const BulkUploadAnswerSchema = v.pipe(v.unknown(), v.transform(Boolean));

/** How many checked rows the preview shows before the upload. */
export const MANIFEST_PREVIEW_ROWS = 5;

/**
 * Ordering §2 and §5: how the practice pays for what a manifest orders. The manifest page offers the card panel
 * to per-order payers whatever the ordering experience (unlike the checkout, where payment information is a
 * Checkout-only column of the table), and the Net 30 notice to everyone else.
 */
export type ManifestPayer = { kind: 'card'; savedCards: number } | { kind: 'invoice'; billingErrors: readonly string[] };

export function manifestPayer(
  practice: Pick<Practice, 'billingType' | 'invoiceContact' | 'billingAddress'>,
  savedCards: number,
): ManifestPayer {
  return knownBillingType(practice.billingType) === BillingType.PerOrder
    ? { kind: 'card', savedCards }
    : { kind: 'invoice', billingErrors: invoiceBillingErrors(practice) };
}

/** Where the chosen file stands: none yet, being checked, checked with problems (or unreadable), or ready. */
export type ManifestState = 'none' | 'checking' | 'invalid' | 'ready';

export interface UploadReadiness {
  manifest: ManifestState;
  payer: ManifestPayer;
}

/**
 * Ordering §5: why Upload File is disabled, as its tooltip says it, or null when the file may be sent. The
 * payment comes first, as its step comes before the upload step; then the file: none, still being checked, or
 * with rows to fix (issue 9 item 5: only a file without errors is uploaded).
 */
export function uploadBlocker(readiness: UploadReadiness): string | null {
  const { payer, manifest } = readiness;
  if (payer.kind === 'card' && payer.savedCards < 1) return ManifestSpecText.addPaymentMethod;
  if (payer.kind === 'invoice' && payer.billingErrors.length > 0) return CheckoutText.billingIncomplete;
  if (manifest === 'none') return ManifestSpecText.selectFile;
  if (manifest === 'checking') return ManifestPageText.checkingTooltip;
  if (manifest === 'invalid') return ManifestPageText.fixRowsTooltip;
  return null;
}

/** The step numbers of ordering §2: invoice payers have no payment step, so Upload Your File is their Step 2. */
export function manifestSteps(payer: ManifestPayer): { template: number; payment: number | null; upload: number } {
  return payer.kind === 'card' ? { template: 1, payment: 2, upload: 3 } : { template: 1, payment: null, upload: 2 };
}

/**
 * Ordering §2 and the contract decision: the Product IDs this unit's manifest may name, as the ordering document
 * names them. They are never checked against the catalogue's skus: the service maps them to its products.
 */
export function manifestProductIds(unitType: number): readonly string[] {
  return MANIFEST_PRODUCT_IDS[manifestKind(unitType)];
}
