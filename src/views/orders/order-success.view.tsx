import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Spin, Table, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { Link, Redirect, useSearch } from 'wouter';
import { Paths } from '../../model/navigation';
import { orderLineUnitPrice } from '../../model/orders/checkout';
import { dollars } from '../../model/orders/pricing';
import type { Order, OrderItem } from '../../model/orders/order';
import { OrderingFailureText, OrderSuccessText } from '../../model/orders/texts';
import { messageOf } from '../../services/api-error';
import { orderQuery } from '../../services/order-queries';
import { PageTitle } from '../shell/page';
import { SupportContact } from '../shell/support-contact';
import { useShowPricing } from './use-show-pricing';
import { orderTotalSummary } from './order-total-row';

/** Ordering §2 "Order success": like the status panel's dates (§4), e.g. "Jan 5, 2026 8:30 AM". */
const ORDER_DATE_FORMAT = 'MMM D, YYYY h:mm A';

/**
 * Ordering §2 (/orders/success?number=…): the placed order, read by its number so that a reload still shows it.
 * Prices (unit price after discount, line totals, the order total) only where the show-price rule allows.
 */
export function OrderSuccessPage() {
  const number = new URLSearchParams(useSearch()).get('number')?.trim() ?? '';
  const order = useQuery({ ...orderQuery(number), enabled: number !== '' });

  // Without an order number there is nothing to show: the orders list is where placed orders are.
  if (number === '') return <Redirect to={Paths.orders} replace />;

  if (number !== '' && order.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (order.isError) {
    return (
      <>
        <PageTitle title={OrderSuccessText.title} />
        <Alert
          type="error"
          showIcon
          title={`${OrderSuccessText.errorPrefix} ${messageOf(order.error, OrderingFailureText.unknownOrder)}`}
        />
        <ReturnToOrders />
      </>
    );
  }
  if (!order.data) {
    return (
      <>
        <PageTitle title={OrderSuccessText.notFound} />
        <Typography.Paragraph>{OrderSuccessText.notFoundText(number)}</Typography.Paragraph>
        <ReturnToOrders />
      </>
    );
  }
  return <PlacedOrder order={order.data} />;
}

function ReturnToOrders() {
  return (
    <Link href={Paths.orders} asChild>
      <Button type="primary" style={{ marginTop: 16 }}>
        {OrderSuccessText.returnToOrders}
      </Button>
    </Link>
  );
}

function PlacedOrder({ order }: { order: Order }) {
  const showPricing = useShowPricing();
  const { token } = theme.useToken();
  const date = order.orderDate && dayjs(order.orderDate).isValid() ? dayjs(order.orderDate).format(ORDER_DATE_FORMAT) : null;
  const columns = [
    { key: 'product', title: OrderSuccessText.items, render: (_: unknown, item: OrderItem) => item.product.name },
    { key: 'quantity', title: OrderSuccessText.quantity, dataIndex: 'quantity', align: 'right' as const },
    ...(showPricing
      ? [
          {
            key: 'unitPrice',
            title: OrderSuccessText.unitPrice,
            align: 'right' as const,
            render: (_: unknown, item: OrderItem) => dollars(orderLineUnitPrice(item)),
          },
          {
            key: 'lineTotal',
            title: OrderSuccessText.lineTotal,
            align: 'right' as const,
            render: (_: unknown, item: OrderItem) => dollars(item.totalPrice),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageTitle title={OrderSuccessText.title}>
        <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess, fontSize: 32, marginTop: 12 }} />
      </PageTitle>
      <Card>
        <Flex vertical gap={24}>
          <Descriptions
            column={1}
            // antd's label grey is below 4.5:1 on white; the secondary text colour reads in both themes.
            styles={{ label: { color: token.colorTextSecondary } }}
            items={[
              { key: 'number', label: OrderSuccessText.orderNumber, children: order.number },
              ...(date ? [{ key: 'date', label: OrderSuccessText.orderDate, children: date }] : []),
            ]}
          />
          <Table<OrderItem>
            rowKey={(item) => `${item.product.uid ?? ''}:${String(item.product.id ?? item.product.name)}`}
            columns={columns}
            dataSource={order.items}
            pagination={false}
            size="small"
            summary={showPricing ? orderTotalSummary(order, OrderSuccessText.orderTotal, columns.length) : undefined}
          />
          <SupportContact />
          <div>
            <ReturnToOrders />
          </div>
        </Flex>
      </Card>
    </>
  );
}
