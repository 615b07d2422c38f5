import { memo, useMemo } from 'react';
import type { Order } from '../../../model/orders/order';
import type { OrderColumn } from '../../../model/orders/order-list';
import { isSortable, type ListColumn } from '../../../model/orders/order-list-rules';
import { OrderColumnText, OrderListText } from '../../../model/orders/order-list-texts';
import { VirtualTable, type ListTableProps, type VirtualColumn, type VirtualTableTexts } from '../../parts/virtual-table';
import { OrderCell, type CellActions } from './order-cells';

const WIDTHS: Readonly<Record<ListColumn, string>> = {
  orderDate: 'minmax(170px, 1fr)',
  number: 'minmax(130px, 1fr)',
  customer: 'minmax(160px, 1.5fr)',
  products: 'minmax(200px, 2.5fr)',
  status: 'minmax(150px, 1fr)',
  shippingType: 'minmax(100px, 0.8fr)',
  fulfillment: 'minmax(100px, 0.8fr)',
  actions: '72px',
};

const TEXTS: VirtualTableTexts = {
  table: OrderListText.tableLabel,
  scroll: OrderListText.scrollLabel,
  loadingMore: OrderListText.loadingMore,
};

const orderKey = (order: Order) => order.uid;

interface OrdersTableProps extends ListTableProps<OrderColumn, CellActions> {
  columns: readonly ListColumn[];
  orders: readonly Order[];
}

/**
 * The orders as the big table (ordering §2, §9): the unit's columns, each cell by column. Rendered again only when
 * its rows, columns, sort or actions change, not on each step of the filter builder above it.
 */
export const OrdersTable = memo(function OrdersTable({ columns, orders, sort, onSort, more, actions }: OrdersTableProps) {
  // Stable while the columns and actions are, so that the rows on screen need not render again as the list scrolls.
  const tableColumns = useMemo(
    () =>
      columns.map((column): VirtualColumn<Order, ListColumn> => ({
        key: column,
        label: OrderColumnText[column],
        width: WIDTHS[column],
        sortable: isSortable(column),
        cell: (order) => <OrderCell column={column} order={order} actions={actions} />,
      })),
    [columns, actions],
  );
  return (
    <VirtualTable
      columns={tableColumns}
      rows={orders}
      rowKey={orderKey}
      sort={sort}
      onSort={(column) => {
        if (isSortable(column)) onSort(column);
      }}
      {...more}
      texts={TEXTS}
    />
  );
});
