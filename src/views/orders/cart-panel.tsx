import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { memo } from 'react';
import { useLocation } from 'wouter';
import { Paths } from '../../model/shell/navigation';
import { CartText } from '../../model/orders/texts';
import { selectCalculating, selectCanCheckout, selectCartCount } from '../../machines/orders/cart.selectors';
import { Panel } from '../parts/panel';
import { useCartSelector } from './cart-provider';
import { OrderSummary } from './order-summary';
import './orders.css';

/** Ordering §2 and §4: the cart beside the catalogue, and the way to checkout once the price is known. */
export function CartPanel({ showPricing }: { showPricing: boolean }) {
  return (
    <Panel title={<CartTitle />}>
      <CartContents showPricing={showPricing} />
    </Panel>
  );
}

/** The cart's heading with its count of kits; the panel's and, on a phone, the cart drawer's. */
export function CartTitle() {
  return <CartHeading count={useCartSelector(selectCartCount)} />;
}

const CartHeading = memo(function CartHeading({ count }: { count: number }) {
  return (
    <Flex gap={8} align="center">
      <ShoppingCartOutlined aria-hidden />
      <h2 className="orders-inherit-heading">{CartText.title}</h2>
      {count > 0 ? <span>({count})</span> : null}
    </Flex>
  );
});

/** The order summary and Proceed to Checkout, enabled once the price is known. */
export function CartContents({ showPricing }: { showPricing: boolean }) {
  const calculating = useCartSelector(selectCalculating);
  const canCheckout = useCartSelector(selectCanCheckout);
  return <CartContentsOf showPricing={showPricing} calculating={calculating} canCheckout={canCheckout} />;
}

const CartContentsOf = memo(function CartContentsOf({
  showPricing,
  calculating,
  canCheckout,
}: {
  showPricing: boolean;
  calculating: boolean;
  canCheckout: boolean;
}) {
  const [, navigate] = useLocation();
  return (
    <Flex vertical gap={16}>
      <OrderSummary showPricing={showPricing} editable />
      <Button type="primary" size="large" block disabled={!canCheckout} onClick={() => navigate(Paths.checkout)}>
        {calculating ? CartText.calculating : CartText.proceed}
      </Button>
    </Flex>
  );
});
