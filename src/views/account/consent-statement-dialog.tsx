import { Button, Modal } from 'antd';
import { useState } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { PatientConsentText as T } from '../../model/account/patient-account-texts';
import type { ConsentName } from '../../model/account/account-consents';
import { consentStatement } from '../../services/account/consent-statements';

/** The statement's own headings sit below the page's (h2) and the dialog's title. */
const HEADINGS: Partial<Components> = { h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'h6' };

/**
 * Kits §2 tab 2 and issue 41 item 2: the consent's statement, opened by turning the consent on or by "Learn more"
 * (its markdown rendered as React elements, never as HTML: any HTML in the file shows as text), with
 * "I don't agree", which leaves the consent as it was, and "I agree", which turns it on. Closing the dialog is
 * not agreeing. The consents workflow decides what each does; the dialog only says which was pressed.
 */
export function ConsentStatementDialog({
  consent,
  canAgree,
  onAgree,
  onClose,
}: {
  consent: ConsentName | null;
  canAgree: boolean;
  onAgree: () => void;
  onClose: () => void;
}) {
  // The statement stays in the dialog while it closes, rather than emptying before it has gone.
  const [shown, setShown] = useState(consent);
  if (consent !== null && consent !== shown) setShown(consent);
  const statement = shown ? consentStatement(shown) : null;

  return (
    <Modal
      open={consent !== null}
      title={statement?.title}
      onCancel={onClose}
      footer={[
        <Button key="disagree" onClick={onClose}>
          {T.disagree}
        </Button>,
        <Button key="agree" type="primary" disabled={!canAgree} onClick={onAgree}>
          {T.agree}
        </Button>,
      ]}
    >
      {statement ? <Markdown components={HEADINGS}>{statement.body}</Markdown> : null}
    </Modal>
  );
}
