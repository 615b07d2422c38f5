import { isHcp } from '../../../model/auth/roles';
import { useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Form } from 'antd';
import {
  checkoutBlocker,
  initialCheckoutForm,
  invoiceBillingErrors,
  isPhysical,
  paysByInvoice,
  type CheckoutForm as CheckoutFormValues,
} from '../../../model/orders/checkout';
import { CheckoutText, CheckoutValidationText } from '../../../model/orders/texts';
import { orderingConfiguration } from '../../../model/orders/ordering';
import type { Practice } from '../../../model/practice/practice';
import { checkoutTerms } from '../../../machines/orders/checkout-attempt';
import { changesDelivery, selectCheckout } from '../../../machines/orders/checkout.selectors';
import { paymentMethodsQuery } from '../../../services/payments/queries';
import { useFieldValue } from '../../forms/use-field-value';
import { CardEntryScope } from '../../payments/card-entry';
import { CheckoutClass } from './checkout-styles';
import { DeliverySection, DigitalOrderNote } from './delivery-section';
import { Net30Notice } from './net30-notice';
import { PaymentSection } from './payment-section';
import { ShippingFields } from './shipping-fields';
import { useCheckoutWorkflow } from './use-checkout';

const DEFAULT_VALUES = initialCheckoutForm();

/**
 * Ordering §2 "Checkout": the form, with the checkout workflow it submits to. Its values stay in the form through
 * every attempt (an error keeps them all); the rules are the model's, the outcome the checkout machine's. The
 * workflow runs inside the card entry scope, where the new card's input is found when the order needs it.
 */
export function CheckoutForm({ practice }: { practice: Practice }) {
  return (
    <CardEntryScope>
      <PlaceOrderForm practice={practice} />
    </CardEntryScope>
  );
}

function PlaceOrderForm({ practice }: { practice: Practice }) {
  const [form] = Form.useForm<CheckoutFormValues>();
  const terms = checkoutTerms(practice);
  const actor = useCheckoutWorkflow(terms);
  const { busy, placed, canSubmit, countryRefused, error } = useSelector(actor, selectCheckout, shallowEqual);
  const byInvoice = paysByInvoice(orderingConfiguration(practice));
  const physical = isPhysical(terms.fulfillment);
  const methods = useQuery({ ...paymentMethodsQuery(), enabled: terms.paysByCard });
  const shipToPractice = useFieldValue(form, 'isShipToPractice', DEFAULT_VALUES.isShipToPractice);
  const blocker = checkoutBlocker({ physical, isShipToPractice: shipToPractice, practice, invoice: byInvoice });
  const billingErrors = byInvoice ? invoiceBillingErrors(practice) : [];

  // Ordering §4 and §5: the price and the country check follow where the order ships; other typing stays here. The
  // whole store, as the other address's fields keep their values while hidden and are not in the form's own values.
  const locate = (changed: Partial<CheckoutFormValues>) => {
    if (changesDelivery(changed)) actor.send({ type: 'checkout.locate', values: form.getFieldsValue(true) as Partial<CheckoutFormValues> });
  };

  return (
    <Form<CheckoutFormValues>
      form={form}
      layout="vertical"
      requiredMark={isHcp(practice.unitType)}
      initialValues={DEFAULT_VALUES}
      onValuesChange={locate}
      onFinish={(values) => actor.send({ type: 'checkout.submit', values })}
      disabled={busy || placed}
      aria-label={CheckoutText.title}
    >
      {physical ? (
        <>
          <DeliverySection practiceName={practice.name} address={practice.address} shipToPractice={shipToPractice} />
          {shipToPractice ? null : <ShippingFields form={form} countryRefused={countryRefused} />}
          {shipToPractice && countryRefused ? (
            <Alert type="error" showIcon title={CheckoutValidationText.countryNotShippable} className={CheckoutClass.notice} />
          ) : null}
        </>
      ) : (
        <DigitalOrderNote />
      )}
      {terms.paysByCard ? <PaymentSection form={form} methods={methods} /> : null}
      {byInvoice ? <Net30Notice billingErrors={billingErrors} /> : null}
      {error ? <Alert type="error" showIcon title={error} role="alert" className={CheckoutClass.notice} /> : null}
      <Button type="primary" htmlType="submit" size="large" block loading={busy} disabled={!canSubmit || blocker !== null}>
        {busy || placed ? CheckoutText.placingOrder : CheckoutText.placeOrder}
      </Button>
    </Form>
  );
}
