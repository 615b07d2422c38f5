import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Empty, Flex, Row, Spin } from 'antd';
import { Link } from 'wouter';
import { Paths } from '../../model/shell/navigation';
import { sortCatalogue } from '../../model/orders/product';
import { orderableProducts } from '../../model/orders/product-kinds';
import { UnitType } from '../../model/enums';
import { selectUnitType } from '../../machines/auth/session.selectors';
import { useSession } from '../auth/session';
import { CatalogueText } from '../../model/orders/texts';
import { messageOf } from '../../services/http/api-error';
import { browser } from '../../services/platform/browser';
import { ErrorStatus } from '../shell/error-status';
import { PageTitle } from '../shell/page';
import { CartBar } from './cart-bar';
import { CartPanel } from './cart-panel';
import { ProductCard } from './product-card';
import { useShowPricing } from './use-show-pricing';
import { ViewTiersButton } from './view-tiers';
import { productsQuery } from '../../services/orders/queries';
import './orders.css';

/** Ordering §2: /orders/new. */
export function NewOrderPage() {
  return (
    <CataloguePage
      title={CatalogueText.newOrderTitle}
      notice={CatalogueText.newOrderNotice}
      details={[CatalogueText.volumeDiscounts, CatalogueText.freeShipping]}
      gridHeading
    />
  );
}

/** Ordering §2: /orders/catalog; its notice already says that volume discounts apply. */
export function CatalogPage() {
  return <CataloguePage title={CatalogueText.catalogTitle} notice={CatalogueText.catalogNotice} details={[CatalogueText.freeShipping]} />;
}

/** The catalogue with its cart: cards in one to three columns, the cart beside them on wide screens, below on narrow. */
interface CataloguePageProps {
  title: string;
  notice: string;
  details: readonly string[];
  /** The new order page names its grid; on the catalogue page the page title already does. */
  gridHeading?: boolean;
}

function CataloguePage({ title, notice, details, gridHeading = false }: CataloguePageProps) {
  const showPricing = useShowPricing();
  return (
    <div className="orders-catalogue">
      <PageTitle title={title} />
      <Flex vertical gap={24}>
        {/* The notice speaks of prices and their tiers: only those who are shown prices see it (issue 40 item 5). */}
        {showPricing ? (
          <Alert
            type="warning"
            showIcon
            title={notice}
            description={details.map((detail) => (
              <div key={detail}>{detail}</div>
            ))}
            action={<ViewTiersButton />}
          />
        ) : null}
        <Flex justify="end">
          <Link href={Paths.quiz} asChild>
            <Button>{CatalogueText.takeQuiz}</Button>
          </Link>
        </Flex>
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={16} xxl={18}>
            <ProductGrid showPricing={showPricing} heading={gridHeading} />
          </Col>
          {/* Below 768 px the stylesheet hides this column and shows the cart bar instead. */}
          <Col xs={24} lg={8} xxl={6} className="orders-cart-column">
            {/* Beside the grid, the cart stays in view while the catalogue scrolls. */}
            <div className="orders-sticky-cart">
              <CartPanel showPricing={showPricing} />
            </div>
          </Col>
        </Row>
      </Flex>
      <CartBar showPricing={showPricing} />
    </div>
  );
}

const GRID_HEADING_ID = 'product-catalog-heading';

function ProductGrid({ showPricing, heading }: { showPricing: boolean; heading: boolean }) {
  const products = useQuery(productsQuery());
  const unitType = useSession(selectUnitType);
  if (products.isPending) {
    // A screenful, as the grid that follows is longer: on a phone the cart below starts out of view, where it used to
    // show under the spinner and then jump away as the products arrived (a layout shift of 0.31).
    return (
      <Flex justify="center" align="flex-start" className="orders-catalogue-loading">
        <Spin size="large" />
      </Flex>
    );
  }
  if (products.isError) {
    return (
      <ErrorStatus
        title={CatalogueText.errorTitle}
        subTitle={messageOf(products.error, CatalogueText.errorFallback)}
        extra={
          <Button type="primary" onClick={() => browser.reload()}>
            {CatalogueText.tryAgain}
          </Button>
        }
      />
    );
  }
  // The service answers the practice's own products; the same rule here keeps a service that answers every product
  // from offering a clinic array processing, or an institution kits (issue 40 item 5).
  const offered = orderableProducts(unitType ?? UnitType.Unknown, products.data);
  if (offered.length === 0) return <Empty description={CatalogueText.empty} />;
  return (
    <section aria-labelledby={heading ? GRID_HEADING_ID : undefined}>
      {heading ? (
        <h2 id={GRID_HEADING_ID} className="orders-grid-heading">
          {CatalogueText.catalogTitle}
        </h2>
      ) : null}
      <Row gutter={[16, 16]}>
        {sortCatalogue(offered).map((product) => (
          <Col key={String(product.id)} xs={24} md={12} xl={8}>
            <ProductCard product={product} showPricing={showPricing} />
          </Col>
        ))}
      </Row>
    </section>
  );
}
