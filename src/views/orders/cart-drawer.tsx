import { Drawer } from 'antd';
import { CartBarText } from '../../model/orders/texts';
import { CartContents, CartTitle } from './cart-panel';
import './orders.css';

/**
 * Issue 40 item 7: the cart on a phone, rising from the bottom over the catalogue. Its own chunk: a wide screen,
 * where the cart sits beside the catalogue, never downloads it.
 */
export function CartDrawer({ open, onClose, showPricing }: { open: boolean; onClose: () => void; showPricing: boolean }) {
  return (
    <Drawer
      placement="bottom"
      size="85%"
      open={open}
      onClose={onClose}
      title={<CartTitle />}
      closable={{ 'aria-label': CartBarText.close }}
    >
      <CartContents showPricing={showPricing} />
    </Drawer>
  );
}
