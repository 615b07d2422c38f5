import { Alert } from 'antd';
import { Link } from 'wouter';
import { SettingsPaths } from '../../../model/shell/navigation';
import { CheckoutText } from '../../../model/orders/texts';

/**
 * Ordering §2 and §5, invoice payers: the Net 30 terms, and, while the billing information is incomplete, a red
 * notice with what is missing and the way to billing settings (Place Order stays disabled meanwhile).
 */
export function Net30Notice({ billingErrors }: { billingErrors: readonly string[] }) {
  return (
    <>
      <Alert type="info" showIcon title={CheckoutText.net30Title} description={CheckoutText.net30Notice} style={{ marginBottom: 16 }} />
      {billingErrors.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={CheckoutText.billingIncomplete}
          description={
            <>
              <ul style={{ margin: '4px 0', paddingInlineStart: 20 }}>
                {billingErrors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
              <Link href={SettingsPaths.billing}>{CheckoutText.billingSettings}</Link>
            </>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
    </>
  );
}
