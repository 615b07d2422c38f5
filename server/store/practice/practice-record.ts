import type { Address, Practice } from '../../../src/model/practice/practice';
import type { Queryable } from '../../db/database';

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
