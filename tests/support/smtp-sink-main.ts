import { createServer } from 'node:http';
import { SmtpSink } from './smtp-sink';

/**
 * The test SMTP server on its own, for browser journeys: the reference server sends to it through SMTP_URL, and a
 * journey reads what arrived over HTTP, as a person would open their inbox.
 *   FAKE_SMTP_PORT=2525 FAKE_SMTP_HTTP_PORT=2580 node --import tsx tests/support/smtp-sink-main.ts
 * GET /messages answers every message received so far (to, subject, text, html, messageId), oldest first; GET
 * /__fake/health answers once both ports listen. It prints only errors and ends cleanly on SIGTERM or SIGINT.
 */

function port(name: string): number {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value < 1 || value > 65_535) {
    console.error(`${name} must be a port number from 1 to 65535, got "${process.env[name] ?? ''}"`);
    process.exit(1);
  }
  return value;
}

const smtpPort = port('FAKE_SMTP_PORT');
const httpPort = port('FAKE_SMTP_HTTP_PORT');

try {
  const sink = await new SmtpSink().start(smtpPort);
  const http = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method === 'GET' && path === '/messages') {
      const messages = sink.received.map(({ to, subject, text, html, messageId }) => ({ to, subject, text, html, messageId }));
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(messages));
    } else if (request.method === 'GET' && path === '/__fake/health') {
      response.writeHead(200).end('ok');
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  const stop = () => {
    http.close();
    sink.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('The test SMTP server did not close cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  console.error('The test SMTP server could not start:', error);
  process.exit(1);
}
