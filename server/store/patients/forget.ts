import { UserType } from '../../../src/model/enums';
import { PatientListText } from '../../../src/model/patients/patient-texts';
import type { Queryable } from '../../db/database';

/**
 * DELETE /Patients/Me (kits §2 "Deactivate Account": "personal data is permanently forgotten and the action is
 * irreversible"). Run inside one transaction: all of it happens, or none.
 *
 * What is forgotten, for the person who signs in with the account:
 * - every patient account of theirs (the signed-in one and any at another practice), and with them every refresh
 *   token (their rows go, so no session refreshes), and any access token already issued: the server checks the
 *   account row on every request, and a deleted one is a 401;
 * - every patient record joined to those accounts, with their consent agreements; the kits they registered stay
 *   with the practice and the laboratory, without a registrant (kits.patient_id is set null);
 * - the patient's external id wherever a manifest of the same practice carries it (the practice's own
 *   identifier of this person);
 * - the recipient of every order shipped to the person, at any practice, found by the email the order was sent to
 *   (the person's own, or one of their patient records'): the order stays the practice's, its recipient is
 *   "Anonymous" with neither contact nor address;
 * - every restore (set-password) token of the person;
 * - every e-mail to the person still in the outbox or kept there as sent, when the person goes (below); the route
 *   then queues the deactivation's confirmation, whose address the sender forgets once it is sent;
 * - the person (name, email, phone, address, username, password), unless the person also works at a practice:
 *   their team accounts are not the patient portal's to end, and they go on signing in to those, so the person
 *   row and its username stay. A person with patient accounts only is deleted, and the username is free again.
 *
 * Answers false when the account no longer exists.
 */
export async function forgetPatient(q: Queryable, accountId: number): Promise<boolean> {
  const [account] = await q.query<{ person_id: string }>('SELECT person_id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
  if (!account) return false;
  const personId = account.person_id;
  const accounts = await q.query<{ id: number }>('SELECT id FROM accounts WHERE person_id = $1 AND user_type = $2 FOR UPDATE', [
    personId,
    UserType.Patient,
  ]);
  const accountIds = accounts.map((row) => row.id);

  const records = await q.query<{ id: number; practice_id: number; external_id: string | null; email: string | null }>(
    'SELECT id, practice_id, external_id, email FROM patients WHERE account_id = ANY($1::int[]) FOR UPDATE',
    [accountIds],
  );
  const [person] = await q.query<{ email: string }>('SELECT email FROM people WHERE id = $1', [personId]);
  const emails = [person?.email, ...records.map((record) => record.email)]
    .map((email) => email?.trim().toLowerCase() ?? '')
    .filter((email) => email !== '');
  await q.query(
    `UPDATE orders SET customer = $2, customer_information = NULL, shipping_information = NULL
     WHERE ship_to = 'Patient' AND lower(trim(customer_information->>'email')) = ANY($1::text[])`,
    [emails, PatientListText.anonymous],
  );
  for (const record of records) {
    if (record.external_id === null) continue;
    await q.query('UPDATE manifest_samples SET patient_external_id = NULL WHERE practice_id = $1 AND patient_external_id = $2', [
      record.practice_id,
      record.external_id,
    ]);
  }
  const patientIds = records.map((record) => record.id);
  // The foreign keys do the rest, but saying it keeps the forgetting readable and independent of them.
  await q.query('UPDATE kits SET patient_id = NULL WHERE patient_id = ANY($1::int[])', [patientIds]);
  await q.query('DELETE FROM patient_consent_agreements WHERE patient_id = ANY($1::int[])', [patientIds]);
  await q.query('DELETE FROM patients WHERE id = ANY($1::int[])', [patientIds]);

  await q.query('DELETE FROM refresh_tokens WHERE account_id = ANY($1::int[])', [accountIds]);
  await q.query('DELETE FROM accounts WHERE id = ANY($1::int[])', [accountIds]);
  await q.query('DELETE FROM restore_tokens WHERE person_id = $1', [personId]);
  const [left] = await q.query<{ accounts: number }>('SELECT count(*)::int AS accounts FROM accounts WHERE person_id = $1', [personId]);
  if (left?.accounts === 0) {
    // Before the person: deleting them sets their messages' person_id to null, and those rows would then be found
    // only by their address.
    await q.query('DELETE FROM mail_messages WHERE person_id = $1 OR lower(recipient) = ANY($2::text[])', [personId, emails]);
    await q.query('DELETE FROM person_consent_agreements WHERE person_id = $1', [personId]);
    await q.query('DELETE FROM people WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM accounts WHERE person_id = $1)', [personId]);
  }
  return true;
}
