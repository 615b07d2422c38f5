import { randomUUID } from 'node:crypto';
import { FulfilmentType } from '../../../src/model/enums';
import { KitStatus } from '../../../src/model/kits/kit-status';
import { ANALYSIS_REPORT_HOURS, AnalysisArchiveText } from '../../../src/model/orders/analysis';
import { ANALYSIS_PRODUCT_SKU } from '../../../src/model/orders/product-kinds';
import { ShipTo } from '../../../src/model/orders/order';
import type { Database } from '../../db/database';
import { openingHistory, ShippingType } from '../../routes/orders/order-rules';
import { insertKits } from '../../store/kits/insert-kits';
import { knownSampleNames, lockPracticeUploads, markAccepted } from '../../store/orders/analysis-uploads';
import { productsBySku } from '../../store/orders/manifest';
import { insertOrder, nextOrderNumber } from '../../store/orders/orders';

/**
 * Issue 42: what an accepted archive becomes. One received order of the practice with one line (the analysis
 * product, one per sample), and every IDAT pair as a sample (a kit) of that order named `{barcode}_{position}` and
 * received, since the laboratory now holds its data. Its reports are due 48 hours after the archive arrived.
 */

export interface AnalysisSample {
  readonly name: string;
}

export interface AnalysisOrderRequest {
  readonly uploadId: string;
  readonly practiceId: number;
  readonly customer: string;
  readonly samples: readonly AnalysisSample[];
  readonly now: Date;
  /** How long the upload's outcome stays readable. */
  readonly keepUntil: Date;
}

export type AnalysisOrderResult = { readonly ok: true; readonly orderNumber: string } | { readonly ok: false; readonly problems: string[] };

const HOUR_MS = 3_600_000;

/** Stores the order, its samples and the upload's outcome in one transaction, or says which samples were sent before. */
export async function storeAnalysisOrder(db: Database, request: AnalysisOrderRequest): Promise<AnalysisOrderResult> {
  const { practiceId, samples, now } = request;
  return db.transaction(async (tx): Promise<AnalysisOrderResult> => {
    // Two archives naming one sample, checked at once, must not both pass: the practice's lock orders them.
    await lockPracticeUploads(tx, practiceId);
    const known = await knownSampleNames(
      tx,
      samples.map((sample) => sample.name),
    );
    if (known.size) return { ok: false, problems: [...known].sort().map(AnalysisArchiveText.alreadyUploaded) };
    const [product] = await productsBySku(tx, [ANALYSIS_PRODUCT_SKU]);
    // The catalogue the server starts with always has it (the seed's IDAT Analysis); without it the laboratory is misconfigured.
    if (!product) throw new Error(`No product has the sku ${ANALYSIS_PRODUCT_SKU}: the analysis upload cannot create orders`);
    const number = await nextOrderNumber(tx);
    const orderId = await insertOrder(tx, {
      uid: randomUUID(),
      number,
      practiceId,
      orderDate: now,
      customer: request.customer,
      // Nothing is shipped: the customer sent data, which §3 calls Digital.
      shippingType: ShippingType.None,
      fulfillment: FulfilmentType.Digital,
      shipTo: ShipTo.Clinic,
      customerInformation: null,
      shippingInformation: null,
      paymentMethod: null,
      total: product.price * samples.length,
      discount: 0,
      shippingPrice: 0,
      history: openingHistory(now, null),
      items: [
        { productId: product.id, price: product.price, discount: 0, quantity: samples.length, totalPrice: product.price * samples.length },
      ],
    });
    const added = await insertKits(
      tx,
      samples.map((sample) => ({
        uid: randomUUID(),
        barcode: sample.name,
        externalBarcode: null,
        practiceId,
        orderId,
        patientId: null,
        productId: product.id,
        createdAt: now,
        registeredAt: now,
        sourceUid: null,
        history: [{ status: KitStatus.SampleReceived, date: now }],
        samples: [],
        reports: [],
        diagnostics: [],
      })),
    );
    // Checked under the lock above, so a sample left out is the server's own bug; the transaction stores nothing then.
    if (added !== samples.length) throw new Error(`Only ${added} of the archive's ${samples.length} samples were stored`);
    const dueAt = new Date(now.getTime() + ANALYSIS_REPORT_HOURS * HOUR_MS);
    await markAccepted(tx, request.uploadId, { orderId, dueAt, keepUntil: request.keepUntil });
    return { ok: true, orderNumber: number };
  });
}
