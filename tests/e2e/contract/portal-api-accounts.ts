import type { Json } from './portal-api-fake';

/** The fake's users and their practice accounts: the records GET /Practices, GET /Users/Me and GET /Payments/Methods answer. */

type JsonObject = { [key: string]: Json };

export const FAKE_CREDENTIALS = { username: 'grace.hall', password: 'Contract-Fake-2026!' } as const;
export const HARBOR = 'Harbor Medical Group';
export const SUMMIT = 'Summit Wellness Clinic';
/** A second user, with one account at a Net 30 practice whose billing information is complete. */
export const NET30_CREDENTIALS = { username: 'lena.ortiz', password: 'Contract-Fake-Net30!' } as const;
export const LAKESHORE = 'Lakeshore Family Practice';
/**
 * A patient (userType 4) with one account at a practice of its own (so that no practice's team lists her), which
 * shows reports to patients: the patient portal.
 */
export const PATIENT_CREDENTIALS = { username: 'mia.patel', password: 'Contract-Fake-Patient!' } as const;
/** A research institution (IRC), which orders array processing and is shown no prices (issue 40 item 5). */
export const RESEARCH_CREDENTIALS = { username: 'omar.reyes', password: 'Contract-Fake-Research!' } as const;
export const NORTHFIELD = 'Northfield Genomics Institute';
export const BAYVIEW = 'Bayview Health Partners';

export interface Account {
  /** The username whose accounts these are. */
  login: string;
  practiceId: number;
  userId: number;
  name: string;
  userType: number;
  unitType: number;
  practice: JsonObject;
  me: JsonObject;
  /** GET /Payments/Methods of the practice. */
  cards: JsonObject[];
}

/**
 * Two accounts of one provider (userType 3, Provider) at two HCP practices (unitType 2), and a second provider
 * with one account at a Net 30 practice.
 */
