import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
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
  const [, navigate] = useLocation();
  const count = useCartSelector(selectCartCount);
  const calculating = useCartSelector(selectCalculating);
  const canCheckout = useCartSelector(selectCanCheckout);
  return (
    <Panel
      title={
        <Flex gap={8} align="center">
          <ShoppingCartOutlined aria-hidden />
          <h2 className="orders-inherit-heading">{CartText.title}</h2>
          {count > 0 ? <span>({count})</span> : null}
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <OrderSummary showPricing={showPricing} editable />
        <Button type="primary" size="large" block disabled={!canCheckout} onClick={() => navigate(Paths.checkout)}>
          {calculating ? CartText.calculating : CartText.proceed}
        </Button>
      </Flex>
    </Panel>
  );
}
