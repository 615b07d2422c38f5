import { describe, expect, it } from 'vitest';
import { OrderingExperience, UnitType } from '../../src/model/enums';
import { PRODUCT_NAME } from '../../src/model/constants';
import {
  documentTitle,
  kitListTitle,
  organizationLabel,
  patientMenu,
  providerHomePath,
  providerMenu,
  safeReturnPath,
  selectedMenuKey,
  settingsTabs,
  showsWhiteLabelReports,
} from '../../src/model/shell/navigation';

const labels = (items: ReturnType<typeof providerMenu>) => items.map((item) => item.label);
const REGISTER = 'https://register.example.test/kits';

describe('side menu by unit type (access §2)', () => {
  it('HCP in Checkout: Kit Status, Patients, Register a Kit, Orders, Create Order, Integrations/API, Settings', () => {
    expect(labels(providerMenu(UnitType.HCP, OrderingExperience.Checkout, REGISTER))).toEqual([
      'Kit Status',
      'Patients',
      'Register a Kit',
      'Orders',
      'Create Order',
      'Integrations/API',
      'Settings',
    ]);
  });

  it('HCP outside Checkout offers Manifest Upload and no Register a Kit', () => {
    expect(labels(providerMenu(UnitType.HCP, OrderingExperience.ManifestUpload, REGISTER))).toEqual([
      'Kit Status',
      'Patients',
      'Orders',
      'Manifest Upload',
      'Integrations/API',
      'Settings',
    ]);
  });

  it('Patients (/patients) is the healthcare practice’s only: the contract decisions add it after Kit Status', () => {
    for (const unit of [UnitType.CPS, UnitType.IRC, UnitType.DTC]) {
      expect(labels(providerMenu(unit, OrderingExperience.Checkout, REGISTER))).not.toContain('Patients');
    }
    expect(providerMenu(UnitType.HCP, OrderingExperience.Checkout)[1]).toMatchObject({ kind: 'route', path: '/patients' });
  });

  it('CPS is as HCP but its first item is labelled Samples, without Patients', () => {
    expect(labels(providerMenu(UnitType.CPS, OrderingExperience.ManifestUpload, REGISTER))).toEqual([
      'Samples',
      'Orders',
      'Manifest Upload',
      'Integrations/API',
      'Settings',
    ]);
    expect(labels(providerMenu(UnitType.CPS, OrderingExperience.Checkout, REGISTER))[0]).toBe('Samples');
  });

  it('IRC: Orders first, Register a Kit in Checkout only, Samples, then the order item', () => {
    expect(labels(providerMenu(UnitType.IRC, OrderingExperience.Checkout, REGISTER))).toEqual([
      'Orders',
      'Register a Kit',
      'Samples',
      'Create Order',
      'Integrations/API',
      'Settings',
    ]);
    expect(labels(providerMenu(UnitType.IRC, OrderingExperience.ManifestUpload, REGISTER))).toEqual([
      'Orders',
      'Samples',
      'Manifest Upload',
      'Integrations/API',
      'Settings',
    ]);
  });

  it('any other unit type gets only Integrations/API and Settings', () => {
    expect(labels(providerMenu(UnitType.DTC, OrderingExperience.Checkout, REGISTER))).toEqual(['Integrations/API', 'Settings']);
    expect(labels(providerMenu(42, OrderingExperience.Checkout, REGISTER))).toEqual(['Integrations/API', 'Settings']);
  });

  it('Unknown is treated as HCP', () => {
    expect(providerMenu(UnitType.Unknown, OrderingExperience.Checkout, REGISTER)).toEqual(
      providerMenu(UnitType.HCP, OrderingExperience.Checkout, REGISTER),
    );
  });

  it('routes point where the specification says', () => {
    const paths = Object.fromEntries(
      providerMenu(UnitType.HCP, OrderingExperience.Checkout, REGISTER).map((item) => [
        item.label,
        item.kind === 'route' ? item.path : item.href,
      ]),
    );
    expect(paths).toEqual({
      'Kit Status': '/kits',
      Patients: '/patients',
      'Register a Kit': REGISTER,
      Orders: '/orders',
      'Create Order': '/orders/new',
      'Integrations/API': '/integrations',
      Settings: '/settings',
    });
    const manifest = providerMenu(UnitType.CPS, OrderingExperience.ManifestUpload).find((item) => item.label === 'Manifest Upload');
    expect(manifest).toMatchObject({ kind: 'route', path: '/orders/bulk' });
  });

  it('without a configured registration address Register a Kit cannot be offered', () => {
    expect(labels(providerMenu(UnitType.HCP, OrderingExperience.Checkout))).not.toContain('Register a Kit');
  });

  it('the patient portal: Kit Status, Account, Reports, Help Center, Register a Kit', () => {
    expect(patientMenu(REGISTER).map((item) => item.label)).toEqual(['Kit Status', 'Account', 'Reports', 'Help Center', 'Register a Kit']);
    expect(patientMenu(REGISTER).at(-1)).toMatchObject({ kind: 'external', href: REGISTER });
  });
});

