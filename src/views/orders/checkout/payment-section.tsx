import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Form, Radio, Spin, Tag, type FormInstance } from 'antd';
import { useEffect, useId, type RefObject } from 'react';
import { initialPaymentChoice, paymentChoiceError, type CheckoutForm } from '../../../model/orders/checkout';
import type { PaymentMethod } from '../../../model/payments/payment';
import { CheckoutPageText, CheckoutText, OrderingFailureText, PaymentMethodsText } from '../../../model/orders/texts';
import { CardInput, CardProviderBoundary, useCreateCardPaymentMethod } from '../../payments/card-entry';
import { modelRule } from '../../forms/model-rule';
import { useFieldValue } from '../../forms/use-field-value';
import { CheckoutSection } from './section';
import { noCardInput, type CardCreator } from './use-checkout';

/** The payment choice the checkout form starts with, before any saved card has loaded. */
const INITIAL_MODE = initialPaymentChoice([]).paymentMode;

interface PaymentSectionProps {
  form: FormInstance<CheckoutForm>;
  methods: UseQueryResult<PaymentMethod[]>;
  cardCreator: RefObject<CardCreator>;
  cardComplete: boolean;
  onCardChange: (complete: boolean) => void;
}

/**
 * Ordering §2, §4 and §5, card payers: a saved card (the default preselected, else the first) or a new one
 * entered in the card provider's input; with no saved card, only a new one.
 */
export function PaymentSection({ form, methods, cardCreator, cardComplete, onCardChange }: PaymentSectionProps) {
  const mode = useFieldValue(form, 'paymentMode', INITIAL_MODE);
  const saved = methods.data ?? [];

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
      {methods.isError ? <Alert type="error" showIcon title={OrderingFailureText.loadPaymentMethods} style={{ marginBottom: 16 }} /> : null}
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
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={saved.map((method) => ({ value: method.id, label: <CardLabel method={method} /> }))}
          />
        </Form.Item>
      ) : null}
      {mode === 'new' ? (
        <CardProviderBoundary>
          <NewCard cardCreator={cardCreator} onCardChange={onCardChange} />
        </CardProviderBoundary>
      ) : null}
    </CheckoutSection>
  );
}

function CardLabel({ method }: { method: PaymentMethod }) {
  const expiry = method.expMonth !== null && method.expYear !== null ? PaymentMethodsText.expires(method.expMonth, method.expYear) : null;
  return (
    <span>
      <span style={{ textTransform: 'capitalize' }}>{PaymentMethodsText.card(method.brand, method.last4)}</span>
      {expiry ? ` · ${expiry}` : null}
      {method.isDefault ? (
        <Tag color="blue" style={{ marginInlineStart: 8 }}>
          {PaymentMethodsText.defaultBadge}
        </Tag>
      ) : null}
    </span>
  );
}

/** The card input, and the bridge that lets the checkout create the payment method from it. */
function NewCard({ cardCreator, onCardChange }: Pick<PaymentSectionProps, 'cardCreator' | 'onCardChange'>) {
  const create = useCreateCardPaymentMethod();
  const labelId = useId();
  useEffect(() => {
    cardCreator.current = create;
    return () => {
      cardCreator.current = noCardInput;
      onCardChange(false);
    };
  }, [cardCreator, create, onCardChange]);
  return (
    <div style={{ marginBottom: 24 }}>
      <div id={labelId} style={{ marginBottom: 8 }}>
        {PaymentMethodsText.cardLabel}
      </div>
      <CardInput labelledBy={labelId} onChange={onCardChange} />
    </div>
  );
}
