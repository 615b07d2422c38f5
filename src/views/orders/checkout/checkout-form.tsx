import { useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Form } from 'antd';
import { useEffect, useState, type RefObject } from 'react';
import {
  checkoutBlocker,
  checkoutSubmission,
  initialCheckoutForm,
  invoiceBillingErrors,
  isDtc,
  isHcp,
  isPhysical,
  paysByCard,
  paysByInvoice,
  shippingLocation,
  type CheckoutForm as CheckoutFormValues,
} from '../../../model/orders/checkout';
import { CheckoutText, CheckoutValidationText } from '../../../model/orders/texts';
import { orderingConfiguration } from '../../../model/orders/ordering';
import { DEFAULT_COUNTRY } from '../../../model/address/address-rules';
import { DEFAULT_ZIP_CODE } from '../../../model/orders/cart';
import { fulfilmentOf, type Practice } from '../../../model/practice/practice';
import { selectCartItems, selectCheckoutKey } from '../../../machines/orders/cart.selectors';
import { selectCheckout } from '../../../machines/orders/checkout.selectors';
import { useFieldValue } from '../../forms/use-field-value';
import { useCart, useCartSelector } from '../cart-provider';
import { DeliverySection, DigitalOrderNote } from './delivery-section';
import { Net30Notice } from './net30-notice';
import { PaymentSection } from './payment-section';
import { ShippingFields } from './shipping-fields';
import type { CardCreator, CheckoutActor } from './use-checkout';
import { paymentMethodsQuery } from '../../../services/payments/queries';

const DEFAULT_VALUES = initialCheckoutForm();

/**
 * Ordering §2 "Checkout": the form. Its values stay in the form through every attempt (an error keeps them all);
 * the rules are the model's, the outcome the checkout machine's.
 */
export function CheckoutForm({
  practice,
  actor,
  cardCreator,
}: {
  practice: Practice;
  actor: CheckoutActor;
  cardCreator: RefObject<CardCreator>;
}) {
  const [form] = Form.useForm<CheckoutFormValues>();
  const cart = useCart();
  const items = useCartSelector(selectCartItems);
  const checkoutKey = useCartSelector(selectCheckoutKey);
  const { busy, placed, canSubmit, countryRefused, error } = useSelector(actor, selectCheckout, shallowEqual);
  const [cardComplete, setCardComplete] = useState(false);

  const configuration = orderingConfiguration(practice);
  const byCard = paysByCard(configuration);
  const byInvoice = paysByInvoice(configuration);
  const fulfillment = fulfilmentOf(practice);
  const physical = isPhysical(fulfillment);
  const dtc = isDtc(practice.unitType);
  const methods = useQuery({ ...paymentMethodsQuery(), enabled: byCard });

  const shipToPractice = useFieldValue(form, 'isShipToPractice', DEFAULT_VALUES.isShipToPractice);
  const country = useFieldValue(form, 'country', DEFAULT_VALUES.country);
  const zipCode = useFieldValue(form, 'zipCode', DEFAULT_VALUES.zipCode);
  const location = shippingLocation(
    { isShipToPractice: shipToPractice, country, zipCode },
    { fulfillment, practiceAddress: practice.address },
  );

  // Ordering §4 and §5: the price follows the shipping country and zip code, and the country is checked on change.
  const shipsSomewhere = location !== null;
  const locatedCountry = location?.country ?? '';
  const locatedZip = location?.zipCode ?? '';
  useEffect(() => {
    if (shipsSomewhere) cart.send({ type: 'cart.locate', country: locatedCountry, zipCode: locatedZip });
  }, [cart, shipsSomewhere, locatedCountry, locatedZip]);
  // Away from the checkout the cart prices for the default country and an empty zip code again (ordering §4).
  useEffect(() => () => cart.send({ type: 'cart.locate', country: DEFAULT_COUNTRY, zipCode: DEFAULT_ZIP_CODE }), [cart]);
  useEffect(() => {
    actor.send({ type: 'checkout.countryChanged', countryCode: locatedCountry, isDTC: dtc });
  }, [actor, locatedCountry, dtc]);

  const blocker = checkoutBlocker({ physical, isShipToPractice: shipToPractice, practice, invoice: byInvoice });
  const billingErrors = byInvoice ? invoiceBillingErrors(practice) : [];

  const submit = (values: Partial<CheckoutFormValues>) => {
    const { request, newCard } = checkoutSubmission(
      { ...DEFAULT_VALUES, ...values },
      { fulfillment, practiceAddress: practice.address, items, paysByCard: byCard },
    );
    actor.send({ type: 'checkout.submit', request, newCard, idempotencyKey: checkoutKey, isDTC: dtc });
  };

  return (
    <Form<CheckoutFormValues>
      form={form}
      layout="vertical"
      requiredMark={isHcp(practice.unitType)}
      initialValues={DEFAULT_VALUES}
      onFinish={submit}
      disabled={busy || placed}
      aria-label={CheckoutText.title}
    >
      {physical ? (
        <>
          <DeliverySection practiceName={practice.name} address={practice.address} shipToPractice={shipToPractice} />
          {shipToPractice ? null : <ShippingFields form={form} countryRefused={countryRefused} />}
          {shipToPractice && countryRefused ? (
            <Alert type="error" showIcon title={CheckoutValidationText.countryNotShippable} style={{ marginBottom: 16 }} />
          ) : null}
        </>
      ) : (
        <DigitalOrderNote />
      )}
      {byCard ? (
        <PaymentSection
          form={form}
          methods={methods}
          cardCreator={cardCreator}
          cardComplete={cardComplete}
          onCardChange={setCardComplete}
        />
      ) : null}
      {byInvoice ? <Net30Notice billingErrors={billingErrors} /> : null}
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" size="large" block loading={busy} disabled={!canSubmit || blocker !== null}>
        {busy || placed ? CheckoutText.placingOrder : CheckoutText.placeOrder}
      </Button>
    </Form>
  );
}
