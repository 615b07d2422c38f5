import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Spin, theme } from 'antd';
import { memo, useCallback, useEffect, useRef, type CSSProperties } from 'react';
import { VIRTUAL_TABLE, type ListSort } from '../../../model/lists/paging';
import type { Order } from '../../../model/orders/order';
import type { OrderColumn } from '../../../model/orders/order-list';
import { isSortable, type ListColumn } from '../../../model/orders/order-list-rules';
import { OrderColumnText, OrderListText } from '../../../model/orders/order-list-texts';
import { OrderCell, type CellActions } from './order-cells';

const HEADER_HEIGHT = 48;

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

interface OrdersTableProps {
  columns: readonly ListColumn[];
  orders: readonly Order[];
  sort: ListSort<OrderColumn>;
  onSort: (column: OrderColumn) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  actions: CellActions;
}

/**
 * The orders as a virtual table (ordering §2, §9): 64 px rows in a 600 px scroll area, five rows of overscan,
 * the next page asked for within 200 px of the bottom. ARIA table roles on a CSS grid, because only the rows
 * near the viewport exist; the header stays in view and its sort buttons say the sort with aria-sort.
 */
export function OrdersTable({ columns, orders, sort, onSort, hasMore, loadingMore, onLoadMore, actions }: OrdersTableProps) {
  const { token } = theme.useToken();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: orders.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => VIRTUAL_TABLE.rowHeightPx,
    overscan: VIRTUAL_TABLE.overscan,
    scrollMargin: HEADER_HEIGHT,
    // React 19 batches the scroll's re-render itself; a synchronous flush on every scroll event costs frames.
    useFlushSync: false,
  });
  const gridTemplate = columns.map((column) => WIDTHS[column]).join(' ');
  const grid: CSSProperties = { display: 'grid', gridTemplateColumns: gridTemplate, alignItems: 'center' };

  const loadMoreIfNear = useCallback(() => {
    const element = scroller.current;
    if (!element || !hasMore || loadingMore) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight <= VIRTUAL_TABLE.loadMoreWithinPx) onLoadMore();
  }, [hasMore, loadingMore, onLoadMore]);
  // A page that does not fill the area cannot be scrolled to its end: ask again once it has rendered.
  useEffect(loadMoreIfNear, [loadMoreIfNear, orders.length]);

  return (
    <div
      ref={scroller}
      role="region"
      aria-label={OrderListText.scrollLabel}
      tabIndex={0}
      onScroll={loadMoreIfNear}
      style={{
        height: VIRTUAL_TABLE.viewportPx,
        overflow: 'auto',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer,
      }}
    >
      <div
        role="table"
        aria-label={OrderListText.tableLabel}
        aria-rowcount={hasMore ? -1 : orders.length + 1}
        style={{ minWidth: 'fit-content' }}
      >
        <div role="rowgroup" style={{ position: 'sticky', top: 0, zIndex: 1, background: token.colorFillAlter }}>
          <div
            role="row"
            aria-rowindex={1}
            style={{ ...grid, height: HEADER_HEIGHT, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
          >
            {columns.map((column) => (
              <div
                key={column}
                role="columnheader"
                aria-sort={sort.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                style={{ ...CELL, fontWeight: token.fontWeightStrong }}
              >
                {isSortable(column) ? (
                  <Button type="text" size="small" style={{ fontWeight: 'inherit', paddingInline: 4 }} onClick={() => onSort(column)}>
                    {OrderColumnText[column]}
                    {sort.column === column ? (
                      sort.direction === 'asc' ? (
                        <CaretUpOutlined aria-hidden />
                      ) : (
                        <CaretDownOutlined aria-hidden />
                      )
                    ) : null}
                  </Button>
                ) : (
                  OrderColumnText[column]
                )}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const order = orders[item.index];
            return order ? (
              <OrderRow
                key={order.uid}
                order={order}
                index={item.index}
                offset={item.start - HEADER_HEIGHT}
                columns={columns}
                gridTemplate={gridTemplate}
                borderColor={token.colorBorderSecondary}
                actions={actions}
              />
            ) : null;
          })}
        </div>
      </div>
      {loadingMore ? (
        <div style={{ display: 'flex', justifyContent: 'center', padding: 12 }}>
          <Spin size="small" aria-label={OrderListText.loadingMore} />
        </div>
      ) : null}
    </div>
  );
}

interface OrderRowProps {
  order: Order;
  index: number;
  /** Pixels from the top of the rows. */
  offset: number;
  columns: readonly ListColumn[];
  gridTemplate: string;
  borderColor: string;
  actions: CellActions;
}

const CELL: CSSProperties = { paddingInline: 12, overflow: 'hidden', minWidth: 0 };

/**
 * One row, rendered again only when its own props change: while the list scrolls, the rows already on screen
 * keep their place through `offset` and skip rendering, and only the rows coming into view are built.
 */
const OrderRow = memo(function OrderRow({ order, index, offset, columns, gridTemplate, borderColor, actions }: OrderRowProps) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      style={{
        display: 'grid',
        gridTemplateColumns: gridTemplate,
        alignItems: 'center',
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        height: VIRTUAL_TABLE.rowHeightPx,
        transform: `translateY(${offset}px)`,
        borderBottom: `1px solid ${borderColor}`,
      }}
    >
      {columns.map((column) => (
        <div key={column} role="cell" style={CELL}>
          <OrderCell column={column} order={order} actions={actions} />
        </div>
      ))}
    </div>
  );
});
