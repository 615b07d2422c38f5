import { PRODUCT_NAME } from '../constants';
import { OrderingExperience, UnitType } from '../enums';
import { effectiveUnitType } from '../auth/roles';

/** Access §2: the side menus, and the page titles that depend on the unit type. */

export type MenuItem =
  | {
      readonly kind: 'route';
      readonly key: string;
      readonly label: string;
      readonly path: string;
      /** Pages reached from the item's own page that are still its work, so the item stays selected on them. */
      readonly covers?: readonly string[];
    }
  | { readonly kind: 'external'; readonly key: string; readonly label: string; readonly href: string };

export const Paths = {
  home: '/',
  signIn: '/sign-in',
  forgotPassword: '/forgot-password',
  restorePassword: '/restore-password',
  migrate: '/auth/migrate',
  unauthorized: '/unauthorized',
  kits: '/kits',
  orders: '/orders',
  newOrder: '/orders/new',
  catalog: '/orders/catalog',
  quiz: '/orders/quiz',
  checkout: '/orders/checkout',
  orderSuccess: '/orders/success',
  bulkOrder: '/orders/bulk',
  orderDetail: '/orders/:orderNumber',
  /** Linked from the order quiz; their screens belong to other areas. */
  developers: '/developers',
  analysis: '/analysis',
  integrations: '/integrations',
  settings: '/settings',
  patients: '/patients',
  kitStatus: '/kit-status',
  account: '/account',
  reports: '/reports',
  helpCenter: '/help-center',
} as const;

/** The order detail page of one order (ordering §2: /orders/{orderNumber}). */
export function orderDetailPath(orderNumber: string): string {
  return `/orders/${encodeURIComponent(orderNumber)}`;
}

/** The kit detail page of one kit (kits §2 and the contract decisions: /kits/{barcode}). */
export function kitDetailPath(barcode: string): string {
  return `/kits/${encodeURIComponent(barcode)}`;
}

const route = (key: string, label: string, path: string, covers?: readonly string[]): MenuItem => ({
  kind: 'route',
  key,
  label,
  path,
  ...(covers ? { covers } : {}),
});

/** Choosing products, the cart, the quiz that leads there, checkout and a manifest are all creating an order. */
const CREATE_ORDER_PAGES = [Paths.catalog, Paths.quiz, Paths.checkout, Paths.bulkOrder];

/** Register a Kit is an outside page; without its address configured the item cannot be offered. */
function registerKit(href: string | undefined): MenuItem[] {
  return href ? [{ kind: 'external', key: 'register-kit', label: 'Register a Kit', href }] : [];
}

export function providerMenu(unitType: number, experience: OrderingExperience, kitRegistrationUrl?: string): MenuItem[] {
  const checkout = experience === OrderingExperience.Checkout;
  const register = checkout ? registerKit(kitRegistrationUrl) : [];
  const order = checkout
    ? route('create-order', 'Create Order', Paths.newOrder, CREATE_ORDER_PAGES)
    : route('manifest-upload', 'Manifest Upload', Paths.bulkOrder);
  const orders = route('orders', 'Orders', Paths.orders);
  // The quiz's institution pages link to the developer settings as /developers: the same page as Integrations/API.
  const tail = [
    route('integrations', 'Integrations/API', Paths.integrations, [Paths.developers]),
    route('settings', 'Settings', Paths.settings),
  ];
  switch (effectiveUnitType(unitType)) {
    case UnitType.HCP:
      // Contract decisions: Patients for HCP, after Kit Status (the documents route it but give no menu entry).
      return [route('kits', 'Kit Status', Paths.kits), route('patients', 'Patients', Paths.patients), ...register, orders, order, ...tail];
    case UnitType.CPS:
      return [route('kits', 'Samples', Paths.kits), ...register, orders, order, ...tail];
    case UnitType.IRC:
      return [orders, ...register, route('kits', 'Samples', Paths.kits), order, ...tail];
    default:
      return tail;
  }
}

/**
 * Where / leads a provider: the kit list, the first thing every menu with one is about, or else the menu's first
 * page (a unit type without a kit list has only Integrations/API and Settings), never a page its menu does not have.
 */
