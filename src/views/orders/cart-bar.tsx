import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { memo, useState } from 'react';
import { dollars } from '../../model/orders/pricing';
import { CartBarText } from '../../model/orders/texts';
import { selectCartCount, selectCartTotal } from '../../machines/orders/cart.selectors';
import { OnceOpened } from '../parts/once-opened';
import { lazyNamed } from '../lazy';
import { useCartSelector } from './cart-provider';
import './orders.css';

const CartDrawer = lazyNamed(() => import('./cart-drawer'), 'CartDrawer');

/**
 * Issue 40 item 7: below 768 px the cart beside the catalogue would sit below every product, so a button stays at
 * the bottom of the screen with the count of kits (and the total, where prices are shown) and opens the cart in a
 * drawer. Whether the drawer is open is this view's own state; what the cart holds stays in the cart machine.
 * The stylesheet shows it on phones only.
 */
export function CartBar({ showPricing }: { showPricing: boolean }) {
  const [open, setOpen] = useState(false);
  const count = useCartSelector(selectCartCount);
  const total = useCartSelector(selectCartTotal);
  return <CartBarOf showPricing={showPricing} count={count} total={total} open={open} setOpen={setOpen} />;
}

interface CartBarOfProps {
  showPricing: boolean;
  count: number;
  total: number;
  open: boolean;
  setOpen: (open: boolean) => void;
}

/** Renders only when what it shows changes: the cart bar is there, hidden, beside a desktop's cart too. */
const CartBarOf = memo(function CartBarOf({ showPricing, count, total, open, setOpen }: CartBarOfProps) {
  return (
    <div className="orders-cart-bar">
      <Button
        type="primary"
        size="large"
        block
        icon={<ShoppingCartOutlined aria-hidden />}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <span className="orders-cart-bar-label">
          <span>{CartBarText.open(count)}</span>
          {showPricing && count > 0 ? <strong>{dollars(total)}</strong> : null}
        </span>
      </Button>
      <OnceOpened open={open}>
        <CartDrawer open={open} onClose={() => setOpen(false)} showPricing={showPricing} />
      </OnceOpened>
    </div>
  );
});
