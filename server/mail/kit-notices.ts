import { UserType } from '../../src/model/enums';
import { KitStatus } from '../../src/model/kits/kit-status';
import { kitDetailPath, Paths } from '../../src/model/shell/navigation';
import type { Queryable } from '../db/database';
import type { KitNoticeContent } from './content';
import { queueMail } from './outbox';
import { SignedLinks } from '../auth/signed-links';
import { UNSUBSCRIBE_TTL_SECONDS, unsubscribePath } from './unsubscribe';

/**
 * The notifications a kit's status change causes (issue 39, item 3): its result is ready, or its sample could not be
 * tested and a replacement was requested. They go to every team member of the kit's practice whose notifications are
 * on and, when the practice shows reports to patients, to the patient who registered the kit if theirs are on. A
 * message names the kit and its product and links to the kit's page, never to a report.
 */

/** What the message needs besides the database: the public origin and the key that signs unsubscribe links. */
export interface KitNoticeLinks {
  readonly publicUrl: string;
  readonly signingKey: Uint8Array;
}

export function kitNoticeKind(status: number): KitNoticeContent['kind'] | null {
  if (status === KitStatus.ResultReady) return 'resultReady';
  if (status === KitStatus.ReplacementRequested) return 'sampleFailed';
  return null;
}

interface RecipientRow extends Record<string, unknown> {
  account_id: number;
  person_id: string;
  email: string;
  first_name: string;
  patient: boolean;
}

/** Queues one message per recipient in the status change's transaction; answers how many. */
export async function queueKitNotices(
  tx: Queryable,
  kit: { readonly id: number; readonly practiceId: number; readonly barcode: string },
  status: number,
  now: Date,
  links: KitNoticeLinks,
): Promise<number> {
  const kind = kitNoticeKind(status);
  if (!kind) return 0;
  const [product] = await tx.query<{ name: string }>('SELECT p.name FROM kits k JOIN products p ON p.id = k.product_id WHERE k.id = $1', [
    kit.id,
  ]);
  const recipients = await tx.query<RecipientRow>(
    `SELECT a.id AS account_id, pe.id AS person_id, pe.email, COALESCE(a.first_name, pe.first_name) AS first_name, false AS patient
       FROM accounts a JOIN people pe ON pe.id = a.person_id
      WHERE a.practice_id = $1 AND a.user_type <> $3 AND a.receive_notifications
     UNION ALL
     SELECT a.id, pe.id, pe.email, pe.first_name, true
       FROM kits k
       JOIN practices pr ON pr.id = k.practice_id
       JOIN patients pa ON pa.id = k.patient_id
       JOIN accounts a ON a.id = pa.account_id
       JOIN people pe ON pe.id = a.person_id
      WHERE k.id = $2 AND pr.show_reports_to_patients AND a.receive_notifications
     ORDER BY account_id`,
    [kit.practiceId, kit.id, UserType.Patient],
  );
  // The key is at hand already: nothing is read inside the transaction to sign the links.
  const sign = await new SignedLinks(
    () => Promise.resolve(links.signingKey),
    () => now,
    UNSUBSCRIBE_TTL_SECONDS,
  ).signer();
  for (const recipient of recipients) {
    const page = recipient.patient ? Paths.kitStatus : kitDetailPath(kit.barcode);
    const unsubscribe = `${links.publicUrl}${sign(unsubscribePath(recipient.account_id))}`;
    await queueMail(
      tx,
      {
        to: recipient.email,
        personId: recipient.person_id,
        content: {
          kind,
          firstName: recipient.first_name,
          barcode: kit.barcode,
          productName: product?.name ?? '',
          kitLink: `${links.publicUrl}${page}`,
          unsubscribeLink: unsubscribe,
        },
        // RFC 2369 and RFC 8058: mail clients offer their own unsubscribe button, which posts to the link.
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
      now,
    );
  }
  return recipients.length;
}
