import { Drawer, Flex, Tag, Typography, theme } from 'antd';
import { memo } from 'react';
import { dollars } from '../../../model/orders/pricing';
import type { Order } from '../../../model/orders/order';
import { formatOrderDate, groupStyle, historyEntries, panelTotal, trackingOf } from '../../../model/orders/order-history';
import { OrderStatusGroup } from '../../../model/orders/order';
import { StatusHistoryText } from '../../../model/orders/order-list-texts';

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
  const { token } = theme.useToken();
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
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px' }}>
            <dt style={{ color: token.colorTextSecondary }}>{StatusHistoryText.orderNumber}</dt>
            <dd style={{ margin: 0, fontWeight: token.fontWeightStrong }}>{order.number}</dd>
            <dt style={{ color: token.colorTextSecondary }}>{StatusHistoryText.customer}</dt>
            <dd style={{ margin: 0 }}>{order.customer}</dd>
          </dl>
          <section aria-label={StatusHistoryText.history}>
            <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
              {historyEntries(order).map((entry) => (
                <li key={entry.group} style={{ borderLeft: `2px solid ${token.colorBorder}`, paddingLeft: 12 }}>
                  <Flex vertical gap={2}>
                    <span>
                      <Tag color={groupStyle(entry.group).color} style={{ color: token.colorText }}>
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
          <Flex justify="space-between" style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: 12 }}>
            <Typography.Text strong>{StatusHistoryText.total}</Typography.Text>
            <Typography.Text strong>{dollars(panelTotal(order))}</Typography.Text>
          </Flex>
        </Flex>
      ) : null}
    </Drawer>
  );
});
