import { randomUUID } from 'node:crypto';
import type { Practice } from '../../../src/model/practice/practice';
import type { Cards } from '../../payments/cards';
import { amountInCents } from '../pricing/calculate';
import { manifestTotal, type ManifestOrderPlan } from './orders';

/**
 * Ordering §9: a card on file is charged immediately, per sample. A per-order payer's manifest is one
 * charge on the default card (else the first) for all its orders, before anything is stored, as a
 * checkout's order is; a refusal is the provider's 400 and stores nothing.
 */
export async function chargeManifest(
  cards: Cards,
  upload: {
    readonly practiceId: number;
    readonly practice: Practice;
    readonly card: string;
    readonly plans: readonly ManifestOrderPlan[];
    /** How many samples the manifest holds, for the statement. */
    readonly samples: number;
  },
): Promise<void> {
  const cents = amountInCents(manifestTotal(upload.plans));
  if (cents <= 0) return;
  await cards.charge({
    practiceId: upload.practiceId,
    paymentMethodId: upload.card,
    amountCents: cents,
    // Each upload is its own purchase: the same file sent twice is two manifests, charged twice.
    idempotencyKey: `manifest-${randomUUID()}`,
    description: `Manifest upload, ${upload.samples} samples — ${upload.practice.name}`,
  });
}
