import type { Address, Practice } from '../../src/model/practice';
import type { UserRecord } from '../../src/model/user';
import type { Queryable } from '../db/database';

interface PracticeRow extends Record<string, unknown> {
  id: number;
  name: string;
  phone: string | null;
  contact_person_first_name: string | null;
  contact_person_last_name: string | null;
  fulfilment_type: number;
  billing_type: number;
  address: Address | null;
  billing_address: Address | null;
  invoice_contact: Practice['invoiceContact'];
  white_label: Practice['whiteLabel'];
  show_reports_to_patients: boolean;
  unit_type: number;
}

/** The practice record as GET /Practices answers it; the caller shapes it through PracticeSchema. */
export async function practiceRecord(q: Queryable, practiceId: number): Promise<Practice | null> {
  const [row] = await q.query<PracticeRow>('SELECT * FROM practices WHERE id = $1', [practiceId]);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    contactPersonFirstName: row.contact_person_first_name,
    contactPersonLastName: row.contact_person_last_name,
    fulfilmentType: row.fulfilment_type,
    billingType: row.billing_type,
    address: row.address,
    billingAddress: row.billing_address,
    invoiceContact: row.invoice_contact,
    whiteLabel: row.white_label,
    showReportsToPatients: row.show_reports_to_patients,
    unitType: row.unit_type,
  };
}

interface UserRow extends Record<string, unknown> {
  uid: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  username: string;
  user_type: number;
  receive_notifications: boolean;
  notification_preferences: string[];
  address: Address | null;
}

/** The user record of one account: the person's name and contact, the account's role and notifications. */
export async function userRecord(q: Queryable, accountId: number): Promise<UserRecord | null> {
  const [row] = await q.query<UserRow>(
    `SELECT a.uid, pe.first_name, pe.last_name, pe.email, pe.phone, pe.username, a.user_type,
            a.receive_notifications, a.notification_preferences, pe.address
     FROM accounts a JOIN people pe ON pe.id = a.person_id
     WHERE a.id = $1`,
    [accountId],
  );
  if (!row) return null;
  return {
    uid: row.uid,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    username: row.username,
    userType: row.user_type,
    receiveNotifications: row.receive_notifications,
    notificationPreferences: row.notification_preferences,
    address: row.address,
  };
}
