import dayjs from 'dayjs';
import { OrderStatus, OrderStatusGroup, orderStatusGroup, type Order } from './order';
import { dollars } from './pricing';

/**
 * Ordering §3 and §4: the status groups' colours and descriptions, the status history panel's entries,
 * the carriers' tracking pages and the panel's total.
 */

/** Ordering §4 "Date format like MMM d, yyyy h:mm a", in dayjs' tokens. */
export const ORDER_DATE_FORMAT = 'MMM D, YYYY h:mm A';

/** An ISO date as the order screens show it; an unreadable or missing date shows nothing. */
export function formatOrderDate(date: string | null | undefined): string {
  if (!date) return '';
  const parsed = dayjs(date);
  return parsed.isValid() ? parsed.format(ORDER_DATE_FORMAT) : '';
}

/** A day (YYYY-MM-DD) as the order screens write dates, without the time: "Oct 18, 2026". */
export function formatOrderDay(day: string): string {
  const parsed = dayjs(day);
  return parsed.isValid() ? parsed.format('MMM D, YYYY') : day;
}

/** antd's preset tag colours; each group has its own so that a list scans by colour as well as by word. */
export type GroupColor = 'default' | 'processing' | 'gold' | 'cyan' | 'success' | 'error';

export interface GroupStyle {
  readonly color: GroupColor;
  /** Ordering §4's meaning of the group, shown when a history entry brings no description of its own. */
  readonly description: string;
}

export const STATUS_GROUP_STYLE: Readonly<Record<OrderStatusGroup, GroupStyle>> = {
  [OrderStatusGroup.Draft]: { color: 'default', description: 'Created but not submitted' },
  [OrderStatusGroup.Received]: { color: 'processing', description: 'System has received the order' },
  [OrderStatusGroup.PendingPayment]: { color: 'gold', description: 'Pending payment before further processing' },
  [OrderStatusGroup.Shipped]: { color: 'cyan', description: 'The kits are on their way' },
  [OrderStatusGroup.Completed]: { color: 'success', description: 'Complete and delivered' },
  [OrderStatusGroup.Canceled]: { color: 'error', description: 'The order was canceled' },
};

const GROUPS: readonly string[] = Object.values(OrderStatusGroup);
const STATUS_CODES: readonly number[] = Object.values(OrderStatus);

export function isStatusGroup(group: string): group is OrderStatusGroup {
  return GROUPS.includes(group);
}

function isStatusCode(code: number): code is OrderStatus {
  return STATUS_CODES.includes(code);
}

/** A group as the service names it, else the group of its status code, else null (nothing to show). */
export function groupOf(entry: { group: string | null; status: number | null } | null): string | null {
  if (!entry) return null;
  if (entry.group) return entry.group;
  return entry.status !== null && isStatusCode(entry.status) ? orderStatusGroup(entry.status) : null;
}

/** The group's colour and description; a group the documents do not name gets the neutral colour. */
export function groupStyle(group: string): GroupStyle {
  return isStatusGroup(group) ? STATUS_GROUP_STYLE[group] : { color: 'default', description: '' };
}

/**
 * What the server writes as a status history entry's description when an order is received and when its card is
 * charged: one text for the checkout, the manifest upload and the demo seed, so that an amount reads $1,234.00
 * (ordering §9's dollars) whichever way the order came.
 */
export const OrderHistoryText = {
  received: 'We have received your order.',
  paid: (total: number) => `The card payment of ${dollars(total)} succeeded.`,
} as const;

export interface HistoryEntry {
  readonly group: string;
  readonly date: string | null;
  readonly description: string;
}

const time = (date: string | null) => (date && dayjs(date).isValid() ? dayjs(date).valueOf() : Number.NEGATIVE_INFINITY);

/**
 * Ordering §4 "each distinct status group with date and description": one entry per group, in the order
 * the order first reached each group, carrying the latest date it was in that group (an order that went
 * from Received to Kit Id Generated was received until the later step) and that step's description.
 */
export function historyEntries(order: Pick<Order, 'statusHistory' | 'status'>): HistoryEntry[] {
  const steps = [...order.statusHistory].map((step, at) => ({ step, at }));
  steps.sort((a, b) => time(a.step.date) - time(b.step.date) || a.at - b.at);
  const byGroup = new Map<string, HistoryEntry>();
  for (const { step } of steps) {
    const group = groupOf(step);
    if (!group) continue;
    const description = step.description || groupStyle(group).description;
    const earlier = byGroup.get(group);
    // A Map keeps the first insertion's place, so a group keeps its first position while its date moves on.
    byGroup.set(group, { group, date: step.date ?? earlier?.date ?? null, description });
  }
  const current = groupOf(order.status);
  if (current && !byGroup.has(current)) {
    byGroup.set(current, { group: current, date: order.status?.date ?? null, description: groupStyle(current).description });
  }
  return [...byGroup.values()];
}

/** Ordering §3 "Carriers: UPS 1, USPS 2, FedEx 3". */
export const Carrier = { UPS: 1, USPS: 2, FedEx: 3 } as const;
export type Carrier = (typeof Carrier)[keyof typeof Carrier];

const CARRIERS: Readonly<Record<Carrier, { name: string; trackingUrl: (number: string) => string }>> = {
  [Carrier.UPS]: { name: 'UPS', trackingUrl: (n) => `https://www.ups.com/track?tracknum=${n}` },
  [Carrier.USPS]: { name: 'USPS', trackingUrl: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  [Carrier.FedEx]: { name: 'FedEx', trackingUrl: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
};

function isCarrier(provider: number): provider is Carrier {
  return provider in CARRIERS;
}

export interface Tracking {
  readonly carrier: string;
  readonly url: string;
}

/** Ordering §3 "deliveries (last one used)": the carrier and its public tracking page, or null without both. */
export function trackingOf(order: Pick<Order, 'deliveries'>): Tracking | null {
  const last = order.deliveries.at(-1);
  const number = last?.trackingNumber?.trim();
  if (!last || !number || last.provider === null || !isCarrier(last.provider)) return null;
  const carrier = CARRIERS[last.provider];
  return { carrier: carrier.name, url: carrier.trackingUrl(encodeURIComponent(number)) };
}

/** Ordering §3: the status panel's total is total − discount + shippingPrice (shown with two decimals). */
export function panelTotal(order: Pick<Order, 'total' | 'discount' | 'shippingPrice'>): number {
  return order.total - order.discount + order.shippingPrice;
}
