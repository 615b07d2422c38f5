import { DEFAULT_BILLING_TYPE, DEFAULT_ORDERING_EXPERIENCE } from '../constants';
import { BillingType, OrderingExperience, UnitType } from '../enums';
import { effectiveUnitType } from '../auth/roles';

/** Access §4 and ordering §1: the ordering configuration, keyed by unit type and billing type. */

export interface OrderingConfiguration {
  readonly shipKit: boolean;
  readonly billingType: BillingType;
  readonly unitType: number;
  readonly orderingExperience: OrderingExperience;
  readonly paymentMethodInformation: boolean;
  readonly showingPricing: boolean;
}

export const UNKNOWN_PRACTICE_CONFIGURATION: OrderingConfiguration = {
  shipKit: true,
  billingType: DEFAULT_BILLING_TYPE,
  unitType: UnitType.Unknown,
  orderingExperience: DEFAULT_ORDERING_EXPERIENCE,
  paymentMethodInformation: false,
  showingPricing: false,
};

export function knownBillingType(billingType: number): BillingType {
  return billingType === BillingType.PerOrder ? BillingType.PerOrder : DEFAULT_BILLING_TYPE;
}

/**
 * The specification gives the rules, not every cell. Sample-processing customers (CPS) send their
 * own samples, so no kit is shipped to them and they order through the manifest upload; every other
 * unit type ships kits through the checkout, on either billing type.
 */
export function orderingConfiguration(practice: { unitType: number; billingType: number } | null | undefined): OrderingConfiguration {
  if (!practice) return UNKNOWN_PRACTICE_CONFIGURATION;
  const billingType = knownBillingType(practice.billingType);
  const shipKit = practice.unitType !== UnitType.CPS;
  const orderingExperience = shipKit ? OrderingExperience.Checkout : OrderingExperience.ManifestUpload;
  return {
    shipKit,
    billingType,
    unitType: practice.unitType,
    orderingExperience,
    paymentMethodInformation: billingType === BillingType.PerOrder && orderingExperience === OrderingExperience.Checkout,
    showingPricing: effectiveUnitType(practice.unitType) === UnitType.HCP,
  };
}
