import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { orderDetailBadges } from '../../../model/orders/order-detail';
import { formatOrderDate, groupOf, groupStyle } from '../../../model/orders/order-history';
import { fulfilmentLabel } from '../../../model/orders/order-list-rules';
import { OrderDetailText } from '../../../model/orders/order-detail-texts';
import type { Order } from '../../../model/orders/order';
import { PageTitle } from '../../shell/page';
import { StatusHistoryPanel } from '../status-history/status-history-panel';
import { practiceQuery } from '../../../services/practice/queries';
import '../orders.css';

/**
 * The title "Order # {number}", the order date, and the badges the unit sees (model: orderDetailBadges). The
 * status badge is a button that opens the status history panel; the panel gives focus back to it on close.
 */
export function OrderHeader({ order }: { order: Order }) {
  const practice = useQuery(practiceQuery());
  const badges = orderDetailBadges(practice.data);
  const [historyOpen, setHistoryOpen] = useState(false);
  const date = formatOrderDate(order.orderDate);
  const kind = fulfilmentLabel(order.shippingType);
  const group = groupOf(order.status);

  return (
    <PageTitle title={OrderDetailText.title(order.number)}>
      <Flex wrap align="center" gap={12} className="orders-header-badges">
        {date && (
          <Typography.Text type="secondary">
            {OrderDetailText.orderDate}: <time dateTime={order.orderDate ?? undefined}>{date}</time>
          </Typography.Text>
        )}
        {badges.shipping && kind && <Tag className="orders-tag">{kind}</Tag>}
        {badges.status && group && (
          <Button
            type="text"
            size="small"
            className="orders-bare-button"
            aria-haspopup="dialog"
            aria-label={OrderDetailText.statusBadge(group)}
            onClick={() => setHistoryOpen(true)}
          >
            {/* The group's colour is the tag's; its words keep the text colour, as antd's tinted text is below 4.5:1. */}
            <Tag color={groupStyle(group).color} className="orders-tag orders-tag-words">
              {group}
            </Tag>
          </Button>
        )}
      </Flex>
      {badges.status && <StatusHistoryPanel order={order} open={historyOpen} onClose={() => setHistoryOpen(false)} />}
    </PageTitle>
  );
}
