import { Alert } from 'antd';
import { CheckoutPageText } from '../../model/orders/texts';
import { messageOf } from '../../services/http/api-error';

/** Ordering §8: the practice could not be read, with the server's message when it gave one. */
export function PracticeLoadError({ error }: { error: unknown }) {
  return (
    <Alert
      type="error"
      showIcon
      title={CheckoutPageText.practiceLoadFailed}
      description={messageOf(error, CheckoutPageText.unknownPractice)}
    />
  );
}
