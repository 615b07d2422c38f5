/**
 * `npm run bench:mail`: how many messages per second the mail sender hands to a local SMTP server. Queues N messages
 * (default 1,000) in a fresh in-memory database, then lets one sender, or `--senders K` senders sharing the database as
 * several servers would, drain the outbox through nodemailer to the test SMTP server in this process, and checks that
 * each arrived exactly once. A benchmark that prints figures, not a test.
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_CONFIG } from '../server/config';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import { silentLogger } from '../server/logger';
import { queueMail } from '../server/mail/outbox';
import { createMailSender } from '../server/mail/sender';
import { smtpTransport } from '../server/mail/transport';
import { SmtpSink } from '../tests/support/smtp-sink';
import { textOption } from './lib/cli';
import { runMain } from './lib/run-main';

async function main(): Promise<number> {
  const count = Number(textOption('messages') ?? 1_000);
  const senders = Number(textOption('senders') ?? 1);
  const db = await openDatabase({ databaseUrl: undefined, pgliteDataDir: 'memory://' });
  const sink = await new SmtpSink().start();
  const transports = Array.from({ length: senders }, () => smtpTransport({ ...DEFAULT_CONFIG, smtpUrl: sink.url }));
  try {
    await migrate(db);
    const now = new Date();
    await db.transaction(async (tx) => {
      for (let i = 0; i < count; i += 1) {
        await queueMail(
          tx,
          { to: `reader${i}@clinic.example`, personId: null, content: { kind: 'patientDeactivated', firstName: `Reader ${i}` } },
          now,
        );
      }
    });
    const config = { ...DEFAULT_CONFIG, mailPollMs: 10 };
    const started = performance.now();
    await Promise.all(
      transports.map(async (transport) => {
        const sender = createMailSender({ db, config, transport, logger: silentLogger });
        while ((await sender.runOnce()) > 0);
      }),
    );
    await sink.waitFor(count, 60_000);
    const seconds = (performance.now() - started) / 1000;
    const unique = new Set(sink.received.map((mail) => mail.messageId)).size;
    console.info(
      `${count} messages through ${senders} sender${senders === 1 ? '' : 's'} in ${seconds.toFixed(1)} s: ` +
        `${Math.round(count / seconds)} messages/s; ${sink.received.length} received, ${unique} distinct`,
    );
    return sink.received.length === count && unique === count ? 0 : 1;
  } finally {
    for (const transport of transports) transport.close();
    await sink.close();
    await db.close();
  }
}

runMain(main);
