import { FulfilmentType, OrderingExperience, UnitType } from '../enums';
import { Paths } from '../shell/navigation';
import { fulfilmentOf } from '../practice/practice';
import { effectiveUnitType } from '../auth/roles';
import { canCancelOrder } from './order-cancel';
import { groupOf } from './order-history';
import { OrderStatusGroup, type Order } from './order';
import { OrderColumn } from './order-list';
import { OrderColumnText, OrderListText } from './order-list-texts';

/** Ordering §2 and §6: which columns, row actions and header button each unit type gets on the orders list. */

/** A column of the list: one the server sorts and filters by, or the row's actions. */
export type ListColumn = OrderColumn | 'actions';

export interface ColumnOptions {
  /** Ordering §2 "fulfilment (if enabled)": the physical-fulfilment check of §6 enables it. */
  readonly fulfilmentEnabled: boolean;
}

/**
 * Ordering §2 "Columns by unit type": CPS the order number and date only; IRC number, date, fulfilment (if
 * enabled), status and actions; every other unit (Unknown counts as HCP) date, number, products, status,
 * shipping and actions.
 */
/**
 * §6's physical-fulfilment check: the fulfilment column (IRC) shows for a practice that has stored how it fulfils
 * and ships kits by the checkout's rule (fulfilmentOf); one that stores nothing has not enabled the feature.
 */
export function fulfilmentEnabled(practice: { fulfilmentType: number | null } | null | undefined): boolean {
  return practice?.fulfilmentType != null && fulfilmentOf(practice) === FulfilmentType.Physical;
}

export function orderListColumns(unitType: number, options: ColumnOptions): readonly ListColumn[] {
  switch (effectiveUnitType(unitType)) {
    case UnitType.CPS:
      return [OrderColumn.number, OrderColumn.orderDate];
    case UnitType.IRC:
      return [
        OrderColumn.number,
        OrderColumn.orderDate,
        ...(options.fulfilmentEnabled ? [OrderColumn.fulfillment] : []),
        OrderColumn.status,
        'actions',
      ];
    default:
      return [OrderColumn.orderDate, OrderColumn.number, OrderColumn.products, OrderColumn.status, OrderColumn.shippingType, 'actions'];
  }
}

/** The number links to the detail page where the list shows it "as a link" (the others), not for CPS and IRC. */
export function numberIsLink(unitType: number): boolean {
  const unit = effectiveUnitType(unitType);
  return unit !== UnitType.CPS && unit !== UnitType.IRC;
}

/** Columns the server sorts by (ordering §7); products are a list and actions are no data. */
export function isSortable(column: ListColumn): column is OrderColumn {
  return column !== 'actions' && column !== OrderColumn.products;
}

/** Columns a filter may name: what the server filters by (the list's own columns and the customer). */
export const FILTER_COLUMNS: readonly OrderColumn[] = [
  OrderColumn.number,
  OrderColumn.orderDate,
  OrderColumn.customer,
  OrderColumn.products,
  OrderColumn.status,
  OrderColumn.shippingType,
  OrderColumn.fulfillment,
];

export type RowAction = 'view' | 'delete';

/** The groups after which an order can no longer be deleted (ordering §2); a service may name Delivered apart. */
const SHIPPED_OR_LATER: readonly string[] = [OrderStatusGroup.Shipped, 'Delivered', OrderStatusGroup.Completed];

/**
 * Ordering §2 "Row menu": View and Delete for most units; a Draft order of CPS or IRC, Delete only; Delete
 * only while the status group is not Shipped, Delivered or Completed. An order already canceled is not
 * offered Delete either: §2 says when Delete may be offered, not that it must be, and the server refuses it.
 */
export function rowActions(unitType: number, order: Pick<Order, 'status'>): readonly RowAction[] {
  const group = groupOf(order.status);
  const unit = effectiveUnitType(unitType);
  const canDelete = !group || (!SHIPPED_OR_LATER.includes(group) && canCancelOrder(group));
  if ((unit === UnitType.CPS || unit === UnitType.IRC) && group === OrderStatusGroup.Draft) return ['delete'];
  return canDelete ? ['view', 'delete'] : ['view'];
}

/** Ordering §3 "shippingType None means Digital". */
export function shippingLabel(shippingType: string | null): string {
  if (!shippingType) return '';
  return shippingType === 'None' ? OrderListText.digital : shippingType;
}

/** Ordering §3: the derived fulfilment kind, Digital when shippingType is None, Physical otherwise. */
export function fulfilmentLabel(shippingType: string | null): string {
  if (!shippingType) return '';
  return shippingType === 'None' ? OrderListText.digital : OrderListText.physical;
}

/** Ordering §2: the header button by the unit's order mode. */
export function headerAction(experience: OrderingExperience): { label: string; path: string } {
  return experience === OrderingExperience.ManifestUpload
    ? { label: OrderListText.manifestUpload, path: Paths.bulkOrder }
    : { label: OrderListText.createOrder, path: Paths.newOrder };
}

/** The filter's column picker: the columns whose name contains the searched text, case aside. */
export function matchingColumns(search: string): readonly OrderColumn[] {
  const text = search.trim().toLowerCase();
  return FILTER_COLUMNS.filter((column) => OrderColumnText[column].toLowerCase().includes(text));
}
