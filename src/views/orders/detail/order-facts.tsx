import { Typography } from 'antd';
import { Link } from 'wouter';
import { kitDetailPath } from '../../../model/shell/navigation';
import type { Order } from '../../../model/orders/order';
import { kitFacts, paymentText, shipToOf, type KitFact } from '../../../model/orders/order-detail-facts';
import { OrderFactsText } from '../../../model/orders/order-detail-texts';
import { trackingOf } from '../../../model/orders/order-history';
import { DataTable, type DataColumn } from '../../parts/data-table';
import { VisuallyHidden } from '../../parts/visually-hidden';
import './order-detail.css';

/**
 * Issue 40 "Orders that tell the whole story": where the order went, how it was paid and its tracking link, then
 * its kits or samples, each linking to its kit page. A part the service does not give says "Not available".
 */
export function OrderFacts({ order }: { order: Order }) {
  const shipTo = shipToOf(order);
  const payment = paymentText(order);
  const tracking = trackingOf(order);
  const digital = shipTo?.kind === 'digital';
  return (
    <section aria-label={OrderFactsText.facts}>
      <dl className="order-facts">
        <div className="order-fact">
          <dt>{OrderFactsText.shipTo}</dt>
          <dd>
            {shipTo === null ? (
              <Typography.Text type="secondary">{OrderFactsText.notAvailable}</Typography.Text>
            ) : shipTo.kind === 'digital' ? (
              <>
                <div>{shipTo.title}</div>
                <Typography.Text type="secondary">{OrderFactsText.digitalNote}</Typography.Text>
              </>
            ) : (
              <>
                <div className="order-fact-title">{shipTo.title}</div>
                {shipTo.name ? <div>{shipTo.name}</div> : null}
                <address className="order-fact-address">
                  {shipTo.lines.map((line) => (
                    <div key={line}>{line}</div>
                  ))}
                </address>
              </>
            )}
          </dd>
        </div>
        <div className="order-fact">
          <dt>{OrderFactsText.payment}</dt>
          <dd>{payment ?? <Typography.Text type="secondary">{OrderFactsText.notAvailable}</Typography.Text>}</dd>
        </div>
        {digital ? null : (
          <div className="order-fact">
            <dt>{OrderFactsText.tracking}</dt>
            <dd>
              {tracking ? (
                <Typography.Link href={tracking.url} target="_blank" rel="noopener noreferrer">
                  {OrderFactsText.track(tracking.carrier)} <VisuallyHidden>{OrderFactsText.opensInNewTab}</VisuallyHidden>
                </Typography.Link>
              ) : (
                <Typography.Text type="secondary">{OrderFactsText.notShipped}</Typography.Text>
              )}
            </dd>
          </div>
        )}
      </dl>
      <OrderKits order={order} />
    </section>
  );
}

const KIT_COLUMNS: readonly DataColumn<KitFact>[] = [
  { key: 'barcode', title: OrderFactsText.barcode, render: (kit) => <Link href={kitDetailPath(kit.barcode)}>{kit.barcode}</Link> },
  { key: 'product', title: OrderFactsText.kitProduct, render: (kit) => kit.product ?? '' },
  { key: 'status', title: OrderFactsText.kitStatus, render: (kit) => kit.status },
];

function OrderKits({ order }: { order: Order }) {
  const kits = kitFacts(order.kits);
  return (
    <section aria-labelledby="order-kits-heading" className="order-kits">
      <Typography.Title level={2} id="order-kits-heading" className="order-kits-heading">
        {OrderFactsText.kits}
      </Typography.Title>
      {kits === null ? (
        <Typography.Text type="secondary">{OrderFactsText.kitsNotAvailable}</Typography.Text>
      ) : (
        <DataTable<KitFact>
          label={OrderFactsText.kits}
          rowKey={(kit) => kit.barcode}
          columns={KIT_COLUMNS}
          rows={kits}
          empty={OrderFactsText.kitsNone}
          dense
        />
      )}
    </section>
  );
}
