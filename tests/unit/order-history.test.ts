import { describe, expect, it } from 'vitest';
import {
  formatOrderDate,
  groupOf,
  groupStyle,
  historyEntries,
  OrderHistoryText,
  panelTotal,
  STATUS_GROUP_STYLE,
  trackingOf,
} from '../../src/model/orders/order-history';
import { OrderStatusGroup } from '../../src/model/orders/order';

const step = (group: string | null, status: number | null, date: string | null, description: string | null = null) => ({
  group,
  status,
  date,
  description,
});

describe('the status history panel (ordering §3, §4)', () => {
  it('formats dates as MMM D, YYYY h:mm A and shows nothing for a missing or unreadable date', () => {
    expect(formatOrderDate('2026-03-04T15:07:00')).toBe('Mar 4, 2026 3:07 PM');
    expect(formatOrderDate('2026-11-20T09:30:00')).toBe('Nov 20, 2026 9:30 AM');
    expect(formatOrderDate(null)).toBe('');
    expect(formatOrderDate('not a date')).toBe('');
  });

  it('each of the six groups has its own colour and a description', () => {
    const styles = Object.values(OrderStatusGroup).map((group) => STATUS_GROUP_STYLE[group]);
    expect(new Set(styles.map((style) => style.color)).size).toBe(6);
    expect(styles.every((style) => style.description.length > 0)).toBe(true);
    expect(groupStyle('Something new')).toEqual({ color: 'default', description: '' });
  });

  it('reads the group by name, else by the status code, else none', () => {
    expect(groupOf(step('Shipped', 4, null))).toBe('Shipped');
    expect(groupOf(step(null, 7, null))).toBe('Completed');
    expect(groupOf(step(null, 99, null))).toBeNull();
    expect(groupOf(null)).toBeNull();
  });

  it('shows each distinct group once, in the order first reached, with its latest date and that step’s description', () => {
    const entries = historyEntries({
      status: { status: 4, group: 'Shipped', date: '2026-03-06T10:00:00' },
      statusHistory: [
        step('Shipped', 4, '2026-03-06T10:00:00', 'Shipped by UPS'),
        step('Received', 1, '2026-03-01T08:00:00', 'Order received'),
        step('Received', 2, '2026-03-02T09:00:00', 'Kit ids generated'),
        step(null, 9, '2026-03-01T12:00:00', null),
      ],
    });
    expect(entries).toEqual([
      { group: 'Received', date: '2026-03-02T09:00:00', description: 'Kit ids generated' },
      { group: 'Pending Payment', date: '2026-03-01T12:00:00', description: 'Pending payment before further processing' },
      { group: 'Shipped', date: '2026-03-06T10:00:00', description: 'Shipped by UPS' },
    ]);
  });

  it('an order without history still shows its current group', () => {
    expect(historyEntries({ status: { status: 0, group: null, date: '2026-01-01T00:00:00' }, statusHistory: [] })).toEqual([
      { group: 'Draft', date: '2026-01-01T00:00:00', description: 'Created but not submitted' },
    ]);
  });

  it('links the last delivery to its carrier’s public tracking page: UPS 1, USPS 2, FedEx 3', () => {
    const delivery = (provider: number | null, trackingNumber: string | null) => ({ provider, trackingNumber });
    expect(trackingOf({ deliveries: [delivery(2, 'OLD'), delivery(1, '1Z999AA10123456784')] })).toEqual({
      carrier: 'UPS',
      url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect(trackingOf({ deliveries: [delivery(2, '9400 1000')] })).toEqual({
      carrier: 'USPS',
      url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000',
    });
    expect(trackingOf({ deliveries: [delivery(3, '771234567890')] })?.url).toBe('https://www.fedex.com/fedextrack/?trknbr=771234567890');
    expect(trackingOf({ deliveries: [] })).toBeNull();
    expect(trackingOf({ deliveries: [delivery(4, 'X1')] })).toBeNull();
    expect(trackingOf({ deliveries: [delivery(1, '  ')] })).toBeNull();
  });

  it('totals the panel as total − discount + shippingPrice', () => {
    expect(panelTotal({ total: 1100, discount: 40.5, shippingPrice: 12.25 })).toBe(1071.75);
  });

  it('words a card payment in dollars with thousands separators, for checkout and manifest orders alike', () => {
    expect(OrderHistoryText.paid(1234)).toBe('The card payment of $1,234.00 succeeded.');
    expect(OrderHistoryText.paid(4870)).toBe('The card payment of $4,870.00 succeeded.');
    expect(OrderHistoryText.paid(750.5)).toBe('The card payment of $750.50 succeeded.');
    expect(OrderHistoryText.received).toBe('We have received your order.');
  });
});
