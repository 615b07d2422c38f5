import { CardElement, Elements, useElements } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent, StripeCardElementOptions } from '@stripe/stripe-js';
import { theme } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { PaymentMethodsText } from '../../model/orders/texts';
import { createCardPaymentMethod } from '../../services/payments/card-provider';
import { CardKitContext, type CardFieldProps, type CardKit } from './card-context';
import './payments.css';

/**
 * The card provider's React parts. Only card-entry's boundary imports this module, dynamically, once the
 * provider has loaded: the provider's packages travel with it and with no other chunk.
 */

/** The provider's card input (card number, MM/YY, CVC) inside a field styled like antd's inputs. */
function CardField({ onChange, disabled = false, labelledBy }: CardFieldProps) {
  const { token } = theme.useToken();
  const [problem, setProblem] = useState<string | null>(null);
  // The input draws its own text, so it takes the theme's colours to stay readable in light and dark.
  const options = useMemo<StripeCardElementOptions>(
    () => ({
      hidePostalCode: true,
      disabled,
      style: {
        base: {
          color: token.colorText,
          fontFamily: token.fontFamily,
          fontSize: `${token.fontSize}px`,
          '::placeholder': { color: token.colorTextPlaceholder },
        },
        invalid: { color: token.colorErrorText },
      },
    }),
    [disabled, token.colorText, token.fontFamily, token.fontSize, token.colorTextPlaceholder, token.colorErrorText],
  );
  const change = (event: StripeCardElementChangeEvent) => {
    // The provider's own words about what is wrong, shown as typed.
    setProblem(event.error?.message ?? null);
    onChange?.(event.complete);
  };
  return (
    <div>
      <div
        role="group"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : PaymentMethodsText.cardLabel}
        className={['payments-card-input', problem ? 'payments-card-input-invalid' : '', disabled ? 'payments-card-input-disabled' : '']
          .filter(Boolean)
          .join(' ')}
      >
        <CardElement options={options} onChange={change} />
      </div>
      {problem ? (
        <div role="alert" className="payments-card-problem">
          {problem}
        </div>
      ) : null}
    </div>
  );
}

/** Gives the parts inside the boundary the card input and the creation of a payment method from it. */
function CardKitProvider({ stripe, children }: { stripe: Stripe; children: ReactNode }) {
  const elements = useElements();
  const kit = useMemo<CardKit>(
    () => ({ CardField, createPaymentMethod: () => createCardPaymentMethod(stripe, elements?.getElement('card') ?? null) }),
    [stripe, elements],
  );
  return <CardKitContext value={kit}>{children}</CardKitContext>;
}

export function CardProviderElements({ stripe, children }: { stripe: Stripe; children: ReactNode }) {
  return (
    <Elements stripe={stripe}>
      <CardKitProvider stripe={stripe}>{children}</CardKitProvider>
    </Elements>
  );
}
