import { describe, expect, it } from 'vitest';
import { BillingType, OrderingExperience, UnitType } from '../../src/model/enums';
import { knownBillingType, orderingConfiguration, UNKNOWN_PRACTICE_CONFIGURATION } from '../../src/model/orders/ordering';

describe('ordering configuration (access §4, ordering §1)', () => {
  it('an unknown practice hides pricing and payment information and uses Checkout', () => {
    expect(orderingConfiguration(null)).toBe(UNKNOWN_PRACTICE_CONFIGURATION);
    expect(UNKNOWN_PRACTICE_CONFIGURATION).toMatchObject({
      showingPricing: false,
      paymentMethodInformation: false,
      orderingExperience: OrderingExperience.Checkout,
      billingType: BillingType.Net30,
    });
  });

  it('payment-method information is needed only for PerOrder billing in Checkout', () => {
    expect(orderingConfiguration({ unitType: UnitType.HCP, billingType: BillingType.PerOrder }).paymentMethodInformation).toBe(true);
    expect(orderingConfiguration({ unitType: UnitType.HCP, billingType: BillingType.Net30 }).paymentMethodInformation).toBe(false);
    expect(orderingConfiguration({ unitType: UnitType.CPS, billingType: BillingType.PerOrder }).paymentMethodInformation).toBe(false);
  });

  it('pricing is shown only to HCP (Unknown counts as HCP)', () => {
    for (const unitType of [UnitType.CPS, UnitType.IRC, UnitType.DTC]) {
      expect(orderingConfiguration({ unitType, billingType: BillingType.PerOrder }).showingPricing).toBe(false);
    }
    expect(orderingConfiguration({ unitType: UnitType.HCP, billingType: BillingType.Net30 }).showingPricing).toBe(true);
    expect(orderingConfiguration({ unitType: UnitType.Unknown, billingType: BillingType.Net30 }).showingPricing).toBe(true);
  });

  it('when no kit is shipped the experience is ManifestUpload; shipping kits goes with Checkout', () => {
    for (const unitType of [UnitType.Unknown, UnitType.CPS, UnitType.HCP, UnitType.IRC, UnitType.DTC]) {
      for (const billingType of [BillingType.PerOrder, BillingType.Net30]) {
        const configuration = orderingConfiguration({ unitType, billingType });
        expect(configuration.orderingExperience).toBe(
          configuration.shipKit ? OrderingExperience.Checkout : OrderingExperience.ManifestUpload,
        );
      }
    }
    expect(orderingConfiguration({ unitType: UnitType.CPS, billingType: BillingType.Net30 }).orderingExperience).toBe(
      OrderingExperience.ManifestUpload,
    );
  });

  it('a billing type other than PerOrder and Net30 is configured as the default Net30', () => {
    expect(orderingConfiguration({ unitType: UnitType.HCP, billingType: 7 }).billingType).toBe(BillingType.Net30);
  });

  it('reads the billing type the way the checkout, the manifest page and the server charge: PerOrder by card, any other by invoice', () => {
    expect(knownBillingType(BillingType.PerOrder)).toBe(BillingType.PerOrder);
    expect(knownBillingType(BillingType.Net30)).toBe(BillingType.Net30);
    for (const stored of [0, 2, 7]) expect(knownBillingType(stored)).toBe(BillingType.Net30);
  });
});
