import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

/**
 * A real SMTP server in the test process (smtp-server), whose received messages are parsed with mailparser as a mail
 * client would read them. `script` gives the reply to each RCPT TO in turn (a code of 400 or more refuses the
 * recipient with it); once it runs out, every recipient is accepted.
 */

export interface ReceivedMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly messageId: string;
  readonly headers: ParsedMail['headers'];
  /** Each header as it arrived, unfolded: `name: value`. */
  readonly headerLines: readonly string[];
}

/** A header's value as it arrived, or undefined. */
export function rawHeader(mail: ReceivedMail, name: string): string | undefined {
  const prefix = `${name.toLowerCase()}:`;
  const line = mail.headerLines.find((one) => one.toLowerCase().startsWith(prefix));
  return line
    ?.slice(prefix.length)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** Every RCPT TO, accepted or not, with the reply code given. */
  readonly recipients: { readonly address: string; readonly code: number }[] = [];
  private readonly script: number[];
  private readonly server: SMTPServer;
  private waiters: (() => void)[] = [];

  constructor(script: readonly number[] = []) {
    this.script = [...script];
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A pooled client may open several connections at once.
      maxClients: 50,
      onRcptTo: (address, _session, callback) => {
        const code = this.script.shift() ?? 250;
        this.recipients.push({ address: address.address, code });
        if (code < 400) return callback();
        const error: SMTPServerError = new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later');
        error.responseCode = code;
        callback(error);
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream).then(
          (mail) => {
            this.received.push({
              to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              messageId: mail.messageId ?? '',
              headers: mail.headers,
              headerLines: mail.headerLines.map((header) => header.line),
            });
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      },
    });
  }

  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    return this;
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  /** SMTP_URL for this server. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves once `count` messages have arrived, or rejects after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 5_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Expected ${count} messages, ${this.received.length} arrived`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The first https or http link in a message's plain text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): URL {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.startsWith(prefix));
  if (!link) throw new Error(`No link to ${prefix} in "${mail.subject}"`);
  return new URL(link);
}
