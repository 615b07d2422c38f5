import { Typography } from 'antd';
import { orderItemsTotal, type Order } from '../../model/orders/order';
import { dollars } from '../../model/orders/pricing';
import './orders.css';

/** The items table's last row: its label across the columns and the order total (ordering §3: the sum of the items' totals). */
export function OrderTotalRow({ order, label, columnCount }: { order: Order; label: string; columnCount: number }) {
  return (
    <tr>
      <td colSpan={columnCount - 1}>
        <Typography.Text strong>{label}</Typography.Text>
      </td>
      <td className="orders-total-amount">
        <Typography.Text strong>{dollars(orderItemsTotal(order))}</Typography.Text>
      </td>
    </tr>
  );
}
