import { BillingType, FulfilmentType, UnitType, UserType } from '../../src/model/enums';
import type { Address, Practice } from '../../src/model/practice/practice';

/**
 * The demo content: plain, plausible practices and people, one for each case the portal treats
 * differently. Ids are fixed so that seeding twice finds what the first run wrote. Every email and
 * web address uses the reserved `.example` domain, so no demo message can reach a real mailbox.
 */

/** A stored practice always has its number. */
export type SeedPractice = Practice & { readonly id: number };

export interface SeedAccount {
  /** The contract's userId. */
  readonly id: number;
  /** The user record's uid. */
  readonly uid: string;
  readonly practiceId: number;
  readonly userType: number;
}

export interface SeedPerson {
  readonly id: string;
  readonly username: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly phone: string;
  readonly address: Address | null;
  readonly forceIdentityMigration: boolean;
  /** What signing in as this person shows, for the start-up table and the README. */
  readonly demonstrates: string;
  /** In the switcher's order; sign-in opens the first. */
  readonly accounts: readonly SeedAccount[];
}

function address(addressLine1: string, addressLine2: string | null, city: string, state: string, zipCode: string): Address {
  return { addressLine1, addressLine2, city, state, zipCode, country: 'US' };
}

function practice(
  fields: Pick<SeedPractice, 'id' | 'name' | 'unitType' | 'billingType' | 'fulfilmentType' | 'phone'> & {
    contact: readonly [string, string];
    address: Address;
    invoiceEmail: string;
    /** The invoice contact's phone; the practice's own phone unless given (null: incomplete billing). */
    invoicePhone?: string | null;
    showReportsToPatients?: boolean;
  },
): SeedPractice {
  return {
    id: fields.id,
    name: fields.name,
    unitType: fields.unitType,
    billingType: fields.billingType,
    fulfilmentType: fields.fulfilmentType,
    phone: fields.phone,
    contactPersonFirstName: fields.contact[0],
    contactPersonLastName: fields.contact[1],
    address: fields.address,
    billingAddress: fields.address,
    invoiceContact: {
      email: fields.invoiceEmail,
      phone: fields.invoicePhone === undefined ? fields.phone : fields.invoicePhone,
      fax: null,
    },
    whiteLabel: null,
    showReportsToPatients: fields.showReportsToPatients ?? false,
  };
}

/** Numbers below 1000, which the database leaves to fixed rows like these (migration 002 numbers them so). */
export const PRACTICE_IDS = {
  riverside: 11,
  lakeside: 12,
  northgate: 13,
  westbrook: 14,
  vitalpath: 15,
  mapleStreet: 16,
  harbor: 17,
  summit: 18,
} as const;

