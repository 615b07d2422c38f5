/** Enumerations of access §3, as const objects so that valibot, the server and the views share one list. */

export const UnitType = { Unknown: 0, CPS: 1, HCP: 2, IRC: 3, DTC: 4 } as const;
export type UnitType = (typeof UnitType)[keyof typeof UnitType];

export const BillingType = { PerOrder: 1, Net30: 4 } as const;
export type BillingType = (typeof BillingType)[keyof typeof BillingType];

export const OrderingExperience = { Checkout: 1, ManifestUpload: 5 } as const;
export type OrderingExperience = (typeof OrderingExperience)[keyof typeof OrderingExperience];

export const FulfilmentType = { Digital: 0, Physical: 1 } as const;
export type FulfilmentType = (typeof FulfilmentType)[keyof typeof FulfilmentType];

export const UserType = {
  Unknown: 0,
  System: 1,
  Practice: 2,
  Provider: 3,
  Patient: 4,
  OfficeManager: 5,
  PhysicianAssistant: 6,
  Receptionist: 7,
  Concierge: 8,
  Nurse: 9,
  NursePractitioner: 10,
  PharmacyTech: 11,
  Pharmacist: 12,
  StandardUser: 13,
  Shipping: 14,
  SupportTeam: 15,
  LabUser: 16,
  LabDirector: 17,
  MembershipAdvisor: 18,
} as const;
export type UserType = (typeof UserType)[keyof typeof UserType];
