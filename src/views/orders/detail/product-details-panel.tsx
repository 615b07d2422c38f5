import { Drawer, Flex, Typography } from 'antd';
import type { OrderItem } from '../../../model/orders/order';
import { ProductDetailsText } from '../../../model/orders/order-detail-texts';
import { exampleReports, whatsIncluded } from '../../../model/orders/product-details';
import { productName } from '../../../model/orders/order-detail-facts';
import { VisuallyHidden } from '../../parts/visually-hidden';
import '../orders.css';

type Product = OrderItem['product'];

/**
 * Ordering §2 and §3: the right side panel "Product Details" with the product's name, description, its
 * What's Included list when the product has one, and its example reports (each in a new tab).
 */
export function ProductDetailsPanel({ product, open, onClose }: { product: Product | null; open: boolean; onClose: () => void }) {
  const included = product ? whatsIncluded(product.id) : [];
  const reports = product ? exampleReports(product.id) : [];

  return (
    <Drawer
      title={ProductDetailsText.title}
      placement="right"
      open={open}
      onClose={onClose}
      closable={{ 'aria-label': ProductDetailsText.close }}
    >
      {product && (
        <Flex vertical gap={16}>
          <Typography.Title level={3} className="orders-flush">
            {productName(product)}
          </Typography.Title>
          {product.description && <Typography.Paragraph className="orders-flush">{product.description}</Typography.Paragraph>}
          {included.length > 0 && (
            <section aria-labelledby="product-details-included">
              <Typography.Title level={4} id="product-details-included">
                {ProductDetailsText.whatsIncluded}
              </Typography.Title>
              <ul className="orders-bullets">
                {included.map((entry) => (
                  <li key={entry}>{entry}</li>
                ))}
              </ul>
            </section>
          )}
          {reports.length > 0 && (
            <section aria-labelledby="product-details-reports">
              <Typography.Title level={4} id="product-details-reports">
                {ProductDetailsText.exampleReports}
              </Typography.Title>
              <ul className="orders-bullets">
                {reports.map((report) => (
                  <li key={report.href}>
                    <Typography.Link href={report.href} target="_blank" rel="noopener noreferrer">
                      {ProductDetailsText.exampleReport(report.report, reports.length)}{' '}
                      <VisuallyHidden>{ProductDetailsText.opensInNewTab}</VisuallyHidden>
                    </Typography.Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
