import { DeleteOutlined } from '@ant-design/icons';
import { Button, Divider, Flex } from 'antd';
import { memo, type ReactNode } from 'react';
import { discountAmount, dollars } from '../../model/orders/pricing';
import { standingQuantity, summaryLine, summaryTotals, type CartItem, type SummaryLine } from '../../model/orders/cart';
import { tierStanding, type Calculation, type TierStanding } from '../../model/orders/pricing';
import { CartLabels, CartText } from '../../model/orders/texts';
import { selectCalculating, selectCalculation, selectCartItems } from '../../machines/orders/cart.selectors';
import { useCart, useCartSelector } from './cart-provider';
import { QuantityStepper } from './quantity-stepper';
import { TierProgress } from './tier-progress';
import './orders.css';

/**
 * Ordering §2 "Order summary", shared by the catalogue's cart panel and the checkout: per item its name,
 * unit price, quantity, line total, remove button and tier message; then subtotal, discount, shipping and
 * total. Prices come from the last applied calculation, else from the catalogue. Plain elements in the
 * theme's colours rather than Typography, which would weigh on every page that shows a cart.
 */
export function OrderSummary({ showPricing, editable }: { showPricing: boolean; editable: boolean }) {
  const items = useCartSelector(selectCartItems);
  const calculation = useCartSelector(selectCalculation);
  const calculating = useCartSelector(selectCalculating);
  return <SummaryBody items={items} calculation={calculation} calculating={calculating} showPricing={showPricing} editable={editable} />;
}

interface SummaryBodyProps {
  items: readonly CartItem[];
  calculation: Calculation | null;
  calculating: boolean;
  showPricing: boolean;
  editable: boolean;
}

/** Renders only when the cart as its views read it (a frame behind, useCartSelector) changes; a quantity typed into a line shows first in the line's own field. */
const SummaryBody = memo(function SummaryBody({ items, calculation, calculating, showPricing, editable }: SummaryBodyProps) {
  if (items.length === 0) return <p className="orders-description">{CartText.empty}</p>;
  const lines = items.map((item) => summaryLine(item, calculation));
  const totals = summaryTotals(items, calculation);

  return (
    <Flex vertical gap={12}>
      <ul aria-label={CartLabels.cartItems} className="orders-cart-items">
        {lines.map((line) => (
          <SummaryItem key={line.item.id} line={line} showPricing={showPricing} editable={editable} />
        ))}
      </ul>
      <Divider className="orders-divider" />
      <dl aria-busy={calculating} className="orders-totals">
        {showPricing ? <Row label={CartText.subtotal}>{dollars(totals.subtotal)}</Row> : null}
        {showPricing && totals.discount > 0 ? (
          <Row label={CartText.discount}>
            <span className="orders-discount">{discountAmount(totals.discount)}</span>
          </Row>
        ) : null}
        <Row label={CartText.shipping}>
          {!showPricing ? CartText.included : totals.shipping === 0 ? CartText.free : dollars(totals.shipping)}
        </Row>
        {showPricing ? (
          <Row label={CartText.total} strong>
            {dollars(totals.total)}
          </Row>
        ) : null}
      </dl>
      <span role="status" className="orders-calculating">
        {calculating ? CartText.calculating : ''}
      </span>
    </Flex>
  );
});

function Row({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  const weight = strong ? 'orders-total-strong' : undefined;
  return (
    <Flex justify="space-between" gap={12}>
      <dt className={weight}>{label}</dt>
      <dd className={weight}>{children}</dd>
    </Flex>
  );
}

interface SummaryItemProps {
  line: SummaryLine;
  showPricing: boolean;
  editable: boolean;
}

/**
 * The same line as far as the reader can tell: what the item shows is the cart item (replaced when it changes), its
 * prices and its tier standing. The summary builds every line afresh on each change of the cart or its price, so
 * without this a quantity change in a 30-line cart rendered all 30 lines, twice (the change, then the new price).
 */
function sameLine(before: SummaryItemProps, after: SummaryItemProps): boolean {
  return (
    before.showPricing === after.showPricing &&
    before.editable === after.editable &&
    before.line.item === after.line.item &&
    before.line.unitPrice === after.line.unitPrice &&
    before.line.lineTotal === after.line.lineTotal &&
    sameStanding(lineStanding(before.line), lineStanding(after.line))
  );
}

const lineStanding = (line: SummaryLine) => tierStanding(standingQuantity(line), line.calculated?.discount ?? null);

/** Two tier standings that read the same: every field of either is equal in the other. */
function sameStanding(before: TierStanding, after: TierStanding): boolean {
  const a: Readonly<Record<string, unknown>> = before;
  const b: Readonly<Record<string, unknown>> = after;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

const SummaryItem = memo(function SummaryItem({ line, showPricing, editable }: SummaryItemProps) {
  const cart = useCart();
  const { item } = line;
  return (
    <li>
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="start" gap={8}>
          <Flex vertical>
            <strong>{item.name}</strong>
            {showPricing && line.unitPrice !== null ? <span className="orders-description">{dollars(line.unitPrice)}</span> : null}
          </Flex>
          {editable ? (
            <Button
              type="text"
              icon={<DeleteOutlined aria-hidden />}
              title={CartText.removeFromCart}
              aria-label={CartText.removeFromCart}
              onClick={() => cart.send({ type: 'cart.remove', id: item.id })}
            />
          ) : null}
        </Flex>
        <Flex justify="space-between" align="center" gap={8} wrap>
          {editable ? (
            <QuantityStepper
              value={item.quantity}
              label={CartLabels.quantityOf(item.name)}
              onChange={(quantity) => cart.send({ type: 'cart.setQuantity', id: item.id, quantity })}
            />
          ) : (
            <span>× {item.quantity}</span>
          )}
          {showPricing && line.lineTotal !== null ? <strong>{dollars(line.lineTotal)}</strong> : null}
        </Flex>
        {showPricing ? <TierProgress standing={lineStanding(line)} /> : null}
      </Flex>
    </li>
  );
}, sameLine);