export function providerHomePath(unitType: number): string {
  // The ordering experience changes the order item only, never whether the kit list is there or what comes first.
  const pages = providerMenu(unitType, OrderingExperience.Checkout).flatMap((item) => (item.kind === 'route' ? [item.path] : []));
  return pages.includes(Paths.kits) ? Paths.kits : (pages[0] ?? Paths.settings);
}

function matches(path: string, location: string): boolean {
  return location === path || location.startsWith(`${path}/`);
}

/**
 * The menu item of the page at `location`: the item whose page (or one it covers) is the closest, so that
 * /orders/new selects Create Order rather than Orders, and checkout stays under Create Order.
 */
export function selectedMenuKey(items: readonly MenuItem[], location: string): string | undefined {
  let best: { key: string; length: number } | undefined;
  for (const item of items) {
    if (item.kind !== 'route') continue;
    for (const path of [item.path, ...(item.covers ?? [])]) {
      if (matches(path, location) && (!best || path.length > best.length)) best = { key: item.key, length: path.length };
    }
  }
  return best?.key;
}

export function patientMenu(kitRegistrationUrl?: string): MenuItem[] {
  return [
    route('kit-status', 'Kit Status', Paths.kitStatus),
    route('account', 'Account', Paths.account),
    route('reports', 'Reports', Paths.reports),
    route('help-center', 'Help Center', Paths.helpCenter),
    ...registerKit(kitRegistrationUrl),
  ];
}

/** Kits §2: Samples for IRC and CPS, Kit Status for HCP, Kits otherwise. */
export function kitListTitle(unitType: number): string {
  const unit = effectiveUnitType(unitType);
  if (unit === UnitType.IRC || unit === UnitType.CPS) return 'Samples';
  if (unit === UnitType.HCP) return 'Kit Status';
  return 'Kits';
}

/** The settings area says Practice for the healthcare-practice type and Institution otherwise. */
export function organizationLabel(unitType: number): 'Practice' | 'Institution' {
  return effectiveUnitType(unitType) === UnitType.HCP ? 'Practice' : 'Institution';
}

export function showsWhiteLabelReports(unitType: number): boolean {
  return effectiveUnitType(unitType) === UnitType.HCP;
}

/** The settings tabs are routes (contract decisions). */
export const SettingsPaths = {
  account: '/settings/account',
  organization: '/settings/organization',
  billing: '/settings/billing',
  team: '/settings/team',
  reports: '/settings/reports',
  /** Issue 44: the practice's activity trail. */
  activity: '/settings/activity',
  addTeamMember: '/settings/team/add',
} as const;

export const SETTINGS_TAB_PATHS = [
  SettingsPaths.account,
  SettingsPaths.organization,
  SettingsPaths.billing,
  SettingsPaths.team,
  SettingsPaths.reports,
  SettingsPaths.activity,
];

/** The tabs a unit type sees: Practice or Institution, and White Label Reports only for the healthcare-practice type. */
export function settingsTabs(unitType: number): { path: string; label: string }[] {
  return [
    { path: SettingsPaths.account, label: 'Account' },
    { path: SettingsPaths.organization, label: organizationLabel(unitType) },
    { path: SettingsPaths.billing, label: 'Billing' },
    { path: SettingsPaths.team, label: 'Team' },
    ...(showsWhiteLabelReports(unitType) ? [{ path: SettingsPaths.reports, label: 'White Label Reports' }] : []),
    { path: SettingsPaths.activity, label: 'Activity' },
  ];
}

/**
 * Where to go after sign-in: only a path of this origin is followed, anything else
 * (another host, a protocol-relative or backslash trick, garbage) falls back to /.
 */
export function safeReturnPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return Paths.home;
  try {
    const base = 'http://portal.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base) return Paths.home;
    // Dot segments collapse while parsing (`/.//evil.example`, `/x/..//evil.example`), which can leave a path that a
    // browser reads as another host: the parsed result must pass the same test as the raw text.
    if (url.pathname.startsWith('//')) return Paths.home;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return Paths.home;
  }
}

/** A browser tab's title: the screen's heading and the product, so that a user can tell open pages apart. */
export function documentTitle(heading: string): string {
  return `${heading} · ${PRODUCT_NAME}`;
}
