import type { Practice } from '../../../src/model/practice/practice';
import type { Cards } from '../../payments/cards';
import { amountInCents } from '../pricing/calculate';
import type { ManifestOrderPlan } from './orders';

/**
 * Ordering §9: a card on file is charged immediately, per sample. A per-order payer's manifest is one
 * charge on the default card (else the first) for its order, before anything is stored, as a checkout's
 * order is; a refusal is the provider's 400 and stores nothing.
 */
export async function chargeManifest(
  cards: Cards,
  upload: {
    readonly practiceId: number;
    readonly practice: Practice;
    readonly card: string;
    readonly plan: ManifestOrderPlan;
    /** The same for a retry of the same upload under the same Idempotency-Key, so the provider charges once. */
    readonly idempotencyKey: string;
  },
): Promise<void> {
  const cents = amountInCents(upload.plan.priced.total);
  if (cents <= 0) return;
  await cards.charge({
    practiceId: upload.practiceId,
    paymentMethodId: upload.card,
    amountCents: cents,
    idempotencyKey: upload.idempotencyKey,
    description: `Manifest upload, ${upload.plan.samples.length} samples — ${upload.practice.name}`,
  });
}
