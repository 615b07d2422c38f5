import type { Queryable } from '../db/database';
import { PRACTICE_IDS } from '../seed/seed-data';
import { newCardId } from './table-cards';

/**
 * The demo cards of the server's own table (used when no card provider key is set): the PerOrder
 * practices a demo account pays from, so checkout and the Payment Methods panel have cards to show.
 * VitalPath Direct, the third PerOrder practice, keeps none, for the empty state. Brands are written
 * as the provider writes them (lowercase).
 */

export interface SeedCard {
  /** Finds the card again when seeding runs anew; its id is random (newCardId). */
  readonly seedKey: string;
  readonly practiceId: number;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly isDefault: boolean;
}

/** In insertion order; lists show the newest first, so each practice's default comes last here. */
export const SEED_CARDS: readonly SeedCard[] = [
  {
    seedKey: 'riverside-mastercard',
    practiceId: PRACTICE_IDS.riverside,
    brand: 'mastercard',
    last4: '4444',
    expMonth: 3,
    expYear: 2029,
    isDefault: false,
  },
  {
    seedKey: 'riverside-visa',
    practiceId: PRACTICE_IDS.riverside,
    brand: 'visa',
    last4: '4242',
    expMonth: 8,
    expYear: 2030,
    isDefault: true,
  },
  { seedKey: 'harbor-amex', practiceId: PRACTICE_IDS.harbor, brand: 'amex', last4: '8431', expMonth: 11, expYear: 2031, isDefault: true },
];

/** This area's data tables, each before the ones it refers to; all refer to practices, so they go before it. */
export const CARD_TABLES = ['card_charges', 'practice_cards', 'card_provider_customers'] as const;

/** Inserts the demo cards that are missing and leaves every existing card as it is. */
export async function seedCards(tx: Queryable): Promise<void> {
  const columns = ['id', 'seed_key', 'practice_id', 'brand', 'last4', 'exp_month', 'exp_year', 'is_default'];
  const tuples = SEED_CARDS.map((_card, r) => `(${columns.map((_column, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
  const values = SEED_CARDS.flatMap((card) => [
    newCardId(),
    card.seedKey,
    card.practiceId,
    card.brand,
    card.last4,
    card.expMonth,
    card.expYear,
    card.isDefault,
  ]);
  // Any conflict leaves the row out: a seeded card still there, or a default the practice chose since.
  await tx.query(`INSERT INTO practice_cards (${columns.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`, values);
}
