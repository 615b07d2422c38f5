import { Typography } from 'antd';
import { supportKindFor } from '../../model/auth/roles';
import { selectUnitType, selectUserType } from '../../machines/auth/session.selectors';
import { config } from '../../services/http/config';
import { useSession } from '../auth/session';
import './shell.css';

/** Access §6: the support address by role, as a mail link; without a configured address, only the advice. */
export function SupportContact() {
  const userType = useSession(selectUserType);
  const unitType = useSession(selectUnitType);
  if (userType === null || unitType === null) return null;
  const email = config.supportEmails[supportKindFor(userType, unitType)];
  return (
    <Typography.Paragraph type="secondary" className="shell-support-contact">
      Questions? Contact your account representative
      {email ? (
        <>
          {' at '}
          <Typography.Link href={`mailto:${email}`}>{email}</Typography.Link>
        </>
      ) : null}
      .
    </Typography.Paragraph>
  );
}
