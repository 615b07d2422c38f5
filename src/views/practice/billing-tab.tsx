import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { Suspense } from 'react';
import type { Practice } from '../../model/practice/practice';
import { billingPage } from '../../model/practice/practice-settings';
import { BillingSettingsText, PracticeSettingsText } from '../../model/practice/settings-texts';
import { PaymentMethodsPanel } from '../payments/payment-methods-panel';
import { BillingAddressForm } from './billing/billing-address-form';
import { InvoiceContactForm } from './billing/invoice-contact-form';
import { lazyNamed } from '../lazy';
import { practiceQuery } from '../../services/practice/queries';
import './practice.css';

// antd's Result (10 KB gzip, with its illustrations) is only for a billing type no practice should have.
const UnexpectedBillingType = lazyNamed(() => import('./billing/unexpected-billing-type'), 'UnexpectedBillingType');

/**
 * The billing settings tab (ordering §2 "Settings: billing"), by the practice's billing type: Net 30 payers
 * keep their invoice contact and billing address; per-order payers their saved cards (listed whatever the
 * card provider's state) and billing address; any other type is unexpected.
 */
export function BillingTab() {
  const practice = useQuery(practiceQuery());
  if (practice.data) return <BillingPage key={practice.data.id} practice={practice.data} />;
  if (practice.isError) return <Alert type="error" showIcon title={PracticeSettingsText.loadError} />;
  return <Spin />;
}

function BillingPage({ practice }: { practice: Practice }) {
  switch (billingPage(practice.billingType)) {
    case 'net30':
      return (
        <>
          <Alert
            type="info"
            showIcon
            title={BillingSettingsText.net30Title}
            description={BillingSettingsText.net30Message}
            className="practice-block"
          />
          <InvoiceContactForm practice={practice} />
          <BillingAddressForm practice={practice} />
        </>
      );
    case 'perOrder':
      return (
        <>
          <div className="practice-block">
            <PaymentMethodsPanel />
          </div>
          <BillingAddressForm practice={practice} />
        </>
      );
    case 'unexpected':
      return (
        <Suspense fallback={<Spin />}>
          <UnexpectedBillingType unitType={practice.unitType} />
        </Suspense>
      );
  }
}
