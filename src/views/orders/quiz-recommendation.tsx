import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Empty, Flex, Row, Spin, Typography } from 'antd';
import { Panel } from '../parts/panel';
import { useId } from 'react';
import { dollars } from '../../model/orders/pricing';
import { productImage, productSubtitle } from '../../model/orders/product';
import { QuizText, quizCards, type QuizCard, type QuizProduct } from '../../model/orders/quiz';
import { CatalogueText } from '../../model/orders/texts';
import { messageOf } from '../../services/http/api-error';
import { CartPanel } from './cart-panel';
import { useCart } from './cart-provider';
import { ProductImage } from './product-image';
import { useShowPricing } from './use-show-pricing';
import { productsQuery } from '../../services/orders/queries';
import './orders.css';

/**
 * Steps 2 and 5: the recommended products, described by the catalogue and priced by the quiz, each with
 * Add to Cart; the cart shows beside them, as on the new order page, so that an added kit is seen at once.
 */
export function QuizRecommendation({ recommended, onAddAnother }: { recommended: readonly QuizProduct[]; onAddAnother?: () => void }) {
  const headingId = useId();
  const showPricing = useShowPricing();
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={16} xxl={18}>
        <section aria-labelledby={headingId}>
          <Typography.Title level={3} id={headingId}>
            {QuizText.recommendation}
          </Typography.Title>
          <RecommendedProducts recommended={recommended} showPricing={showPricing} />
          {onAddAnother && (
            <Button type="link" onClick={onAddAnother} className="orders-add-another">
              {QuizText.addAnother}
            </Button>
          )}
        </section>
      </Col>
      <Col xs={24} lg={8} xxl={6}>
        <CartPanel showPricing={showPricing} />
      </Col>
    </Row>
  );
}

function RecommendedProducts({ recommended, showPricing }: { recommended: readonly QuizProduct[]; showPricing: boolean }) {
  const products = useQuery(productsQuery());
  if (products.isPending) return <Spin />;
  if (products.isError) {
    return (
      <Alert type="error" showIcon title={CatalogueText.errorTitle} description={messageOf(products.error, CatalogueText.errorFallback)} />
    );
  }
  const cards = quizCards(recommended, products.data);
  if (cards.length === 0) return <Empty description={CatalogueText.empty} />;
  return (
    <Flex wrap gap={16} role="list" aria-label={QuizText.recommendedProducts}>
      {cards.map((card) => (
        <RecommendedProduct key={String(card.product.id)} card={card} showPricing={showPricing} />
      ))}
    </Flex>
  );
}

function RecommendedProduct({ card: { product, price }, showPricing }: { card: QuizCard; showPricing: boolean }) {
  const cart = useCart();
  const headingId = useId();
  return (
    <Panel
      role="listitem"
      aria-labelledby={headingId}
      className="orders-recommended"
      cover={<ProductImage src={productImage(product.sku)} alt={product.name} />}
    >
      <Flex vertical gap={12}>
        <Typography.Title level={4} id={headingId} className="orders-flush">
          {product.name}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="orders-flush">
          {productSubtitle(product)}
        </Typography.Paragraph>
        {showPricing && <Typography.Text strong>{dollars(price)}</Typography.Text>}
        <Button type="primary" onClick={() => cart.send({ type: 'cart.add', product, quantity: 1 })}>
          {CatalogueText.addToCart}
        </Button>
      </Flex>
    </Panel>
  );
}