export const SEED_PRACTICES: readonly SeedPractice[] = [
  practice({
    id: PRACTICE_IDS.riverside,
    name: 'Riverside Family Medicine',
    unitType: UnitType.HCP,
    billingType: BillingType.PerOrder,
    fulfilmentType: FulfilmentType.Physical,
    phone: '(916) 555-0142',
    contact: ['Laura', 'Bennett'],
    address: address('1200 River Park Drive', 'Suite 210', 'Sacramento', 'CA', '95815'),
    invoiceEmail: 'billing@riverside-family.example',
    showReportsToPatients: true,
  }),
  practice({
    id: PRACTICE_IDS.lakeside,
    name: 'Lakeside Internal Medicine',
    unitType: UnitType.HCP,
    billingType: BillingType.Net30,
    fulfilmentType: FulfilmentType.Physical,
    phone: '(312) 555-0178',
    contact: ['Marcus', 'Reed'],
    address: address('455 North Lake Shore Drive', 'Floor 3', 'Chicago', 'IL', '60611'),
    invoiceEmail: 'accounts@lakeside-im.example',
  }),
  practice({
    id: PRACTICE_IDS.northgate,
    name: 'Northgate Sample Processing',
    unitType: UnitType.CPS,
    billingType: BillingType.Net30,
    fulfilmentType: FulfilmentType.Physical,
    phone: '(614) 555-0193',
    contact: ['Priya', 'Natarajan'],
    address: address('88 Industrial Parkway', null, 'Columbus', 'OH', '43219'),
    invoiceEmail: 'ap@northgate-samples.example',
  }),
  practice({
    id: PRACTICE_IDS.westbrook,
    name: 'Westbrook Research Institute',
    unitType: UnitType.IRC,
    billingType: BillingType.Net30,
    fulfilmentType: FulfilmentType.Physical,
    phone: '(617) 555-0126',
    contact: ['Oliver', 'Shaw'],
    address: address('19 Campus Way', 'Building C', 'Cambridge', 'MA', '02139'),
    invoiceEmail: 'grants.office@westbrook-research.example',
  }),
  practice({
    id: PRACTICE_IDS.vitalpath,
    name: 'VitalPath Direct',
    unitType: UnitType.DTC,
    billingType: BillingType.PerOrder,
    fulfilmentType: FulfilmentType.Physical,
    phone: '(512) 555-0164',
    contact: ['Nina', 'Alvarez'],
    address: address('700 Congress Avenue', 'Suite 500', 'Austin', 'TX', '78701'),
    invoiceEmail: 'finance@vitalpath.example',
  }),
  practice({
    id: PRACTICE_IDS.mapleStreet,
    name: 'Maple Street Clinic',
    unitType: UnitType.Unknown,
    billingType: BillingType.Net30,
    fulfilmentType: FulfilmentType.Digital,
    phone: '(503) 555-0117',
    contact: ['Samuel', 'Ortiz'],
    address: address('321 Maple Street', null, 'Portland', 'OR', '97205'),
    invoiceEmail: 'office@maplestreet-clinic.example',
  }),
  practice({
    id: PRACTICE_IDS.harbor,
    name: 'Harbor Medical Group',
    unitType: UnitType.HCP,
    billingType: BillingType.PerOrder,
    fulfilmentType: FulfilmentType.Physical,
    phone: '(206) 555-0151',
    contact: ['Rachel', 'Kim'],
    address: address('1500 Harbor Avenue SW', 'Suite 120', 'Seattle', 'WA', '98126'),
    invoiceEmail: 'billing@harbor-medical.example',
  }),
  practice({
    id: PRACTICE_IDS.summit,
    name: 'Summit Wellness Clinic',
    unitType: UnitType.HCP,
    billingType: BillingType.Net30,
    fulfilmentType: FulfilmentType.Physical,
    phone: '(303) 555-0189',
    contact: ['Thomas', 'Becker'],
    address: address('2400 Summit Boulevard', null, 'Denver', 'CO', '80205'),
    invoiceEmail: 'invoices@summit-wellness.example',
    // Net 30 with incomplete billing information (ordering §5): the checkout says so and refuses the order.
    invoicePhone: null,
  }),
];

function person(
  fields: Omit<SeedPerson, 'address' | 'forceIdentityMigration'> & { forceIdentityMigration?: boolean; address?: Address },
): SeedPerson {
  return { ...fields, address: fields.address ?? null, forceIdentityMigration: fields.forceIdentityMigration ?? false };
}

