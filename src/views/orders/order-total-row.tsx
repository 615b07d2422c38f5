import { Table, Typography } from 'antd';
import { orderItemsTotal, type Order } from '../../model/orders/order';
import { dollars } from '../../model/orders/pricing';

/** The items table's last row: its label across the columns and the order total (ordering §3: the sum of the items' totals). */
export function orderTotalSummary(order: Order, label: string, columnCount: number) {
  return function OrderTotalRow() {
    return (
      <Table.Summary.Row>
        <Table.Summary.Cell index={0} colSpan={columnCount - 1}>
          <Typography.Text strong>{label}</Typography.Text>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={1} align="right">
          <Typography.Text strong>{dollars(orderItemsTotal(order))}</Typography.Text>
        </Table.Summary.Cell>
      </Table.Summary.Row>
    );
  };
}
