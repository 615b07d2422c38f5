import { useQuery } from '@tanstack/react-query';
import { Spin, Typography } from 'antd';
import type { Practice } from '../../../model/practice/practice';
import { manifestPayer, manifestProductIds, manifestSteps } from '../../../model/orders/manifest-upload';
import { Net30Notice } from '../checkout/net30-notice';
import { PaymentMethodsPanel } from '../../payments/payment-methods-panel';
import { PageTitle } from '../../shell/page';
import { StepCard } from './step-card';
import { TemplateStep } from './template-step';
import { UploadStep } from './upload-step';
import { useBulkOrder } from './use-bulk-order';
import { PracticeLoadError } from '../../parts/practice-load-error';
import { paymentMethodsQuery } from '../../../services/payments/queries';
import { practiceQuery } from '../../../services/practice/queries';
import '../orders.css';
import { ManifestPageText } from '../../../model/orders/manifest-texts';

/**
 * Ordering §2 "Manifest Upload" (/orders/bulk): the template, the payment (cards for per-order payers, the Net 30
 * notice otherwise), and the upload of a file whose rows were checked first (issue 9 items 4 and 5).
 */
export function BulkOrderPage() {
  const practice = useQuery(practiceQuery());
  return (
    <>
      <PageTitle title={ManifestPageText.title}>
        <Typography.Paragraph type="secondary" className="orders-flush">
          {ManifestPageText.subtitle}
        </Typography.Paragraph>
      </PageTitle>
      {practice.isPending ? <Spin /> : null}
      {practice.isError ? <PracticeLoadError error={practice.error} /> : null}
      {practice.data ? <BulkOrderSteps practice={practice.data} /> : null}
    </>
  );
}

function BulkOrderSteps({ practice }: { practice: Practice }) {
  const byCard = manifestPayer(practice, 0).kind === 'card';
  const cards = useQuery({ ...paymentMethodsQuery(), enabled: byCard });
  const payer = manifestPayer(practice, cards.data?.length ?? 0);
  const steps = manifestSteps(payer);
  // The ordering document's Product IDs, never the catalogue's skus: the service maps them to its products.
  const productIds = manifestProductIds(practice.unitType);
  const page = useBulkOrder({ unitType: practice.unitType, payer });
  return (
    <>
      <TemplateStep step={steps.template} unitType={practice.unitType} productIds={productIds} />
      {payer.kind === 'card' && steps.payment !== null ? (
        <StepCard step={steps.payment} title={ManifestPageText.setupPaymentMethod}>
          <PaymentMethodsPanel />
        </StepCard>
      ) : null}
      {payer.kind === 'invoice' ? <Net30Notice billingErrors={payer.billingErrors} /> : null}
      <UploadStep
        step={steps.upload}
        check={page.check}
        upload={page.upload}
        button={page.button}
        onChoose={page.choose}
        onUpload={page.send}
        onDownloadErrors={page.downloadErrors}
        onDownloadRefusedRows={page.downloadRefusedRows}
      />
    </>
  );
}
