import { Button, Modal } from 'antd';
import { useState } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { PatientConsentText as T } from '../../../model/account/patient-account-texts';
import type { ConsentName } from '../../../model/account/account-consents';
import { consentStatement } from '../../../services/account/consent-statements';

/** The statement's own headings sit below the page's (h2) and the dialog's title. */
const HEADINGS: Partial<Components> = { h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'h6' };

/**
 * Kits §2 tab 2: "Learn more" holds the consent's statement (its markdown rendered as React elements, never as
 * HTML: any HTML in the file shows as text) with "I don't agree", which only closes, and "I agree", which turns
 * the consent on and closes. "I agree" waits while another consent is being saved.
 */
export function ConsentStatementDialog({
  consent,
  canAgree,
  onAgree,
  onClose,
}: {
  consent: ConsentName | null;
  canAgree: boolean;
  onAgree: (consent: ConsentName) => void;
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
        <Button key="agree" type="primary" disabled={!canAgree} onClick={() => consent && onAgree(consent)}>
          {T.agree}
        </Button>,
      ]}
    >
      {statement ? <Markdown components={HEADINGS}>{statement.body}</Markdown> : null}
    </Modal>
  );
}