export const SEED_PEOPLE: readonly SeedPerson[] = [
  person({
    id: 'person-ava-morgan',
    username: 'hcp.checkout',
    email: 'ava.morgan@riverside-family.example',
    firstName: 'Ava',
    lastName: 'Morgan',
    phone: '(916) 555-0143',
    demonstrates:
      'HCP provider, PerOrder billing: Checkout ordering with prices, volume tiers from 10 kits per product, and a saved card charged when the order is placed',
    accounts: [{ id: 111, uid: 'user-ava-morgan-riverside', practiceId: PRACTICE_IDS.riverside, userType: UserType.Provider }],
  }),
  person({
    id: 'person-ben-carter',
    username: 'hcp.net30',
    email: 'ben.carter@lakeside-im.example',
    firstName: 'Ben',
    lastName: 'Carter',
    phone: '(312) 555-0179',
    demonstrates: 'HCP provider, Net30 billing with complete billing information: Checkout ordering paid by monthly invoice',
    accounts: [{ id: 112, uid: 'user-ben-carter-lakeside', practiceId: PRACTICE_IDS.lakeside, userType: UserType.Provider }],
  }),
  person({
    id: 'person-chloe-diaz',
    username: 'cps.user',
    email: 'chloe.diaz@northgate-samples.example',
    firstName: 'Chloe',
    lastName: 'Diaz',
    phone: '(614) 555-0194',
    demonstrates: 'CPS: Samples menu, Manifest Upload ordering, no prices',
    accounts: [{ id: 113, uid: 'user-chloe-diaz-northgate', practiceId: PRACTICE_IDS.northgate, userType: UserType.StandardUser }],
  }),
  person({
    id: 'person-daniel-evans',
    username: 'irc.user',
    email: 'daniel.evans@westbrook-research.example',
    firstName: 'Daniel',
    lastName: 'Evans',
    phone: '(617) 555-0127',
    demonstrates: 'IRC: Orders-first menu, Checkout ordering without prices',
    accounts: [{ id: 114, uid: 'user-daniel-evans-westbrook', practiceId: PRACTICE_IDS.westbrook, userType: UserType.StandardUser }],
  }),
  person({
    id: 'person-emma-foster',
    username: 'dtc.user',
    email: 'emma.foster@vitalpath.example',
    firstName: 'Emma',
    lastName: 'Foster',
    phone: '(512) 555-0165',
    demonstrates: 'DTC: menu with only Integrations/API and Settings',
    accounts: [{ id: 115, uid: 'user-emma-foster-vitalpath', practiceId: PRACTICE_IDS.vitalpath, userType: UserType.StandardUser }],
  }),
  person({
    id: 'person-felix-grant',
    username: 'unknown.unit',
    email: 'felix.grant@maplestreet-clinic.example',
    firstName: 'Felix',
    lastName: 'Grant',
    phone: '(503) 555-0118',
    demonstrates: 'Practice of Unknown unit type (0), treated as HCP; Digital fulfilment: orders need no shipping address',
    accounts: [{ id: 116, uid: 'user-felix-grant-maple-street', practiceId: PRACTICE_IDS.mapleStreet, userType: UserType.Provider }],
  }),
  person({
    id: 'person-grace-hall',
    username: 'multi.practice',
    email: 'grace.hall@harbor-medical.example',
    firstName: 'Grace',
    lastName: 'Hall',
    phone: '(206) 555-0152',
    demonstrates:
      'Three accounts: Harbor Medical Group as Provider and as OfficeManager, Summit Wellness Clinic as Provider (switcher with role suffixes); Summit is Net30 with incomplete billing information (no invoice phone), so its checkout refuses to place an order',
    accounts: [
      { id: 117, uid: 'user-grace-hall-harbor-provider', practiceId: PRACTICE_IDS.harbor, userType: UserType.Provider },
      { id: 118, uid: 'user-grace-hall-harbor-office-manager', practiceId: PRACTICE_IDS.harbor, userType: UserType.OfficeManager },
      { id: 119, uid: 'user-grace-hall-summit-provider', practiceId: PRACTICE_IDS.summit, userType: UserType.Provider },
    ],
  }),
  person({
    id: 'person-henry-irving',
    username: 'must.migrate',
    email: 'henry.irving@lakeside-im.example',
    firstName: 'Henry',
    lastName: 'Irving',
    phone: '(312) 555-0180',
    forceIdentityMigration: true,
    demonstrates: 'Must migrate: sign-in leads to Complete Account Migration',
    accounts: [{ id: 120, uid: 'user-henry-irving-lakeside', practiceId: PRACTICE_IDS.lakeside, userType: UserType.Provider }],
  }),
  person({
    id: 'person-isla-jensen',
    username: 'patient',
    email: 'isla.jensen@mail.example',
    firstName: 'Isla',
    lastName: 'Jensen',
    phone: '(916) 555-0190',
    address: address('48 Willow Lane', null, 'Sacramento', 'CA', '95818'),
    demonstrates:
      'Patient (userType 4) of Riverside Family Medicine: the patient portal with six kits (ready with legacy reports, in processing, a sample that failed QC and is rerun, and a chain of two failed kits each replaced, the last replacement ready)',
    accounts: [{ id: 121, uid: 'user-isla-jensen-riverside', practiceId: PRACTICE_IDS.riverside, userType: UserType.Patient }],
  }),
  // Riverside's patient 12 as server/seed/patients.ts makes the record (same name and contacts), able to sign in.
  person({
    id: 'person-henry-chen',
    username: 'patient.one',
    email: 'henry.chen@mail.example',
    firstName: 'Henry',
    lastName: 'Chen',
    phone: '(916) 555-0132',
    demonstrates: 'Patient (userType 4) of Riverside Family Medicine with exactly one kit, in processing: the tracker shown inline',
    accounts: [{ id: 123, uid: 'user-henry-chen-riverside', practiceId: PRACTICE_IDS.riverside, userType: UserType.Patient }],
  }),
  person({
    id: 'person-jack-kim',
    username: 'lab.user',
    email: 'jack.kim@riverside-family.example',
    firstName: 'Jack',
    lastName: 'Kim',
    phone: '(916) 555-0144',
    demonstrates: 'LabUser (16), in neither portal: "Access denied."',
    accounts: [{ id: 122, uid: 'user-jack-kim-riverside', practiceId: PRACTICE_IDS.riverside, userType: UserType.LabUser }],
  }),
];

