import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  canDeleteCard,
  PaymentMethodIdSchema,
  PaymentMethodSchema,
  preselectedCard,
  type PaymentMethod,
} from '../../src/model/payments/payment';

function card(id: string, isDefault = false): PaymentMethod {
  return { id, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault };
}

describe('the preselected card (ordering §4: default card preselected, else the first card)', () => {
  it('is the default card wherever it stands in the list', () => {
    const methods = [card('pm_a'), card('pm_b'), card('pm_c', true)];
    expect(preselectedCard(methods)?.id).toBe('pm_c');
  });

  it('is the first card when none is the default', () => {
    expect(preselectedCard([card('pm_a'), card('pm_b')])?.id).toBe('pm_a');
  });

  it('is none without saved cards, so the choice is forced to a new card', () => {
    expect(preselectedCard([])).toBeNull();
  });
});

describe('deleting a card (ordering §4: a default card cannot be deleted while other cards exist)', () => {
  it('refuses the default card while other cards exist', () => {
    const defaultCard = card('pm_a', true);
    expect(canDeleteCard(defaultCard, [defaultCard, card('pm_b')])).toBe(false);
  });

  it('allows any card that is not the default', () => {
    const methods = [card('pm_a', true), card('pm_b'), card('pm_c')];
    expect(methods.filter((method) => canDeleteCard(method, methods)).map((method) => method.id)).toEqual(['pm_b', 'pm_c']);
  });

  it('allows the default card when it is the last one', () => {
    const only = card('pm_a', true);
    expect(canDeleteCard(only, [only])).toBe(true);
  });
});

describe('the payment method schemas', () => {
  it('reads a card leniently: missing or null fields get their fallbacks', () => {
    expect(v.parse(PaymentMethodSchema, { id: 'pm_a', brand: null, expYear: 2031 })).toEqual({
      id: 'pm_a',
      brand: '',
      last4: '',
      expMonth: null,
      expYear: 2031,
      isDefault: false,
    });
  });

  it('takes the provider’s pm_ ids in a path and nothing else', () => {
    for (const id of ['pm_1QxYz', 'pm_card_visa', 'pm_0123456789abcdef01234567']) {
      expect(v.is(PaymentMethodIdSchema, id), id).toBe(true);
    }
    for (const id of ['', 'pm_', 'card_1', 'pm_a/../b', 'pm_a b', 'pm-a', ' pm_a']) {
      expect(v.is(PaymentMethodIdSchema, id), id).toBe(false);
    }
  });

  it('names the missing id in its message', () => {
    const result = v.safeParse(PaymentMethodIdSchema, 'card_1');
    expect(result.issues?.[0]?.message).toBe('Payment method ID is missing');
  });
});
