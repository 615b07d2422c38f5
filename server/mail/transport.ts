import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { ServerConfig } from '../config';
import type { Logger } from '../logger';
import { errorText } from '../outbox/poller';

/**
 * Where a message goes once the sender has rendered it: the SMTP server of SMTP_URL (nodemailer, the kept library for
 * SMTP in Node: pooling, STARTTLS, header encoding), or, without one, an .eml file per message under `mailDir`, which
 * any mail client opens, with one log line naming it.
 */

export interface OutgoingMail {
  /** The Message-ID's left part, the same on every attempt. */
  readonly uid: string;
  readonly to: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface MailTransport {
  /** Resolves once the SMTP server took the message; rejects with nodemailer's error otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface SendFailure {
  /** The SMTP reply code, when the server answered. */
  readonly smtpCode: number | null;
  readonly reason: string;
  /** The server refused the message for good (a 5xx reply): another attempt would be refused the same way. */
  readonly permanent: boolean;
}

function numberField(error: unknown, field: string): number | null {
  if (typeof error !== 'object' || error === null || !(field in error)) return null;
  const value: unknown = Reflect.get(error, field);
  return typeof value === 'number' ? value : null;
}

/**
 * RFC 5321: a 5yz reply is permanent, a 4yz reply and a connection that was refused, dropped or timed out are not.
 * 503 (bad sequence of commands) is the session's state, not the message's, so it is retried too.
 */
export function sendFailure(error: unknown): SendFailure {
  const smtpCode = numberField(error, 'responseCode');
  const permanent = smtpCode !== null && smtpCode >= 500 && smtpCode < 600 && smtpCode !== 503;
  const response = typeof error === 'object' && error !== null && 'response' in error ? Reflect.get(error, 'response') : undefined;
  const reason = typeof response === 'string' && response ? response : errorText(error);
  return { smtpCode, reason, permanent };
}

/** The host part of the Message-ID: PUBLIC_URL's, so that the id belongs to the portal's own domain. */
function messageIdOf(uid: string, publicUrl: string): string {
  return `<${uid}@${new URL(publicUrl).hostname}>`;
}

type TransportConfig = Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'mailDir' | 'mailTimeoutMs' | 'publicUrl'>;

/** The message as nodemailer takes it, the same for SMTP and for a file. */
function messageOf(mail: OutgoingMail, config: TransportConfig) {
  return {
    from: config.mailFrom,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: { ...mail.headers },
    messageId: messageIdOf(mail.uid, config.publicUrl),
  };
}

export function smtpTransport(config: TransportConfig & { readonly smtpUrl: string }): MailTransport {
  const transporter = createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: 5,
    connectionTimeout: config.mailTimeoutMs,
    greetingTimeout: config.mailTimeoutMs,
    socketTimeout: config.mailTimeoutMs,
  });
  return {
    async send(mail) {
      await transporter.sendMail(messageOf(mail, config));
    },
    close() {
      transporter.close();
    },
  };
}

/** A file name from the time and the message's uid alone: nothing a user typed reaches the file system. */
function emlName(uid: string, now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${uid}.eml`;
}

export function fileTransport(config: TransportConfig, logger: Logger, clock: () => Date = () => new Date()): MailTransport {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transporter.sendMail(messageOf(mail, config));
      await mkdir(config.mailDir, { recursive: true });
      const file = path.join(config.mailDir, emlName(mail.uid, clock()));
      // Written aside and renamed, so that whoever opens the folder's .eml files never reads one half-written.
      await writeFile(`${file}.part`, info.message);
      await rename(`${file}.part`, file);
      logger.info('Mail written to a file (no SMTP_URL)', { file, subject: mail.subject });
    },
    close() {
      transporter.close();
    },
  };
}

/** SMTP when SMTP_URL is set, the .eml folder otherwise. */
export function mailTransport(config: TransportConfig, logger: Logger): MailTransport {
  return config.smtpUrl ? smtpTransport({ ...config, smtpUrl: config.smtpUrl }) : fileTransport(config, logger);
}
