import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Flex, Form, Radio, Spin, Tag, type FormInstance } from 'antd';
import { useEffect, useId, useState } from 'react';
import { initialPaymentChoice, paymentChoiceError, type CheckoutForm } from '../../../model/orders/checkout';
import type { PaymentMethod } from '../../../model/payments/payment';
import { CheckoutPageText, CheckoutText, OrderingFailureText, PaymentMethodsText } from '../../../model/orders/texts';
import { CardInput, CardProviderBoundary } from '../../payments/card-entry';
import { modelRule } from '../../forms/model-rule';
import { useFieldValue } from '../../forms/use-field-value';
import { CheckoutClass } from './checkout-styles';
import { CheckoutSection } from './section';

/** The payment choice the checkout form starts with, before any saved card has loaded. */
const INITIAL_MODE = initialPaymentChoice([]).paymentMode;

/**
 * Ordering §2, §4 and §5, card payers: a saved card (the default preselected, else the first) or a new one
 * entered in the card provider's input; with no saved card, only a new one. The checkout workflow creates the
 * new card's payment method from that input through the card entry scope it runs in.
 */
export function PaymentSection({ form, methods }: { form: FormInstance<CheckoutForm>; methods: UseQueryResult<PaymentMethod[]> }) {
  const mode = useFieldValue(form, 'paymentMode', INITIAL_MODE);
  const saved = methods.data ?? [];
  const [cardComplete, setCardComplete] = useState(false);

  // The preselection follows the cards once they load, unless the user already chose.
  useEffect(() => {
    if (!methods.data || form.isFieldsTouched(['paymentMode', 'cardId'])) return;
    form.setFieldsValue(initialPaymentChoice(methods.data));
  }, [form, methods.data]);

  const rule = modelRule(form, (values) =>
    paymentChoiceError({ paymentMode: values.paymentMode ?? 'new', cardId: values.cardId ?? null }, { cardComplete, methods: saved }),
  );

  return (
    <CheckoutSection title={CheckoutText.paymentMethod}>
      {methods.isPending ? <Spin /> : null}
      {methods.isError ? (
        <Alert type="error" showIcon title={OrderingFailureText.loadPaymentMethods} className={CheckoutClass.notice} />
      ) : null}
      <Form.Item name="paymentMode" rules={[rule]} dependencies={['cardId']}>
        <Radio.Group
          aria-label={CheckoutText.paymentMethod}
          options={[
            ...(saved.length > 0 ? [{ value: 'saved', label: CheckoutText.savedCard }] : []),
            { value: 'new', label: CheckoutText.newCard },
          ]}
        />
      </Form.Item>
      {mode === 'saved' && saved.length > 0 ? (
        <Form.Item name="cardId">
          <Radio.Group
            aria-label={CheckoutPageText.savedCards}
            orientation="vertical"
            options={saved.map((method) => ({ value: method.id, label: <CardLabel method={method} /> }))}
          />
        </Form.Item>
      ) : null}
      {mode === 'new' ? (
        <CardProviderBoundary>
          <NewCard onCardChange={setCardComplete} />
        </CardProviderBoundary>
      ) : null}
    </CheckoutSection>
  );
}

function CardLabel({ method }: { method: PaymentMethod }) {
  const expiry = method.expMonth !== null && method.expYear !== null ? PaymentMethodsText.expires(method.expMonth, method.expYear) : null;
  return (
    <span>
      <span className={CheckoutClass.cardBrand}>{PaymentMethodsText.card(method.brand, method.last4)}</span>
      {expiry ? ` · ${expiry}` : null}
      {method.isDefault ? (
        <Tag color="blue" className={CheckoutClass.cardDefault}>
          {PaymentMethodsText.defaultBadge}
        </Tag>
      ) : null}
    </span>
  );
}

/** The card input under its label; a new input starts empty, so the details are incomplete once it goes. */
function NewCard({ onCardChange }: { onCardChange: (complete: boolean) => void }) {
  const labelId = useId();
  useEffect(() => () => onCardChange(false), [onCardChange]);
  return (
    <Flex vertical gap="small" className={CheckoutClass.cardEntry}>
      <div id={labelId}>{PaymentMethodsText.cardLabel}</div>
      <CardInput labelledBy={labelId} onChange={onCardChange} />
    </Flex>
  );
}
