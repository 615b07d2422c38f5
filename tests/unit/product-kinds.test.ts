import { describe, expect, it } from 'vitest';
import { UnitType } from '../../src/model/enums';
import { mayOrder, orderableKind, orderableProducts, productKind } from '../../src/model/orders/product-kinds';
import { ProductKindText } from '../../src/model/orders/texts';

const kit = (sku: string | null) => ({ sku });

describe('product kinds (issue 40 item 5)', () => {
  it('reads array processing from a sku that is, or holds as one part, an array the ordering document names', () => {
    for (const sku of ['MSA', 'GSA', 'GDA', 'EPICv2', 'Enlighten', 'msa', 'MSA-201', 'proc_epicv2', 'GSA 24 v3']) {
      expect(productKind(kit(sku)), sku).toBe('processing');
    }
  });

  it('reads every other product as a test kit, a missing sku included', () => {
    for (const sku of ['TruHealth', 'TruAge', 'TruHealthAgeCombo', 'COMBO-79', 'MSAX', 'GSAKIT', 'EPIC', '', null]) {
      expect(productKind(kit(sku)), String(sku)).toBe('kit');
    }
  });

  it('gives clinics (HCP and Unknown) and DTC accounts kits, CPS and IRC processing, any other unit type nothing', () => {
    expect(orderableKind(UnitType.HCP)).toBe('kit');
    expect(orderableKind(UnitType.Unknown)).toBe('kit');
    expect(orderableKind(UnitType.DTC)).toBe('kit');
    expect(orderableKind(UnitType.CPS)).toBe('processing');
    expect(orderableKind(UnitType.IRC)).toBe('processing');
    expect(orderableKind(9)).toBeNull();
    expect(mayOrder(9, kit('TruAge'))).toBe(false);
    expect(mayOrder(9, kit('MSA'))).toBe(false);
  });

  it('keeps, in the order given, only the products the unit type may order', () => {
    const products = [kit('TruAge'), kit('MSA-1'), kit(null), kit('EPICv2')];
    expect(orderableProducts(UnitType.HCP, products)).toEqual([kit('TruAge'), kit(null)]);
    expect(orderableProducts(UnitType.IRC, products)).toEqual([kit('MSA-1'), kit('EPICv2')]);
    expect(mayOrder(UnitType.CPS, kit('TruAge'))).toBe(false);
    expect(mayOrder(UnitType.HCP, kit('GSA'))).toBe(false);
  });

  it('words the refusal by what the practice orders', () => {
    expect(ProductKindText.notOrderable(['MSA Methylation Screening'], 'kit')).toBe(
      'This practice orders test kits only, so it cannot order: MSA Methylation Screening',
    );
    expect(ProductKindText.notOrderable(['A', 'B'], 'processing')).toBe(
      'This practice orders sample processing only, so it cannot order: A, B',
    );
    expect(ProductKindText.notOrderable(['A'], null)).toBe('This practice cannot order products: A');
  });
});
