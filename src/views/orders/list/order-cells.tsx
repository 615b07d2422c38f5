import { MoreOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link } from 'wouter';
import { orderDetailPath } from '../../../model/shell/navigation';
import type { Order } from '../../../model/orders/order';
import { formatOrderDate, groupOf, groupStyle } from '../../../model/orders/order-history';
import { fulfilmentLabel, numberIsLink, rowActions, shippingLabel, type ListColumn } from '../../../model/orders/order-list-rules';
import { OrderListText } from '../../../model/orders/order-list-texts';
import { productName } from '../../../model/orders/order-detail-facts';
import type { OrdersListState } from '../../../model/orders/order-detail';
import { Badge, TableClass } from '../../parts/table-styles';
import { useMenuButton } from '../../shell/menu-button';

export interface CellActions {
  unitType: number;
  /** Handed to the order page, so that its "Back to Orders" keeps the list's filters. */
  detailState: OrdersListState;
  /** Delete is offered only while no other order is being asked about. */
  canDelete: boolean;
  onView: (order: Order) => void;
  onDelete: (order: Order) => void;
  onHistory: (order: Order) => void;
}

/** One cell of a row, by column (ordering §2). */
export function OrderCell({ column, order, actions }: { column: ListColumn; order: Order; actions: CellActions }) {
  switch (column) {
    case 'orderDate':
      return <>{formatOrderDate(order.orderDate)}</>;
    case 'number':
      return numberIsLink(actions.unitType) ? (
        <Link href={orderDetailPath(order.number)} state={actions.detailState}>
          {order.number}
        </Link>
      ) : (
        <>{order.number}</>
      );
    case 'customer':
      return <>{order.customer}</>;
    case 'products':
      return <ProductNames order={order} />;
    case 'status':
      return <StatusButton order={order} onOpen={actions.onHistory} />;
    case 'shippingType':
      return <>{shippingLabel(order.shippingType)}</>;
    case 'fulfillment':
      return <>{fulfilmentLabel(order.shippingType)}</>;
    case 'actions':
      return <RowMenu order={order} actions={actions} />;
  }
}

function ProductNames({ order }: { order: Order }) {
  const names = order.items.map((item) => productName(item.product)).join(', ');
  // Two lines fit the 64 px row; the full list stays readable as the cell's title.
  return (
    <span title={names} className={TableClass.twoLines}>
      {names}
    </span>
  );
}

function StatusButton({ order, onOpen }: { order: Order; onOpen: (order: Order) => void }) {
  const group = groupOf(order.status);
  if (!group) return null;
  return (
    <button
      type="button"
      className={TableClass.button}
      aria-label={OrderListText.statusButton(group, order.number)}
      aria-haspopup="dialog"
      onClick={() => onOpen(order)}
    >
      <Badge color={groupStyle(group).color}>{group}</Badge>
    </button>
  );
}

/**
 * Most rows are only scrolled past, so the row's dropdown is built on first use: until then the row has a plain
 * menu button, which keeps fast scrolling light. Enter, Space or a click (and ArrowDown) open the menu at once.
 */
function RowMenu({ order, actions }: { order: Order; actions: CellActions }) {
  const [armed, setArmed] = useState(false);
  if (armed) return <RowDropdown order={order} actions={actions} />;
  return (
    <button
      type="button"
      aria-label={OrderListText.rowActions(order.number)}
      aria-haspopup="menu"
      aria-expanded={false}
      className={TableClass.menuButton}
      onClick={() => setArmed(true)}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        setArmed(true);
      }}
    >
      <MoreOutlined aria-hidden />
    </button>
  );
}

function RowDropdown({ order, actions }: { order: Order; actions: CellActions }) {
  const menuButton = useMenuButton(true);
  const offered = rowActions(actions.unitType, order);
  const items: MenuProps['items'] = offered.map((action) =>
    action === 'view'
      ? { key: 'view', label: OrderListText.view }
      : { key: 'delete', label: OrderListText.delete, danger: true, disabled: !actions.canDelete },
  );
  const choose: MenuProps['onClick'] = ({ key }) => {
    if (key === 'view') actions.onView(order);
    if (key === 'delete') actions.onDelete(order);
  };
  // A native element as the dropdown's child, so that it takes the dropdown's ref and handlers directly.
  return (
    <Dropdown
      trigger={['click']}
      {...menuButton.dropdown}
      menu={{ ...menuButton.menu, 'aria-label': OrderListText.rowActions(order.number), items, onClick: choose }}
    >
      <button {...menuButton.button} type="button" aria-label={OrderListText.rowActions(order.number)} className={TableClass.menuButton}>
        <MoreOutlined aria-hidden />
      </button>
    </Dropdown>
  );
}
