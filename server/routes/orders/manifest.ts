import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BillingType } from '../../../src/model/enums';
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
import { manifestProducts, planManifestOrder } from '../../orders/manifest/orders';
import { ActivityKind, ActivityObjectType } from '../../../src/model/activity/activity';
import { recordActivity, type ActivityContext } from '../../store/activity/record';
import { activityContext } from '../activity/who';
import { ManifestRefusal, serverRowErrors, storeManifestOrder } from '../../orders/manifest/register';
import { manifestTemplateBytes } from '../../orders/manifest/templates';
import { listTiers } from '../../store/orders/catalogue';
import type { KeyClaim } from '../../store/orders/idempotency';
import { productsBySku } from '../../store/orders/manifest';
import { practiceRecord } from '../../store/practice/practice-record';
import { chargeKey, claimOrWait, holdingClaim, readIdempotencyKey, requestHash } from './idempotency';

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

/** The Idempotency-Key's request: the file's bytes, so that a retry of the same upload is the same request. */
function manifestHash(bytes: Uint8Array): string {
  return requestHash({ manifest: createHash('sha256').update(bytes).digest('hex') });
}

/**
 * Checks the file and stores its one order with every sample as a kit (issue 40 point 2). A refused row is a
 * ManifestRefusal and stores nothing; a per-order payer's card is charged before storing, as a checkout's is.
 */
async function register(
  deps: Deps,
  account: { practiceId: number; unitType: number },
  file: File,
  bytes: Uint8Array,
  claim: KeyClaim | null,
  who: ActivityContext,
) {
  const { practiceId } = account;
  const practice = await practiceRecord(deps.db, practiceId);
  if (!practice) throw new HttpError(404, NOT_FOUND_MESSAGE);
  const card = await paymentRule(deps, practiceId, practice);

  const read = readManifestSheet(bytes, file.name);
  if (!read.ok) throw new HttpError(400, read.reason);
  const unitType = practice.unitType ?? account.unitType;
  const check = checkManifest(read.sheet, { unitType, now: deps.clock() });
  if (!check.ok) throw new ManifestRefusal(check.errors);

  // The service's own products for the Product IDs the ordering document names (the contract decision).
  const products = manifestProducts(await productsBySku(deps.db, MANIFEST_PRODUCT_IDS[manifestKind(unitType)]));
  const refused = await serverRowErrors(deps.db, practiceId, check.samples, products);
  if (refused.length) throw new ManifestRefusal(refused);

  const plan = planManifestOrder(check.samples, products, await listTiers(deps.db));
  if (card) await chargeManifest(deps.cards, { practiceId, practice, card, plan, idempotencyKey: chargeKey(claim) });
  await storeManifestOrder(deps.db, deps.clock, {
    practiceId,
    practice,
    plan,
    products,
    card,
    claim,
    recordActivity: (tx, number) =>
      recordActivity(tx, who, {
        kind: ActivityKind.manifestUploaded,
        object: { type: ActivityObjectType.order, id: number, label: number },
        detail: file.name,
      }),
  });
}

/**
 * POST /Orders/bulk (ordering §2, §5, §7; issue 9 item 5, issue 40 point 2): the file is read and every row checked
 * with the browser's own functions, then against the practice's registered samples and the server's products; any
 * bad row is a 400 listing each, and nothing is stored. That includes a cell a spreadsheet would run as a formula
 * (issue 37 item 7), refused by checkManifest with its row and column. An accepted file is one order. With an
 * Idempotency-Key, a retry of the same file answers `true` again without a second order.
 */
function uploadHandler(deps: Deps) {
  return async (c: Context<AuthEnv>): Promise<Response> => {
    const { db, clock, config } = deps;
    const account = c.var.account;
    const file = await manifestFile(c);
    const key = readIdempotencyKey(c.req.header('Idempotency-Key'));
    const bytes = new Uint8Array(await file.arrayBuffer());
    const leaseMs = config.orderClaimLeaseMs;
    const outcome =
      key === null ? null : await claimOrWait(db, clock, { practiceId: account.practiceId, key, hash: manifestHash(bytes) }, { leaseMs });
    if (outcome?.kind === 'placed') return send(c, ManifestUploadAnswerSchema, true);
    const claim = outcome?.claim ?? null;
    try {
      await holdingClaim(db, clock, claim, leaseMs, () => register(deps, account, file, bytes, claim, activityContext(c, deps)));
    } catch (error) {
      if (!(error instanceof ManifestRefusal)) throw error;
      const body = {
        error: { message: ManifestSpecText.uploadFailed },
        correlationId: c.var.correlationId,
        rowErrors: error.rowErrors.map(({ row, column, reason }) => ({ row, column, reason })),
      };
      return send(c, ManifestUploadFailureSchema, body, 400);
    }
    return send(c, ManifestUploadAnswerSchema, true);
  };
}

/** GET /Orders/bulk/Templates/{file}: public, since a template opened in a new tab carries no token. */
function templateHandler() {
  return (c: Context<AppEnv>): Response => {
    const template = parseManifestTemplateFile(c.req.param('file') ?? '');
    if (!template) throw new HttpError(404, NOT_FOUND_MESSAGE);
    const bytes = manifestTemplateBytes(template.kind, template.format);
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
  routes.get('/Orders/bulk/Templates/:file', templateHandler());
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
