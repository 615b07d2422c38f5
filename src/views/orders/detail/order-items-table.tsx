import { Button } from 'antd';
import { useState } from 'react';
import { OrderDetailText } from '../../../model/orders/order-detail-texts';
import type { Order, OrderItem } from '../../../model/orders/order';
import { dollars } from '../../../model/orders/pricing';
import { productName } from '../../../model/orders/order-detail-facts';
import { useShowPricing } from '../use-show-pricing';
import { ProductDetailsPanel } from './product-details-panel';
import { DataTable, type DataColumn } from '../../parts/data-table';
import { OrderTotalRow } from '../order-total-row';
import '../orders.css';

/**
 * The order's items: Product (its name, never a bare id: issue 40), Unit Price, Discount, Quantity, Total, then the order total (the sum
 * of the items' totalPrice, ordering §3). Prices show only where the show-pricing rule allows (HCP, §1); anyone
 * else sees products and quantities. A product's name opens its Product Details panel.
 */
export function OrderItemsTable({ order }: { order: Order }) {
  const showPricing = useShowPricing();
  // The product stays while the panel slides out, so its content does not vanish before the panel has gone.
  const [panel, setPanel] = useState<{ product: OrderItem['product']; open: boolean } | null>(null);

  const price = (title: string, amount: (item: OrderItem) => number): DataColumn<OrderItem> => ({
    key: title,
    title,
    align: 'end',
    render: (item) => dollars(amount(item)),
  });
  const columns: DataColumn<OrderItem>[] = [
    {
      key: 'product',
      title: OrderDetailText.product,
      render: (item) => (
        <Button
          type="link"
          aria-haspopup="dialog"
          className="orders-bare-button"
          onClick={() => setPanel({ product: item.product, open: true })}
        >
          {productName(item.product)}
        </Button>
      ),
    },
    ...(showPricing
      ? [price(OrderDetailText.unitPrice, (item) => item.price), price(OrderDetailText.discount, (item) => item.discount)]
      : []),
    { key: 'quantity', title: OrderDetailText.quantity, render: (item) => item.quantity, align: 'end' },
    ...(showPricing ? [price(OrderDetailText.total, (item) => item.totalPrice)] : []),
  ];

  return (
    <>
      <DataTable<OrderItem>
        label={OrderDetailText.items}
        // An order may list one product twice (two lines), so a line is known by its place.
        rowKey={(item) => String(order.items.indexOf(item))}
        columns={columns}
        rows={order.items}
        empty={null}
        footer={showPricing ? <OrderTotalRow order={order} label={OrderDetailText.orderTotal} columnCount={columns.length} /> : undefined}
      />
      <ProductDetailsPanel
        product={panel?.product ?? null}
        open={panel?.open ?? false}
        onClose={() => setPanel((current) => current && { ...current, open: false })}
      />
    </>
  );
}
