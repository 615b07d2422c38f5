import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Spin } from 'antd';
import { useDeferredValue } from 'react';
import { Link } from 'wouter';
import { isHcp } from '../../../model/auth/roles';
import { CatalogueText, CheckoutText } from '../../../model/orders/texts';
import { Paths } from '../../../model/shell/navigation';
import { selectCartItems } from '../../../machines/orders/cart.selectors';
import { checkoutTerms } from '../../../machines/orders/checkout-attempt';
import { useCartSelector } from '../cart-provider';
import { OrderSummary } from '../order-summary';
import { useShowPricing } from '../use-show-pricing';
import { ViewTiersButton } from '../view-tiers';
import { PageTitle } from '../../shell/page';
import { CheckoutForm } from './checkout-form';
import { CheckoutClass } from './checkout-styles';
import { PracticeLoadError } from '../../parts/practice-load-error';
import { practiceQuery } from '../../../services/practice/queries';

/** Ordering §2 "Checkout" (/orders/checkout): the order summary beside the form, or the way back to an empty cart's catalogue. */
export function CheckoutPage() {
  const empty = useCartSelector((snapshot) => selectCartItems(snapshot).length === 0);
  const practice = useQuery(practiceQuery());
  const showPricing = useShowPricing();
  // Banner, form and summary together are the page's longest piece of drawing. Deferred, React draws them in slices
  // that leave the main thread free in between (on a phone one block of a quarter of a second otherwise), and still
  // shows them all at once.
  const drawn = useDeferredValue(!practice.isPending);

  // Once placed, the checkout has left for the success page before it empties the cart, so this never shows then.
  if (empty) return <EmptyCart />;
  const title = (
    <PageTitle title={CheckoutText.title}>
      <Link href={Paths.newOrder} asChild>
        <Button type="link" icon={<ArrowLeftOutlined aria-hidden />} className={CheckoutClass.back}>
          {CheckoutText.backToOrder}
        </Button>
      </Link>
    </PageTitle>
  );
  // The banner and the form wait for the practice. Drawn meanwhile, the summary was pushed down and aside once they
  // arrived: on a phone the whole page jumped (a layout shift of 0.65 to 0.70, where 0.1 is the limit of good).
  if (!drawn) {
    return (
      <>
        {title}
        <Spin />
      </>
    );
  }
  return (
    <>
      {title}
      {practice.data && isHcp(practice.data.unitType) ? (
        <Alert
          type="info"
          showIcon
          title={CatalogueText.volumeDiscounts}
          description={CatalogueText.freeShipping}
          action={<ViewTiersButton />}
          className={CheckoutClass.banner}
        />
      ) : null}
      {/*
        The summary comes first, so that on a narrow screen one reviews the order before Place Order (issue 40 item 7),
        in reading and focus order as on screen; from lg on it moves beside the form, on the right.
      */}
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={{ span: 10, order: 2 }}>
          <Card title={CheckoutText.orderSummary}>
            <OrderSummary showPricing={showPricing} editable />
          </Card>
        </Col>
        <Col xs={24} lg={{ span: 14, order: 1 }}>
          {practice.isError ? <PracticeLoadError error={practice.error} /> : null}
          {practice.data ? (
            // The checkout starts with the practice's terms; should a fresh read of the practice change them, it starts again.
            <CheckoutForm key={JSON.stringify(checkoutTerms(practice.data))} practice={practice.data} />
          ) : null}
        </Col>
      </Row>
    </>
  );
}

function EmptyCart() {
  return (
    <>
      <PageTitle title={CheckoutText.title} />
      <Flex vertical align="center" gap="middle" className={CheckoutClass.empty}>
        <Empty description={CheckoutText.emptyCart} />
        <Link href={Paths.catalog} asChild>
          <Button type="primary">{CheckoutText.returnToCatalog}</Button>
        </Link>
      </Flex>
    </>
  );
}
