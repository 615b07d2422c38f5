import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Spin, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { Link, Redirect, useSearch } from 'wouter';
import { Paths } from '../../model/shell/navigation';
import { orderLineUnitPrice } from '../../model/orders/checkout';
import { dollars } from '../../model/orders/pricing';
import type { Order, OrderItem } from '../../model/orders/order';
import { OrderingFailureText, OrderSuccessText } from '../../model/orders/texts';
import { messageOf } from '../../services/http/api-error';
import { PageTitle } from '../shell/page';
import { SupportContact } from '../shell/support-contact';
import { useShowPricing } from './use-show-pricing';
import { DataTable, type DataColumn } from '../parts/data-table';
import { OrderTotalRow } from './order-total-row';
import { orderQuery } from '../../services/orders/queries';
import './orders.css';

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
      <Flex justify="center" className="orders-loading">
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
      <Button type="primary" className="orders-return">
        {OrderSuccessText.returnToOrders}
      </Button>
    </Link>
  );
}

function PlacedOrder({ order }: { order: Order }) {
  const showPricing = useShowPricing();
  const { token } = theme.useToken();
  const date = order.orderDate && dayjs(order.orderDate).isValid() ? dayjs(order.orderDate).format(ORDER_DATE_FORMAT) : null;
  const columns: DataColumn<OrderItem>[] = [
    { key: 'product', title: OrderSuccessText.items, render: (item) => item.product.name },
    { key: 'quantity', title: OrderSuccessText.quantity, render: (item) => item.quantity, align: 'end' },
    ...(showPricing
      ? [
          {
            key: 'unitPrice',
            title: OrderSuccessText.unitPrice,
            align: 'end' as const,
            render: (item: OrderItem) => dollars(orderLineUnitPrice(item)),
          },
          {
            key: 'lineTotal',
            title: OrderSuccessText.lineTotal,
            align: 'end' as const,
            render: (item: OrderItem) => dollars(item.totalPrice),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageTitle title={OrderSuccessText.title}>
        <CheckCircleFilled aria-hidden className="orders-success-icon" />
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
          <DataTable<OrderItem>
            label={OrderSuccessText.items}
            rowKey={(item) => `${item.product.uid ?? ''}:${String(item.product.id ?? item.product.name)}`}
            columns={columns}
            rows={order.items}
            empty={null}
            dense
            footer={
              showPricing ? <OrderTotalRow order={order} label={OrderSuccessText.orderTotal} columnCount={columns.length} /> : undefined
            }
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
