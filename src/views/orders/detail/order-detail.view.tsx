import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { Paths } from '../../../model/shell/navigation';
import { orderNumberFromPath } from '../../../model/orders/order-detail';
import { OrderDetailText } from '../../../model/orders/order-detail-texts';
import { OrderingFailureText } from '../../../model/orders/texts';
import { messageOf } from '../../../services/http/api-error';
import { PageTitle } from '../../shell/page';
import { OrderHeader } from './order-header';
import { OrderItemsTable } from './order-items-table';
import { LoadingSpin } from '../../parts/loading-spin';
import { orderQuery } from '../../../services/orders/queries';
import '../orders.css';

/**
 * Ordering §2 "Order detail" (/orders/{orderNumber}): the order read by its number, with a spinner while it
 * loads, "Error: " and the server's message when the load fails, and "Order Not Found" for a `null` answer.
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
        <Alert type="error" showIcon title={OrderDetailText.error(messageOf(order.error, OrderingFailureText.unknownOrder))} />
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
      <OrderItemsTable order={order.data} />
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Flex vertical gap={16}>
      <div>
        <Link href={Paths.orders}>
          <ArrowLeftOutlined aria-hidden /> {OrderDetailText.backToOrders}
        </Link>
      </div>
      <div>{children}</div>
    </Flex>
  );
}
