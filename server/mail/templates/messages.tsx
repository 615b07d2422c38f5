import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import type { KitNoticeContent, MailContent, SecurityNoticeContent } from '../content';
import { Layout, Paragraph, styles } from './layout';

/**
 * One template per kind of message, each rendered to HTML and to plain text from the same element. A subject names no
 * patient and no result: it is shown in notification previews and lock screens.
 */

function minutes(count: number): string {
  if (count % 60 === 0) return count === 60 ? '1 hour' : `${count / 60} hours`;
  return count === 1 ? '1 minute' : `${count} minutes`;
}

export const MailText = {
  greeting: (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,'),
  restoreSubject: 'Reset your Diagnostics Portal password',
  restoreBody: 'We received a request to reset the password of your Diagnostics Portal account. Choose a new password here:',
  restoreButton: 'Choose a new password',
  restoreExpiry: (expiresInMinutes: number) =>
    `The link works once and expires in ${minutes(expiresInMinutes)}. If you did not ask for it, ignore this message: your password stays as it is.`,
  invitationSubject: (practiceName: string) => `You have been added to ${practiceName} on the Diagnostics Portal`,
  invitationBody: (practiceName: string) =>
    `You have been added to the team of ${practiceName} on the Diagnostics Portal. Set your password to sign in:`,
  invitationButton: 'Set your password',
  invitationExpiry: (expiresInMinutes: number) =>
    `The link works once and expires in ${minutes(expiresInMinutes)}. When it has expired, use "Forgot password" on the sign-in page.`,
  removedSubject: (practiceName: string) => `Your access to ${practiceName} on the Diagnostics Portal has ended`,
  removedBody: (practiceName: string) =>
    `Your account at ${practiceName} on the Diagnostics Portal has been removed by the practice. If you think this is a mistake, please contact the practice.`,
  securitySubject: {
    passwordChanged: 'Your Diagnostics Portal password was changed',
    passwordRestored: 'Your Diagnostics Portal password was reset',
    accountMigrated: 'Your Diagnostics Portal account was updated with a new password',
  },
  securityBody: {
    passwordChanged: 'The password of your Diagnostics Portal account was changed just now.',
    passwordRestored: 'The password of your Diagnostics Portal account was reset through a password reset link just now.',
    accountMigrated: 'Your Diagnostics Portal account was migrated and a new password was set just now.',
  },
  securityAdvice: 'If this was you, there is nothing more to do. If this was not you, reset your password now:',
  securityButton: 'Reset your password',
  resultReadySubject: (barcode: string) => `Results are ready for kit ${barcode}`,
  resultReadyBody: (barcode: string, productName: string) =>
    `The results of kit ${barcode} (${productName}) are ready. Sign in to the Diagnostics Portal to see them.`,
  sampleFailedSubject: (barcode: string) => `The sample of kit ${barcode} could not be tested`,
  sampleFailedBody: (barcode: string, productName: string) =>
    `The laboratory could not test the sample of kit ${barcode} (${productName}). A replacement kit is on its way. Sign in to the Diagnostics Portal for the kit's details.`,
  kitButton: 'Open the kit',
  deactivatedSubject: 'Your Diagnostics Portal account has been deactivated',
  deactivatedBody:
    'Your patient account on the Diagnostics Portal has been deactivated as you asked. You can no longer sign in with it. If you did not ask for this, please contact your practice.',
} as const;

function Action({ href, label }: { readonly href: string; readonly label: string }) {
  return (
    <>
      <Button href={href} style={styles.button}>
        {label}
      </Button>
      <Paragraph>
        If the button does not work, copy this address into your browser:{' '}
        <Link href={href} style={styles.link}>
          {href}
        </Link>
      </Paragraph>
    </>
  );
}

function securityNotice(content: SecurityNoticeContent): { subject: string; element: ReactElement } {
  const subject = MailText.securitySubject[content.kind];
  return {
    subject,
    element: (
      <Layout preview={MailText.securityBody[content.kind]} heading={subject}>
        <Paragraph>{MailText.greeting(content.firstName)}</Paragraph>
        <Paragraph>{MailText.securityBody[content.kind]}</Paragraph>
        <Paragraph>{MailText.securityAdvice}</Paragraph>
        <Action href={content.forgotPasswordLink} label={MailText.securityButton} />
      </Layout>
    ),
  };
}

function kitNotice(content: KitNoticeContent): { subject: string; element: ReactElement } {
  const ready = content.kind === 'resultReady';
  const subject = ready ? MailText.resultReadySubject(content.barcode) : MailText.sampleFailedSubject(content.barcode);
  const body = ready
    ? MailText.resultReadyBody(content.barcode, content.productName)
    : MailText.sampleFailedBody(content.barcode, content.productName);
  return {
    subject,
    element: (
      <Layout preview={body} heading={subject} unsubscribeLink={content.unsubscribeLink}>
        <Paragraph>{MailText.greeting(content.firstName)}</Paragraph>
        <Paragraph>{body}</Paragraph>
        <Action href={content.kitLink} label={MailText.kitButton} />
      </Layout>
    ),
  };
}

function compose(content: MailContent): { subject: string; element: ReactElement } {
  switch (content.kind) {
    case 'passwordRestore':
      return {
        subject: MailText.restoreSubject,
        element: (
          <Layout preview={MailText.restoreBody} heading={MailText.restoreSubject}>
            <Paragraph>{MailText.greeting(content.firstName)}</Paragraph>
            <Paragraph>{MailText.restoreBody}</Paragraph>
            <Action href={content.link} label={MailText.restoreButton} />
            <Paragraph>{MailText.restoreExpiry(content.expiresInMinutes)}</Paragraph>
          </Layout>
        ),
      };
    case 'invitation': {
      const subject = MailText.invitationSubject(content.practiceName);
      return {
        subject,
        element: (
          <Layout preview={MailText.invitationBody(content.practiceName)} heading={subject}>
            <Paragraph>{MailText.greeting(content.firstName)}</Paragraph>
            <Paragraph>{MailText.invitationBody(content.practiceName)}</Paragraph>
            <Action href={content.link} label={MailText.invitationButton} />
            <Paragraph>{MailText.invitationExpiry(content.expiresInMinutes)}</Paragraph>
          </Layout>
        ),
      };
    }
    case 'memberRemoved': {
      const subject = MailText.removedSubject(content.practiceName);
      return {
        subject,
        element: (
          <Layout preview={MailText.removedBody(content.practiceName)} heading={subject}>
            <Paragraph>{MailText.greeting(content.firstName)}</Paragraph>
            <Paragraph>{MailText.removedBody(content.practiceName)}</Paragraph>
          </Layout>
        ),
      };
    }
    case 'passwordChanged':
    case 'passwordRestored':
    case 'accountMigrated':
      return securityNotice(content);
    case 'resultReady':
    case 'sampleFailed':
      return kitNotice(content);
    case 'patientDeactivated':
      return {
        subject: MailText.deactivatedSubject,
        element: (
          <Layout preview={MailText.deactivatedBody} heading={MailText.deactivatedSubject}>
            <Paragraph>{MailText.greeting(content.firstName)}</Paragraph>
            <Paragraph>{MailText.deactivatedBody}</Paragraph>
          </Layout>
        ),
      };
  }
}

export interface RenderedMail {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

/** The message's subject, HTML and plain text. */
export async function renderMail(content: MailContent): Promise<RenderedMail> {
  const { subject, element } = compose(content);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
