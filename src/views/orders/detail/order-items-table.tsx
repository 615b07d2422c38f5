import { Button, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { OrderDetailText } from '../../../model/orders/order-detail-texts';
import type { Order, OrderItem } from '../../../model/orders/order';
import { dollars } from '../../../model/orders/pricing';
import { useShowPricing } from '../use-show-pricing';
import { ProductDetailsPanel } from './product-details-panel';
import { orderTotalSummary } from '../order-total-row';

/**
 * The order's items: Product (name and id), Unit Price, Discount, Quantity, Total, then the order total (the sum
 * of the items' totalPrice, ordering §3). Prices show only where the show-pricing rule allows (HCP, §1); anyone
 * else sees products and quantities. A product's name opens its Product Details panel.
 */
export function OrderItemsTable({ order }: { order: Order }) {
  const showPricing = useShowPricing();
  // The product stays while the panel slides out, so its content does not vanish before the panel has gone.
  const [panel, setPanel] = useState<{ product: OrderItem['product']; open: boolean } | null>(null);

  const price = (title: string, amount: (item: OrderItem) => number) => ({
    key: title,
    title,
    align: 'right' as const,
    render: (_: unknown, item: OrderItem) => dollars(amount(item)),
  });
  const columns: ColumnsType<OrderItem> = [
    {
      key: 'product',
      title: OrderDetailText.product,
      render: (_: unknown, item: OrderItem) => (
        <span>
          <Button
            type="link"
            aria-haspopup="dialog"
            style={{ padding: 0, height: 'auto' }}
            onClick={() => setPanel({ product: item.product, open: true })}
          >
            {item.product.name}
          </Button>
          {item.product.id !== null && (
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              {OrderDetailText.productId(String(item.product.id))}
            </Typography.Text>
          )}
        </span>
      ),
    },
    ...(showPricing
      ? [price(OrderDetailText.unitPrice, (item) => item.price), price(OrderDetailText.discount, (item) => item.discount)]
      : []),
    { key: 'quantity', title: OrderDetailText.quantity, dataIndex: 'quantity', align: 'right' },
    ...(showPricing ? [price(OrderDetailText.total, (item) => item.totalPrice)] : []),
  ];

  return (
    <>
      <Table<OrderItem>
        aria-label={OrderDetailText.items}
        // An order may list one product twice (two lines), so a line is known by its place.
        rowKey={(item) => String(order.items.indexOf(item))}
        columns={columns}
        dataSource={order.items}
        pagination={false}
        summary={showPricing ? orderTotalSummary(order, OrderDetailText.orderTotal, columns.length) : undefined}
      />
      <ProductDetailsPanel
        product={panel?.product ?? null}
        open={panel?.open ?? false}
        onClose={() => setPanel((current) => current && { ...current, open: false })}
      />
    </>
  );
}