/** The userId of a demo account, named by its uid, so that tests read which account they mean. */
export function accountIdOf(uid: string): number {
  const account = SEED_PEOPLE.flatMap((person) => person.accounts).find((candidate) => candidate.uid === uid);
  if (!account) throw new Error(`No demo account has the uid ${uid}`);
  return account.id;
}

/** A product of the catalogue (ordering §3); its image is /images/products/{lowercase sku}.svg. */
export interface SeedProduct {
  /** The specification's own number. */
  readonly id: number;
  readonly uid: string;
  readonly name: string;
  readonly description: string;
  readonly sku: string;
  /** Dollars per kit at the standard tier (1 to 9 units). */
  readonly price: number;
}

/**
 * The five products ordering §2 prices (79, 1, 78, 74, 47; the catalogue shows them first) under the
 * HCP manifest's product IDs where §2 gives them, then the sample-processing products §2 names for
 * research and processing customers, which the catalogue shows after them in this order.
 */
export const SEED_PRODUCTS: readonly SeedProduct[] = [
  {
    id: 1,
    uid: 'product-biological-age-test',
    name: 'Biological Age Test',
    description:
      'Epigenetic age from a DNA methylation profile: organ-system ages, pace of aging, telomere length and immune cell composition.',
    sku: 'TruAge',
    price: 375,
  },
  {
    id: 47,
    uid: 'product-pharmacogenomics-test',
    name: 'Pharmacogenomics Test',
    description: 'How the patient’s genes affect the response to common medications, drug by drug.',
    sku: 'TruPGx',
    price: 160,
  },
  {
    id: 74,
    uid: 'product-genetic-analysis',
    name: 'Genetic Analysis',
    description: 'SNP genotyping with polygenic risk scores for common conditions and traits.',
    sku: 'TruGenetics',
    price: 200,
  },
  {
    id: 78,
    uid: 'product-health-test',
    name: 'Health Test',
    description: 'Nutrient levels and functional health markers in one report, with suggested follow-up.',
    sku: 'TruHealth',
    price: 375,
  },
  {
    id: 79,
    uid: 'product-age-and-health-combo',
    name: 'Biological Age and Health Combo',
    description: 'The Biological Age Test and the Health Test from one sample, in a combined age and health report.',
    sku: 'TruHealthAgeCombo',
    price: 550,
  },
  {
    id: 201,
    uid: 'product-msa-processing',
    name: 'MSA Methylation Screening',
    description: 'Sample processing on the Infinium Methylation Screening Array, with raw IDAT files and QC metrics.',
    sku: 'MSA',
    price: 120,
  },
  {
    id: 202,
    uid: 'product-gsa-genotyping',
    name: 'GSA Genotyping',
    description: 'Genotyping on the Global Screening Array, delivered as called genotypes and raw intensities.',
    sku: 'GSA',
    price: 95,
  },
  {
    id: 203,
    uid: 'product-gda-genotyping',
    name: 'GDA Genotyping',
    description: 'Genotyping on the Global Diversity Array for multi-ancestry cohorts.',
    sku: 'GDA',
    price: 110,
  },
  {
    id: 204,
    uid: 'product-epicv2-methylation',
    name: 'EPICv2 Methylation Profiling',
    description: 'Genome-wide methylation profiling on the MethylationEPIC v2 array.',
    sku: 'EPICv2',
    price: 185,
  },
  {
    id: 205,
    uid: 'product-enlighten-analysis',
    name: 'Enlighten Methylation Analysis',
    description: 'Processing and analysis of methylation arrays with the Enlighten report suite.',
    sku: 'Enlighten',
    price: 240,
  },
  {
    // Issue 42: what an accepted analysis upload orders, one per sample; never in a catalogue (product-kinds.ts).
    // The documents give the analysis no price, so the portal records none: the laboratory prices it itself.
    id: 206,
    uid: 'product-idat-analysis',
    name: 'IDAT Analysis',
    description: 'Analysis of the raw IDAT files of arrays you ran yourself, uploaded as one zip file; reports within 48 hours.',
    sku: 'IDAT-Analysis',
    price: 0,
  },
];

/** Countries kits are shipped to; any other is refused. Direct-to-consumer units ship to the US only. */
export const SHIPPABLE_COUNTRIES: readonly { readonly code: string; readonly dtc: boolean }[] = [
  { code: 'US', dtc: true },
  ...['CA', 'MX', 'GB', 'IE', 'DE', 'FR', 'NL', 'BE', 'ES', 'IT', 'AU', 'NZ', 'JP', 'SG', 'CH', 'SE', 'NO', 'DK'].map((code) => ({
    code,
    dtc: false,
  })),
];
