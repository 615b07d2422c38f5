import { Drawer, Flex, Tag, Typography } from 'antd';
import { memo } from 'react';
import { dollars } from '../../../model/orders/pricing';
import type { Order } from '../../../model/orders/order';
import { formatOrderDate, groupStyle, historyEntries, panelTotal, trackingOf } from '../../../model/orders/order-history';
import { OrderStatusGroup } from '../../../model/orders/order';
import { StatusHistoryText } from '../../../model/orders/order-list-texts';
import '../orders.css';

interface StatusHistoryPanelProps {
  order: Order | null;
  open: boolean;
  onClose: () => void;
}

/**
 * Ordering §4 "Status history panel": fixed at the right, the order number, customer, each distinct status
 * group with its date and description, the carrier's tracking link on Shipped, and the total. antd's Drawer
 * closes on Escape and on its close button and gives focus back to the element that opened it.
 */
export const StatusHistoryPanel = memo(function StatusHistoryPanel({ order, open, onClose }: StatusHistoryPanelProps) {
  const tracking = order ? trackingOf(order) : null;
  return (
    <Drawer
      placement="right"
      open={open && order !== null}
      onClose={onClose}
      title={StatusHistoryText.title}
      closable={{ 'aria-label': StatusHistoryText.close }}
      focusable={{ trap: true, focusTriggerAfterClose: true }}
      size={420}
    >
      {order ? (
        <Flex vertical gap={20}>
          <dl className="orders-history-facts">
            <dt>{StatusHistoryText.orderNumber}</dt>
            <dd className="orders-strong">{order.number}</dd>
            <dt>{StatusHistoryText.customer}</dt>
            <dd>{order.customer}</dd>
          </dl>
          <section aria-label={StatusHistoryText.history}>
            <ol className="orders-history">
              {historyEntries(order).map((entry) => (
                <li key={entry.group}>
                  <Flex vertical gap={2}>
                    <span>
                      <Tag color={groupStyle(entry.group).color} className="orders-tag-words">
                        {entry.group}
                      </Tag>
                    </span>
                    <Typography.Text type="secondary">{formatOrderDate(entry.date)}</Typography.Text>
                    <Typography.Text>{entry.description}</Typography.Text>
                    {entry.group === OrderStatusGroup.Shipped && tracking ? (
                      <Typography.Link href={tracking.url} target="_blank" rel="noopener noreferrer">
                        {StatusHistoryText.via(tracking.carrier)}
                      </Typography.Link>
                    ) : null}
                  </Flex>
                </li>
              ))}
            </ol>
          </section>
          <Flex justify="space-between" className="orders-history-total">
            <Typography.Text strong>{StatusHistoryText.total}</Typography.Text>
            <Typography.Text strong>{dollars(panelTotal(order))}</Typography.Text>
          </Flex>
        </Flex>
      ) : null}
    </Drawer>
  );
});
