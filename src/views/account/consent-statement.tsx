import type { ConsentName } from '../../model/account/account-consents';
import { OnceOpened } from '../parts/once-opened';
import { lazyNamed } from '../lazy';

// The statements and their markdown renderer (a third of the account page's code) load when one is first opened.
const ConsentStatementDialog = lazyNamed(() => import('./consent-statement-dialog'), 'ConsentStatementDialog');

/**
 * The statement of the consent being read (issue 41 item 2), in both portals' consent switches: nothing loads
 * until one is first opened; "I agree" and "I don't agree" (or closing) are the consents workflow's to decide.
 */
export function ConsentStatement({
  reading,
  onAgree,
  onDecline,
}: {
  reading: ConsentName | null;
  onAgree: () => void;
  onDecline: () => void;
}) {
  return (
    <OnceOpened open={reading !== null}>
      <ConsentStatementDialog consent={reading} canAgree={reading !== null} onAgree={onAgree} onClose={onDecline} />
    </OnceOpened>
  );
}
