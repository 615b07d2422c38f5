import type { FulfilmentType } from '../../../src/model/enums';
import type { Address } from '../../../src/model/practice/practice';
import type { InvoiceContactUpdate, PracticeUpdate } from '../../../src/model/practice/practice-settings';
import type { Queryable } from '../../db/database';

/**
 * Updates of the signed-in practice's own row (ordering §7). Each is one statement filtered by the
 * practice's id, so it changes that row or none; callers read the row back with practiceRecord.
 * Each answers whether the practice row was there.
 */

async function updated(q: Queryable, sql: string, params: readonly unknown[]): Promise<boolean> {
  const rows = await q.query<{ id: number }>(`${sql} RETURNING id`, params);
  return rows.length > 0;
}

export function updatePractice(q: Queryable, practiceId: number, body: PracticeUpdate): Promise<boolean> {
  return updated(
    q,
    `UPDATE practices SET name = $2, phone = $3, contact_person_first_name = $4, contact_person_last_name = $5, address = $6::jsonb
     WHERE id = $1`,
    [practiceId, body.name, body.phone, body.contactPersonFirstName, body.contactPersonLastName, JSON.stringify(body.address)],
  );
}

export function updateInvoiceContact(q: Queryable, practiceId: number, contact: InvoiceContactUpdate): Promise<boolean> {
  return updated(q, 'UPDATE practices SET invoice_contact = $2::jsonb WHERE id = $1', [practiceId, JSON.stringify(contact)]);
}

export function updateBillingAddress(q: Queryable, practiceId: number, address: Address): Promise<boolean> {
  return updated(q, 'UPDATE practices SET billing_address = $2::jsonb WHERE id = $1', [practiceId, JSON.stringify(address)]);
}

export type CopyOutcome = 'copied' | 'no-address' | 'not-found';

/**
 * Ordering §4: the practice's address becomes its billing address, in one statement so that a practice
 * address saved at the same moment is copied whole. A practice without an address line has none to copy.
 */
export async function copyPracticeAddressToBilling(q: Queryable, practiceId: number): Promise<CopyOutcome> {
  const copied = await updated(
    q,
    `UPDATE practices SET billing_address = address
     WHERE id = $1 AND address IS NOT NULL AND btrim(coalesce(address->>'addressLine1', '')) <> ''`,
    [practiceId],
  );
  if (copied) return 'copied';
  const [row] = await q.query<{ id: number }>('SELECT id FROM practices WHERE id = $1', [practiceId]);
  return row ? 'no-address' : 'not-found';
}

export function updateFulfilment(q: Queryable, practiceId: number, fulfilmentType: FulfilmentType): Promise<boolean> {
  return updated(q, 'UPDATE practices SET fulfilment_type = $2 WHERE id = $1', [practiceId, fulfilmentType]);
}