export const ACCOUNTS: Account[] = [
  {
    login: FAKE_CREDENTIALS.username,
    practiceId: 11,
    userId: 111,
    name: HARBOR,
    userType: 3,
    unitType: 2,
    practice: {
      name: HARBOR,
      phone: null,
      contactPersonFirstName: 'Grace',
      contactPersonLastName: 'Hall',
      fulfilmentType: 1,
      billingType: 1,
      address: { addressLine1: '1 Harbor Way', addressLine2: null, city: 'Portland', state: 'ME', zipCode: '04101', country: 'US' },
      billingAddress: null,
      whiteLabel: { logoUrl: null },
      // invoiceContact and showReportsToPatients left out: a PerOrder practice has no invoice contact to send.
      timeZone: 'America/New_York',
      accountManager: { name: 'Sam Rivera', email: 'sam.rivera@lab.example' },
    },
    me: {
      uid: 'usr_7f3a9c',
      firstName: 'Grace',
      lastName: 'Hall',
      email: 'grace.hall@harbor.example',
      phone: null,
      username: FAKE_CREDENTIALS.username,
      userType: 3,
      receiveNotifications: true,
      notificationPreferences: [],
      // address left out.
      locale: 'en-US',
      lastSignInAt: '2026-01-05T08:30:00Z',
    },
    cards: [
      { id: 'pm_1HarborVisa4242', brand: 'visa', last4: '4242', expMonth: 8, expYear: 2031, isDefault: false, funding: 'credit' },
      // The default card comes second, so that choosing it first is the client's doing (ordering §4).
      { id: 'pm_1HarborMc5454', brand: 'mastercard', last4: '5454', expMonth: 1, expYear: 2030, isDefault: true, wallet: null },
    ],
  },
  {
    login: FAKE_CREDENTIALS.username,
    practiceId: 12,
    userId: 112,
    name: SUMMIT,
    userType: 3,
    unitType: 2,
    practice: {
      name: SUMMIT,
      phone: '+1 207 555 0112',
      contactPersonFirstName: null,
      contactPersonLastName: null,
      billingType: 4,
      address: { addressLine1: '12 Summit Road', city: 'Bangor', state: 'ME', zipCode: '04401', country: 'US' },
      billingAddress: null,
      invoiceContact: { email: 'billing@summit.example', phone: null, fax: null },
      whiteLabel: null,
      showReportsToPatients: true,
      // fulfilmentType left out.
      timeZone: 'America/New_York',
    },
    me: {
      uid: 'usr_2b8d41',
      firstName: 'Grace',
      lastName: 'Hall',
      email: 'grace.hall@summit.example',
      phone: '+1 207 555 0199',
      username: FAKE_CREDENTIALS.username,
      userType: 3,
      receiveNotifications: false,
      notificationPreferences: ['kit-status'],
      address: null,
      department: 'Functional medicine',
    },
    cards: [],
  },
  {
    login: NET30_CREDENTIALS.username,
    practiceId: 21,
    userId: 211,
    name: LAKESHORE,
    userType: 3,
    unitType: 2,
    practice: {
      name: LAKESHORE,
      phone: '+1 312 555 0121',
      contactPersonFirstName: 'Lena',
      contactPersonLastName: 'Ortiz',
      fulfilmentType: 1,
      billingType: 4,
      address: {
        addressLine1: '21 Lakeshore Drive',
        addressLine2: 'Suite 300',
        city: 'Chicago',
        state: 'IL',
        zipCode: '60611',
        country: 'US',
      },
      billingAddress: {
        addressLine1: '21 Lakeshore Drive',
        addressLine2: null,
        city: 'Chicago',
        state: 'IL',
        zipCode: '60611',
        country: 'US',
      },
      invoiceContact: { email: 'ap@lakeshore.example', phone: '+1 312 555 0122', fax: null },
      whiteLabel: null,
      showReportsToPatients: false,
      timeZone: 'America/Chicago',
    },
    me: {
      uid: 'usr_5c9e07',
      firstName: 'Lena',
      lastName: 'Ortiz',
      email: 'lena.ortiz@lakeshore.example',
      phone: null,
      username: NET30_CREDENTIALS.username,
      userType: 3,
      receiveNotifications: true,
      notificationPreferences: [],
    },
    cards: [],
  },
  {
    login: PATIENT_CREDENTIALS.username,
    practiceId: 31,
    userId: 311,
    name: BAYVIEW,
    userType: 4,
    unitType: 2,
    practice: {
      name: BAYVIEW,
      phone: null,
      billingType: 1,
      address: null,
      showReportsToPatients: true,
      // The rest left out.
      timeZone: 'America/New_York',
    },
    me: {
      uid: 'usr_9d1f23',
      firstName: 'Mia',
      lastName: 'Patel',
      email: 'mia.patel@mail.example',
      phone: '+1 207 555 0311',
      username: PATIENT_CREDENTIALS.username,
      userType: 4,
      receiveNotifications: false,
      notificationPreferences: [],
    },
    cards: [],
  },
  {
    login: RESEARCH_CREDENTIALS.username,
    practiceId: 41,
    userId: 411,
    name: NORTHFIELD,
    userType: 13,
    unitType: 3,
    practice: {
      name: NORTHFIELD,
      phone: '(617) 555-0141',
      fulfilmentType: 1,
      billingType: 4,
      address: { addressLine1: '40 Research Park', addressLine2: null, city: 'Boston', state: 'MA', zipCode: '02110', country: 'US' },
      billingAddress: null,
      invoiceContact: { email: 'ap@northfield.example', phone: '(617) 555-0142', fax: null },
    },
    me: {
      uid: 'usr_7b2e41',
      firstName: 'Omar',
      lastName: 'Reyes',
      email: 'omar.reyes@northfield.example',
      phone: null,
      username: RESEARCH_CREDENTIALS.username,
      userType: 13,
      receiveNotifications: true,
      notificationPreferences: [],
    },
    cards: [],
  },
];

export const USERS = [FAKE_CREDENTIALS, NET30_CREDENTIALS, PATIENT_CREDENTIALS, RESEARCH_CREDENTIALS] as const;
