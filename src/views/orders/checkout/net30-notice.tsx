import { Alert } from 'antd';
import { Link } from 'wouter';
import { SettingsPaths } from '../../../model/shell/navigation';
import { CheckoutText } from '../../../model/orders/texts';
import { CheckoutClass } from './checkout-styles';

/**
 * Ordering §2 and §5, invoice payers: the Net 30 terms, and, while the billing information is incomplete, a red
 * notice with what is missing and the way to billing settings (Place Order stays disabled meanwhile).
 */
export function Net30Notice({ billingErrors }: { billingErrors: readonly string[] }) {
  return (
    <>
      <Alert type="info" showIcon title={CheckoutText.net30Title} description={CheckoutText.net30Notice} className={CheckoutClass.notice} />
      {billingErrors.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={CheckoutText.billingIncomplete}
          description={
            <>
              <ul className={CheckoutClass.noticeList}>
                {billingErrors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
              <Link href={SettingsPaths.billing}>{CheckoutText.billingSettings}</Link>
            </>
          }
          className={CheckoutClass.notice}
        />
      ) : null}
    </>
  );
}
