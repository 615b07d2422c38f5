import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BillingType, FulfilmentType, UnitType } from '../../src/model/enums';
import type { Practice } from '../../src/model/practice/practice';
import {
  applyDebugOverride,
  DEBUG_OVERRIDE_STORAGE_KEY,
  readDebugOverride,
  type DebugOverrideOptions,
} from '../../src/services/platform/debug-override';
import type { HttpClient } from '../../src/services/http/http';
import { createPracticesApi } from '../../src/services/practice/practices.api';

const practice: Practice = {
  id: 18,
  name: 'Summit Wellness Clinic',
  phone: null,
  contactPersonFirstName: null,
  contactPersonLastName: null,
  fulfilmentType: FulfilmentType.Physical,
  billingType: BillingType.Net30,
  address: null,
  billingAddress: null,
  invoiceContact: null,
  whiteLabel: null,
  showReportsToPatients: false,
  unitType: UnitType.HCP,
};

function stored(value: string | null): DebugOverrideOptions['storage'] {
  return { getItem: (key: string) => (key === DEBUG_OVERRIDE_STORAGE_KEY ? value : null) };
}

const development = (value: string | null): DebugOverrideOptions => ({ enabled: true, storage: stored(value) });

describe('the debug override of ordering §1', () => {
  it('a development build reads billingType and fulfilmentType from browser storage', () => {
    expect(readDebugOverride(development('{"billingType":1,"fulfilmentType":0}'))).toEqual({ billingType: 1, fulfilmentType: 0 });
    expect(readDebugOverride(development('{"billingType":7}'))).toEqual({ billingType: 7 });
  });

  it('a production build ignores what is stored', () => {
    expect(readDebugOverride({ enabled: false, storage: stored('{"billingType":1}') })).toBeNull();
  });

  it('garbage is ignored: not JSON, not an object, wrong types, an unknown fulfilment type, nothing stored, blocked storage', () => {
    for (const raw of ['not json', '[]', '"x"', '{"billingType":"1"}', '{"billingType":1.5}', '{"fulfilmentType":3}', null]) {
      expect(readDebugOverride(development(raw))).toBeNull();
    }
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readDebugOverride({ enabled: true, storage: blocked })).toBeNull();
    expect(readDebugOverride({ enabled: true, storage: null })).toBeNull();
  });

  it('replaces only the fields it names', () => {
    expect(applyDebugOverride(practice, { billingType: BillingType.PerOrder })).toEqual({ ...practice, billingType: BillingType.PerOrder });
    expect(applyDebugOverride(practice, { fulfilmentType: FulfilmentType.Digital })).toEqual({
      ...practice,
      fulfilmentType: FulfilmentType.Digital,
    });
    expect(applyDebugOverride(practice, {})).toEqual(practice);
    expect(applyDebugOverride(practice, null)).toBe(practice);
  });

  it('is applied where the practice is read (practicesApi.current), and only there', async () => {
    const client: HttpClient = {
      request: () => Promise.resolve(practice),
      read: (schema) => Promise.resolve(v.parse(schema, practice)),
      connectSession: () => undefined,
    };
    const api = createPracticesApi(client, () => ({ billingType: 99 }));
    expect((await api.current()).billingType).toBe(99);
    const ignored = createPracticesApi(client, () => readDebugOverride({ enabled: false, storage: stored('{"billingType":99}') }));
    expect((await ignored.current()).billingType).toBe(BillingType.Net30);
  });
});
