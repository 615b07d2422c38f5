import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BillingType, FulfilmentType } from '../../../src/model/enums';
import { ShipTo } from '../../../src/model/orders/order';
import { knownBillingType } from '../../../src/model/orders/ordering';
import { invoiceBillingErrors } from '../../../src/model/orders/checkout';
import { checkManifest, MANIFEST_PRODUCT_IDS, manifestKind } from '../../../src/model/orders/manifest';
import { ManifestUploadAnswerSchema, ManifestUploadFailureSchema } from '../../../src/model/orders/manifest-answers';
import { MANIFEST_MAX_BYTES, readManifestSheet } from '../../../src/model/orders/manifest-sheet';
import {
  MANIFEST_TEMPLATE_MEDIA_TYPES,
  manifestTemplateFileName,
  parseManifestTemplateFile,
} from '../../../src/model/orders/manifest-templates';
import { ManifestFileText, ManifestSpecText, ManifestUploadText } from '../../../src/model/orders/manifest-texts';
import type { Practice } from '../../../src/model/practice/practice';
import type { AuthEnv } from '../../auth/require-auth';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import { send } from '../../http/validation';
import { chargeManifest } from '../../orders/manifest/charge';
import { planManifestOrders, type ManifestOrderPlan } from '../../orders/manifest/orders';
import { manifestTemplateBytes } from '../../orders/manifest/templates';
import { listTiers } from '../../store/orders/catalogue';
import { insertManifestSamples, productsBySku } from '../../store/orders/manifest';
import { insertOrder, nextOrderNumber } from '../../store/orders/orders';
import { practiceRecord } from '../../store/practice/practice-record';
import { openingHistory, ShippingType } from './order-rules';

const MANIFEST_FIELD = 'manifest';
/** Room for the multipart boundaries and part headers around a file of the full 10 MB. */
const MULTIPART_ALLOWANCE = 64 * 1024;

/** The one file of the form, under `manifest`; a second file, another field or no file is a 400. */
async function manifestFile(c: Context): Promise<File> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new HttpError(400, ManifestUploadText.field);
  }
  const names = Object.keys(form);
  const value = form[MANIFEST_FIELD];
  if (names.length !== 1 || !(value instanceof File)) throw new HttpError(400, ManifestUploadText.field);
  return value;
}

/**
 * Ordering §5: per-order payers need a saved card (the one charged), invoice payers valid billing information.
 * The billing type is read as the manifest page reads it (knownBillingType): a type other than PerOrder is invoiced.
 */
async function paymentRule({ cards }: Deps, practiceId: number, practice: Practice): Promise<string | null> {
  if (knownBillingType(practice.billingType) === BillingType.PerOrder) {
    const saved = await cards.list(practiceId);
    const card = saved.find((method) => method.isDefault) ?? saved[0];
    if (!card) throw new HttpError(400, ManifestSpecText.addPaymentMethod);
    return card.id;
  }
  const errors = invoiceBillingErrors(practice);
  if (errors.length) throw new HttpError(400, errors.join('; '));
  return null;
}

/** One order per product, received (and paid, for a card payer), with its samples: all or nothing. */
async function storeOrders(deps: Deps, practiceId: number, practice: Practice, plans: readonly ManifestOrderPlan[], card: string | null) {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    for (const plan of plans) {
      const history = openingHistory(now, card ? plan.priced.total : null);
      const orderId = await insertOrder(tx, {
        uid: randomUUID(),
        number: await nextOrderNumber(tx),
        practiceId,
        orderDate: now,
        customer: practice.name,
        // The customer sends the samples to the lab: nothing is shipped, which §3 calls Digital.
        shippingType: ShippingType.None,
        fulfillment: FulfilmentType.Digital,
        shipTo: ShipTo.Clinic,
        customerInformation: null,
        shippingInformation: null,
        paymentMethod: card,
        total: plan.priced.subtotal,
        discount: plan.priced.discount,
        shippingPrice: plan.priced.shippingPrice,
        history,
        items: plan.priced.lines.map((line) => ({
          productId: plan.product.id,
          price: line.price,
          discount: line.discountPerKit,
          quantity: line.quantity,
          totalPrice: line.totalPrice,
        })),
      });
      await insertManifestSamples(tx, { orderId, practiceId, productId: plan.product.id }, plan.samples);
    }
  });
}

/**
 * POST /Orders/bulk (ordering §2, §5, §7; issue 9 item 5): the file is read and every row checked with
 * the browser's own functions; any bad row is a 400 listing each, and nothing is stored. That includes a
 * cell a spreadsheet would run as a formula (issue 37 item 7), refused by checkManifest with its row and column.
 */
function uploadHandler(deps: Deps) {
  return async (c: Context<AuthEnv>): Promise<Response> => {
    const practiceId = c.var.account.practiceId;
    const file = await manifestFile(c);
    const practice = await practiceRecord(deps.db, practiceId);
    if (!practice) throw new HttpError(404, NOT_FOUND_MESSAGE);
    const card = await paymentRule(deps, practiceId, practice);

    const read = readManifestSheet(new Uint8Array(await file.arrayBuffer()), file.name);
    if (!read.ok) throw new HttpError(400, read.reason);
    const unitType = practice.unitType ?? c.var.account.unitType;
    const products = await productsBySku(deps.db, MANIFEST_PRODUCT_IDS[manifestKind(unitType)]);
    const check = checkManifest(read.sheet, { unitType, productIds: products.map((product) => product.sku), now: deps.clock() });
    if (!check.ok) {
      const body = { error: { message: ManifestSpecText.uploadFailed }, correlationId: c.var.correlationId, rowErrors: [...check.errors] };
      return send(c, ManifestUploadFailureSchema, body, 400);
    }

    const plans = planManifestOrders(check.samples, new Map(products.map((product) => [product.sku, product])), await listTiers(deps.db));
    if (card) await chargeManifest(deps.cards, { practiceId, practice, card, plans, samples: check.samples.length });
    await storeOrders(deps, practiceId, practice, plans, card);
    return send(c, ManifestUploadAnswerSchema, true);
  };
}

/** GET /Orders/bulk/Templates/{file}: public, since a template opened in a new tab carries no token. */
function templateHandler({ db }: Deps) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const template = parseManifestTemplateFile(c.req.param('file') ?? '');
    if (!template) throw new HttpError(404, NOT_FOUND_MESSAGE);
    const skus = MANIFEST_PRODUCT_IDS[template.kind];
    const [first] = await productsBySku(db, skus);
    const bytes = manifestTemplateBytes(template.kind, template.format, first?.sku ?? skus[0] ?? '');
    return c.body(bytes, 200, {
      'Content-Type': MANIFEST_TEMPLATE_MEDIA_TYPES[template.format],
      'Content-Disposition': `attachment; filename="${manifestTemplateFileName(template.kind, template.format)}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    });
  };
}

/** Manifest (bulk) upload and its templates (ordering §2, §7). */
export function manifestRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/Orders/bulk/Templates/:file', templateHandler(deps));
  routes.post(
    '/Orders/bulk',
    deps.requireProvider,
    // Stops reading an oversized body as soon as it passes the limit, instead of buffering it first.
    bodyLimit({
      maxSize: MANIFEST_MAX_BYTES + MULTIPART_ALLOWANCE,
      onError: () => {
        throw new HttpError(400, ManifestFileText.tooLarge(MANIFEST_MAX_BYTES / (1024 * 1024)));
      },
    }),
    uploadHandler(deps),
  );
  return routes;
}
