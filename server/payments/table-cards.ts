import { randomBytes } from 'node:crypto';
import type { PaymentMethod } from '../../src/model/payments/payment';
import type { Clock } from '../clock';
import type { Database, Queryable, Row } from '../db/database';
import { HttpError } from '../http/errors';
import { CardServerText, chargeable } from './card-rules';
import type { Cards } from './cards';

/**
 * The practice's cards kept in the server's own table, for a demo or offline server without a card
 * provider key. No browser can create a card without the provider, so the cards are the seeded ones:
 * attaching one the practice does not have is refused, and a charge of a saved card always succeeds
 * (recorded once per idempotency key in card_charges).
 */

/** An id shaped like the provider's, from a cryptographic source so that none can be guessed. */
export function newCardId(): string {
  return `pm_${randomBytes(12).toString('hex')}`;
}

interface CardRow extends Row {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
}

const COLUMNS = 'id, brand, last4, exp_month, exp_year, is_default';

function toCard(row: CardRow): PaymentMethod {
  return { id: row.id, brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year, isDefault: row.is_default };
}

async function findCard(db: Queryable, practiceId: number, id: string): Promise<CardRow | undefined> {
  const [row] = await db.query<CardRow>(`SELECT ${COLUMNS} FROM practice_cards WHERE practice_id = $1 AND id = $2`, [practiceId, id]);
  return row;
}

export function tableCards({ db, clock }: { db: Database; clock: Clock }): Cards {
  return {
    async list(practiceId) {
      // Newest first, as the provider lists them.
      const rows = await db.query<CardRow>(`SELECT ${COLUMNS} FROM practice_cards WHERE practice_id = $1 ORDER BY position DESC`, [
        practiceId,
      ]);
      return rows.map(toCard);
    },

    attach: (practiceId, paymentMethodId) =>
      db.transaction(async (tx) => {
        const card = await findCard(tx, practiceId, paymentMethodId);
        if (!card) throw new HttpError(400, CardServerText.noSuchCard(paymentMethodId));
        // The first card saved becomes the default (ordering §4); the one-default index settles a race.
        const [promoted] = await tx.query<CardRow>(
          `UPDATE practice_cards SET is_default = true
           WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM practice_cards WHERE practice_id = $2 AND is_default)
           RETURNING ${COLUMNS}`,
          [paymentMethodId, practiceId],
        );
        return toCard(promoted ?? card);
      }),

    setDefault: (practiceId, paymentMethodId) =>
      db.transaction(async (tx) => {
        if (!(await findCard(tx, practiceId, paymentMethodId))) return null;
        // Two statements: a unique index is checked row by row, so one UPDATE could briefly hold two defaults.
        await tx.query('UPDATE practice_cards SET is_default = false WHERE practice_id = $1 AND is_default AND id <> $2', [
          practiceId,
          paymentMethodId,
        ]);
        const [row] = await tx.query<CardRow>(`UPDATE practice_cards SET is_default = true WHERE id = $1 RETURNING ${COLUMNS}`, [
          paymentMethodId,
        ]);
        return row ? toCard(row) : null;
      }),

    remove: (practiceId, paymentMethodId) =>
      db.transaction(async (tx) => {
        // Locks the practice's cards, so two deletions cannot each see the other card still there.
        const cards = await tx.query<{ id: string; is_default: boolean }>(
          'SELECT id, is_default FROM practice_cards WHERE practice_id = $1 FOR UPDATE',
          [practiceId],
        );
        const card = cards.find((candidate) => candidate.id === paymentMethodId);
        if (!card) return 'not-found';
        if (card.is_default && cards.length > 1) return 'default-in-use';
        await tx.query('DELETE FROM practice_cards WHERE id = $1', [paymentMethodId]);
        return 'deleted';
      }),

    owns: async (practiceId, paymentMethodId) => (await findCard(db, practiceId, paymentMethodId)) !== undefined,

    async charge({ practiceId, paymentMethodId, amountCents, idempotencyKey, description }) {
      if (!chargeable(amountCents)) return;
      await db.transaction(async (tx) => {
        // A repeated key is the same charge, even when its card has been removed since.
        const [earlier] = await tx.query('SELECT 1 FROM card_charges WHERE practice_id = $1 AND idempotency_key = $2', [
          practiceId,
          idempotencyKey,
        ]);
        if (earlier) return;
        if (!(await findCard(tx, practiceId, paymentMethodId))) throw new HttpError(400, CardServerText.noSuchCard(paymentMethodId));
        await tx.query(
          `INSERT INTO card_charges (idempotency_key, practice_id, payment_method_id, amount_cents, description, created_at)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (practice_id, idempotency_key) DO NOTHING`,
          [idempotencyKey, practiceId, paymentMethodId, amountCents, description, clock().toISOString()],
        );
      });
    },
  };
}
