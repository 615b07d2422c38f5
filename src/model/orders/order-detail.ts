import { OrderColumn } from './order-list';
import { fulfilmentEnabled, orderListColumns } from './order-list-rules';

/**
 * Ordering §2 "Order detail": the shipping badge (Digital or Physical) and the order-status badge show
 * "each only for some units", which the document does not name. The detail follows the orders list of the
 * same unit: the status badge where the list has a status column, the shipping badge where it has a
 * shipping or fulfilment column. So CPS (number and date only) sees neither; IRC sees the status, and the
 * fulfilment kind when its practice fulfils physically (§6's physical-fulfilment check); every other unit
 * sees both.
 */
export interface OrderDetailBadges {
  readonly shipping: boolean;
  readonly status: boolean;
}

/** Until the practice (and so its unit type) is known, no badge shows rather than the wrong one. */
export function orderDetailBadges(practice: { unitType: number; fulfilmentType: number | null } | null | undefined): OrderDetailBadges {
  if (!practice) return { shipping: false, status: false };
  const columns = orderListColumns(practice.unitType, { fulfilmentEnabled: fulfilmentEnabled(practice) });
  return {
    status: columns.includes(OrderColumn.status),
    shipping: columns.includes(OrderColumn.shippingType) || columns.includes(OrderColumn.fulfillment),
  };
}

/** The order number of /orders/{orderNumber}: orderDetailPath encodes it, the router hands it over still encoded. */
export function orderNumberFromPath(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A stray % that encodes nothing is the number as typed.
    return segment;
  }
}

/**
 * What the orders list hands the order page in the history entry (issue 40): its address's query, so that "Back to
 * Orders" returns to the list as it was filtered and sorted.
 */
export interface OrdersListState {
  readonly ordersSearch: string;
}

export function ordersListState(search: string): OrdersListState {
  return { ordersSearch: search };
}

/** The list's address the page links back to: the one it came from, else the bare list. */
export function backToOrdersPath(state: unknown, ordersPath: string): string {
  if (typeof state !== 'object' || state === null || !('ordersSearch' in state)) return ordersPath;
  const search = state.ordersSearch;
  return typeof search === 'string' && search.startsWith('?') ? `${ordersPath}${search}` : ordersPath;
}
