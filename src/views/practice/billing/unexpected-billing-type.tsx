import { Result } from 'antd';
import { supportKindFor } from '../../../model/auth/roles';
import { BillingSettingsText as T } from '../../../model/practice/settings-texts';
import { selectUserType } from '../../../machines/auth/session.selectors';
import { config } from '../../../services/http/config';
import { useSession } from '../../auth/session';
import '../practice.css';

/** Ordering §2: a billing type other than PerOrder and Net30 is not supported; the user is sent to support. */
export function UnexpectedBillingType({ unitType }: { unitType: number }) {
  const userType = useSession(selectUserType);
  const email = userType === null ? undefined : config.supportEmails[supportKindFor(userType, unitType)];
  return (
    <Result status="warning" title={<h2 className="practice-result-title">{T.unexpectedTitle}</h2>} subTitle={T.unexpectedMessage(email)} />
  );
}
