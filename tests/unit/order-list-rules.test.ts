import { describe, expect, it } from 'vitest';
import { OrderingExperience, UnitType } from '../../src/model/enums';
import {
  fulfilmentEnabled,
  fulfilmentLabel,
  headerAction,
  isSortable,
  matchingColumns,
  numberIsLink,
  orderListColumns,
  rowActions,
  shippingLabel,
} from '../../src/model/orders/order-list-rules';
import { nextSort } from '../../src/model/lists/paging';

const inGroup = (group: string | null, status: number | null = null) => ({ status: { group, status, date: null } });

describe('the orders list by unit type (ordering §2, §6)', () => {
  it('CPS sees the order number and date only', () => {
    expect(orderListColumns(UnitType.CPS, { fulfilmentEnabled: true })).toEqual(['number', 'orderDate']);
  });

  it('IRC sees number, date, fulfilment when enabled, status and actions', () => {
    expect(orderListColumns(UnitType.IRC, { fulfilmentEnabled: true })).toEqual([
      'number',
      'orderDate',
      'fulfillment',
      'status',
      'actions',
    ]);
    expect(orderListColumns(UnitType.IRC, { fulfilmentEnabled: false })).toEqual(['number', 'orderDate', 'status', 'actions']);
  });

  it('every other unit, Unknown as HCP, sees date, number as a link, products, status, shipping and actions', () => {
    const others = ['orderDate', 'number', 'products', 'status', 'shippingType', 'actions'];
    for (const unit of [UnitType.HCP, UnitType.Unknown, UnitType.DTC]) {
      expect(orderListColumns(unit, { fulfilmentEnabled: false })).toEqual(others);
      expect(numberIsLink(unit)).toBe(true);
    }
    expect(numberIsLink(UnitType.CPS)).toBe(false);
    expect(numberIsLink(UnitType.IRC)).toBe(false);
  });

  it('sorts by every data column except the products list', () => {
    expect(isSortable('number')).toBe(true);
    expect(isSortable('products')).toBe(false);
    expect(isSortable('actions')).toBe(false);
  });

  it('a header sorts ascending first, then turns around; another header starts ascending again', () => {
    const first = nextSort({ column: 'orderDate', direction: 'desc' }, 'number');
    expect(first).toEqual({ column: 'number', direction: 'asc' });
    expect(nextSort(first, 'number')).toEqual({ column: 'number', direction: 'desc' });
    expect(nextSort({ column: 'orderDate', direction: 'desc' }, 'orderDate')).toEqual({ column: 'orderDate', direction: 'asc' });
  });

  it('finds filter columns by part of their name, case aside', () => {
    expect(matchingColumns('STAT')).toEqual(['status']);
    expect(matchingColumns('order')).toEqual(['number', 'orderDate']);
    expect(matchingColumns('')).toHaveLength(7);
    expect(matchingColumns('zzz')).toEqual([]);
  });
});

describe('the row menu (ordering §2)', () => {
  it('offers View and Delete while the order has not shipped', () => {
    for (const group of ['Draft', 'Received', 'Pending Payment'])
      expect(rowActions(UnitType.HCP, inGroup(group))).toEqual(['view', 'delete']);
  });

  it('offers no Delete for an order already canceled (the server refuses it)', () => {
    expect(rowActions(UnitType.HCP, inGroup('Canceled'))).toEqual(['view']);
  });

  it('offers no Delete once Shipped, Delivered or Completed', () => {
    for (const group of ['Shipped', 'Delivered', 'Completed']) expect(rowActions(UnitType.HCP, inGroup(group))).toEqual(['view']);
    // By code alone: Delivered (7) is in the Completed group.
    expect(rowActions(UnitType.HCP, inGroup(null, 7))).toEqual(['view']);
  });

  it('offers Delete only for a Draft order of CPS or IRC', () => {
    expect(rowActions(UnitType.CPS, inGroup('Draft'))).toEqual(['delete']);
    expect(rowActions(UnitType.IRC, inGroup(null, 0))).toEqual(['delete']);
    expect(rowActions(UnitType.HCP, inGroup('Draft'))).toEqual(['view', 'delete']);
    expect(rowActions(UnitType.IRC, inGroup('Received'))).toEqual(['view', 'delete']);
  });
});

describe('the list’s cells and header button (ordering §2, §3)', () => {
  it('shows shippingType None as Digital; fulfilment is Digital for None, Physical otherwise', () => {
    expect(shippingLabel('None')).toBe('Digital');
    expect(shippingLabel('Ground')).toBe('Ground');
    expect(shippingLabel(null)).toBe('');
    expect(fulfilmentLabel('None')).toBe('Digital');
    expect(fulfilmentLabel('Ground')).toBe('Physical');
  });

  it('the header button follows the order mode: Create Order → /orders/new, Sample Manifest Registration → /orders/bulk', () => {
    expect(headerAction(OrderingExperience.Checkout)).toEqual({ label: 'Create Order', path: '/orders/new' });
    expect(headerAction(OrderingExperience.ManifestUpload)).toEqual({ label: 'Sample Manifest Registration', path: '/orders/bulk' });
  });
});

describe('the physical-fulfilment check (ordering §6)', () => {
  it('enables the fulfilment column only for a practice that ships kits', () => {
    expect(fulfilmentEnabled({ fulfilmentType: 1 })).toBe(true);
    expect(fulfilmentEnabled({ fulfilmentType: 0 })).toBe(false);
    expect(fulfilmentEnabled({ fulfilmentType: null })).toBe(false);
    expect(fulfilmentEnabled(undefined)).toBe(false);
  });

  it('counts a stored type the documents do not define as shipping kits, as the checkout and the server do', () => {
    expect(fulfilmentEnabled({ fulfilmentType: 7 })).toBe(true);
  });
});