describe('where / leads a provider (issue 40: no dead ends)', () => {
  it('to the kit list for every unit type whose menu has one', () => {
    for (const unit of [UnitType.HCP, UnitType.Unknown, UnitType.CPS, UnitType.IRC]) expect(providerHomePath(unit)).toBe('/kits');
  });

  it('to the first menu item for a unit type whose menu has no kit list (DTC and any other)', () => {
    expect(providerHomePath(UnitType.DTC)).toBe('/integrations');
    expect(providerHomePath(42)).toBe('/integrations');
  });
});

describe('the selected menu item (issue 40: no dead ends)', () => {
  const checkout = providerMenu(UnitType.HCP, OrderingExperience.Checkout, REGISTER);
  const manifest = providerMenu(UnitType.CPS, OrderingExperience.ManifestUpload);

  it.each([
    ['/kits', 'kits'],
    ['/kits/KIT-1', 'kits'],
    ['/patients', 'patients'],
    ['/patients/7', 'patients'],
    ['/orders', 'orders'],
    ['/orders/H-1001', 'orders'],
    ['/orders/success', 'orders'],
    ['/orders/new', 'create-order'],
    ['/orders/catalog', 'create-order'],
    ['/orders/quiz', 'create-order'],
    ['/orders/checkout', 'create-order'],
    ['/orders/bulk', 'create-order'],
    ['/integrations', 'integrations'],
    ['/developers', 'integrations'],
    ['/settings/team', 'settings'],
  ])('%s selects %s in a Checkout menu', (location, key) => {
    expect(selectedMenuKey(checkout, location)).toBe(key);
  });

  it('a manifest-upload menu selects Manifest Upload on /orders/bulk and Orders on an order', () => {
    expect(selectedMenuKey(manifest, '/orders/bulk')).toBe('manifest-upload');
    expect(selectedMenuKey(manifest, '/orders/H-1001')).toBe('orders');
  });

  it('a page of no item selects none, and a path that only starts alike is not a sub-page', () => {
    expect(selectedMenuKey(checkout, '/account')).toBeUndefined();
    expect(selectedMenuKey(checkout, '/kitsune')).toBeUndefined();
    expect(selectedMenuKey(checkout, '/orders-archive')).toBeUndefined();
  });
});

describe('titles that depend on the unit type (kits §2)', () => {
  it('kit list: Samples for IRC and CPS, Kit Status for HCP, Kits otherwise', () => {
    expect(kitListTitle(UnitType.IRC)).toBe('Samples');
    expect(kitListTitle(UnitType.CPS)).toBe('Samples');
    expect(kitListTitle(UnitType.HCP)).toBe('Kit Status');
    expect(kitListTitle(UnitType.Unknown)).toBe('Kit Status');
    expect(kitListTitle(UnitType.DTC)).toBe('Kits');
  });

  it('settings say Practice for the healthcare practice type and Institution otherwise; white label only for HCP', () => {
    expect(organizationLabel(UnitType.HCP)).toBe('Practice');
    expect(organizationLabel(UnitType.IRC)).toBe('Institution');
    expect(showsWhiteLabelReports(UnitType.HCP)).toBe(true);
    expect(showsWhiteLabelReports(UnitType.CPS)).toBe(false);
  });
});

describe('settings tabs (kits §2, contract decisions)', () => {
  it('are routes: account, Practice or Institution, billing, team, and white label reports only for HCP', () => {
    expect(settingsTabs(UnitType.HCP)).toEqual([
      { path: '/settings/account', label: 'Account' },
      { path: '/settings/organization', label: 'Practice' },
      { path: '/settings/billing', label: 'Billing' },
      { path: '/settings/team', label: 'Team' },
      { path: '/settings/reports', label: 'White Label Reports' },
      { path: '/settings/activity', label: 'Activity' },
    ]);
    expect(settingsTabs(UnitType.CPS).map((tab) => tab.label)).toEqual(['Account', 'Institution', 'Billing', 'Team', 'Activity']);
  });
});

describe('the remembered page after sign-in is a path of this origin only', () => {
  it.each([
    ['/kits/12?tab=reports#top', '/kits/12?tab=reports#top'],
    ['/settings/team', '/settings/team'],
  ])('%s is followed', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([null, undefined, '', 'https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'kits'])(
    '%s falls back to /',
    (raw) => {
      expect(safeReturnPath(raw)).toBe('/');
    },
  );
});

describe('document titles', () => {
  it('name the screen, then the product', () => {
    expect(documentTitle('Kit Status')).toBe(`Kit Status · ${PRODUCT_NAME}`);
  });
});
