import { ListFilterText } from '../lists/list-filter-texts';

/**
 * Ordering §2, §4 and §8: every text of the orders list, its filters, the delete question and the status
 * history panel. Quoted texts are exactly as the specification writes them; the rest name the part.
 */

export const OrderListText = {
  title: 'Orders',
  subtitle: 'Manage and review all customer orders',
  createOrder: 'Create Order',
  manifestUpload: 'Sample Manifest Registration',
  /** Ordering §8 lists it with a full stop ("Error loading orders.;"), §2 in a sentence; the list's shows it as a title. */
  loadError: 'Error loading orders',
  loadMoreFailed: 'Failed to load orders',
  empty: 'No orders found',
  emptyFiltered: 'No orders match the filters',
  tableLabel: 'Orders',
  scrollLabel: 'Orders list, scroll to load more',
  loadingMore: 'Loading more orders...',
  rowActions: (number: string) => `Actions for order ${number}`,
  view: 'View',
  delete: 'Delete',
  statusButton: (group: string, number: string) => `${group}: status history of order ${number}`,
  sortBy: (column: string) => `Sort by ${column}`,
  digital: 'Digital',
  physical: 'Physical',
} as const;

export const OrderColumnText = {
  number: 'Order Number',
  orderDate: 'Order Date',
  customer: 'Customer',
  products: 'Products',
  status: 'Status',
  shippingType: 'Shipping',
  fulfillment: 'Fulfillment',
  actions: 'Actions',
} as const;

export const OrderFilterText = ListFilterText;

export const DeleteOrderText = {
  title: 'Delete Order',
  question: 'Are you sure you want to delete this order? This action cannot be undone.',
  cancel: 'Cancel',
  confirm: 'Delete',
  canceled: 'Order canceled successfully',
  failed: 'Failed to cancel orders',
} as const;

export const StatusHistoryText = {
  title: 'Order Status History',
  orderNumber: 'Order Number',
  customer: 'Customer',
  history: 'Status history',
  via: (carrier: string) => `Via ${carrier}`,
  total: 'Total',
  close: 'Close',
} as const;
