import { useQuery } from '@tanstack/react-query';
import { BillingType } from '../../model/enums';
import { orderingConfiguration } from '../../model/ordering';
import { practiceQuery } from '../../services/queries';
import { CardProviderBoundary } from '../payments/card-entry';
import { PaymentMethodsPanel } from '../payments/payment-methods-panel';

/**
 * The billing settings tab (ordering §2 "Settings: billing"): a PerOrder practice pays by card, so it
 * manages its saved cards here, behind the card provider's boundary. The invoice and billing address
 * parts of the page come with later work.
 */
export function BillingTab() {
  const { data: practice } = useQuery(practiceQuery());
  const paysByCard = practice !== undefined && orderingConfiguration(practice).billingType === BillingType.PerOrder;
  return (
    <section>
      {paysByCard ? (
        <CardProviderBoundary>
          <PaymentMethodsPanel />
        </CardProviderBoundary>
      ) : null}
    </section>
  );
}
