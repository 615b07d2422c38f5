import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { Paths } from '../../../model/shell/navigation';
import { backToOrdersPath, orderNumberFromPath } from '../../../model/orders/order-detail';
import { OrderDetailText } from '../../../model/orders/order-detail-texts';
import { OrderingFailureText } from '../../../model/orders/texts';
import { messageOf } from '../../../services/http/api-error';
import { PageTitle } from '../../shell/page';
import { OrderHeader } from './order-header';
import { OrderItemsTable } from './order-items-table';
import { OrderFacts } from './order-facts';
import { ObjectActivity } from '../../activity/object-activity';
import { LoadingSpin } from '../../parts/loading-spin';
import { orderQuery } from '../../../services/orders/queries';
import '../orders.css';

/**
 * Ordering §2 "Order detail" (/orders/{orderNumber}): the order read by its number, with a spinner while it
 * loads, "Failed to load order" with "Error: " and the server's message when the load fails (and Try Again), and
 * "Order Not Found" for a `null` answer. Below the header: where it went, how it was paid, tracking and its kits.
 */
export function OrderDetailPage() {
  const { orderNumber: segment = '' } = useParams<{ orderNumber: string }>();
  const orderNumber = orderNumberFromPath(segment);
  const order = useQuery(orderQuery(orderNumber));

  if (order.isPending) {
    return (
      <Page>
        <Flex justify="center" className="orders-loading">
          <LoadingSpin size="large" label={OrderDetailText.loading} />
        </Flex>
      </Page>
    );
  }
  if (order.isError) {
    return (
      <Page>
        <PageTitle title={OrderDetailText.title(orderNumber)} />
        {/* Ordering §8's load failure, with "Error: " and the server's message (§2) under it. */}
        <Alert
          type="error"
          showIcon
          title={OrderingFailureText.loadOrder}
          description={OrderDetailText.error(messageOf(order.error, OrderingFailureText.unknownOrder))}
          action={
            <Button onClick={() => void order.refetch()} loading={order.isFetching}>
              {OrderDetailText.tryAgain}
            </Button>
          }
        />
      </Page>
    );
  }
  if (!order.data) {
    return (
      <Page>
        <PageTitle title={OrderDetailText.notFound} />
        <Typography.Paragraph>{OrderDetailText.notFoundText(orderNumber)}</Typography.Paragraph>
      </Page>
    );
  }
  return (
    <Page>
      <OrderHeader order={order.data} />
      <OrderFacts order={order.data} />
      <OrderItemsTable order={order.data} />
      <ObjectActivity type="order" id={order.data.number} />
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Flex vertical gap={16}>
      <div>
        <Link href={backToOrdersPath(history.state, Paths.orders)}>
          <ArrowLeftOutlined aria-hidden /> {OrderDetailText.backToOrders}
        </Link>
      </div>
      <div>{children}</div>
    </Flex>
  );
}
