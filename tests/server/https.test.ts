import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type StartedServer } from '../../scripts/lib/reference-server';
import { localCertificate, type LocalCertificate } from '../../scripts/lib/self-signed';
import { SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../server/auth/sign-in-throttle';
import { readRuntimeSettings } from '../../server/config';
import { ServerText } from '../../server/messages';

interface Answer {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** One request on an HTTP/2 session, its answer read whole. */
function h2Request(session: ClientHttp2Session, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers);
    let received = '';
    let answered: IncomingHttpHeaders = {};
    stream.setEncoding('utf8');
    stream.on('response', (answerHeaders) => (answered = answerHeaders));
    stream.on('data', (chunk: string) => (received += chunk));
    stream.on('end', () => resolve({ headers: answered, body: received }));
    stream.on('error', reject);
    stream.end(body);
  });
}

describe('HTTPS with HTTP/2 (TLS_CERT_FILE and TLS_KEY_FILE)', () => {
  let certificate: LocalCertificate;
  let server: StartedServer;
  let session: ClientHttp2Session;

  beforeAll(async () => {
    certificate = await localCertificate();
    server = await startReferenceServer({ tls: certificate });
    session = connect(server.origin, { ca: certificate.cert });
  });
  afterAll(() => {
    session?.close();
    server?.child.kill();
  });

  it('prints the https address it listens on', () => {
    expect(server.origin).toMatch(/^https:/);
    expect(server.log()).toContain(`Portal listening on https://localhost:${new URL(server.origin).port}`);
  });

  it('answers a browser over HTTP/2, with HSTS and the other security headers', async () => {
    const answer = await h2Request(session, { ':method': 'GET', ':path': '/portalApi/openapi.json' });
    expect(session.alpnProtocol).toBe('h2');
    expect(answer.headers[':status']).toBe(200);
    expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.body).toContain('"openapi"');
  });

  it('reads request bodies over HTTP/2 and throttles failed sign-ins there too', async () => {
    const failedSignIn = () =>
      h2Request(
        session,
        { ':method': 'POST', ':path': '/portalApi/Auth', 'content-type': 'application/json' },
        JSON.stringify({ username: 'hcp.checkout', password: 'not-the-password', rememberMe: false }),
      );
    const statuses: unknown[] = [];
    let last: Answer | undefined;
    for (let attempt = 0; attempt <= SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      last = await failedSignIn();
      statuses.push(last.headers[':status']);
    }
    expect(statuses).toEqual([...Array<number>(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS).fill(401), 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.body).toContain(ServerText.tooManyAttempts);
  });

  it('still answers clients that speak only HTTP/1.1 over TLS', async () => {
    const answer = await new Promise<{ code: number | undefined; hsts: string | undefined; version: string }>((resolve, reject) => {
      const req = httpsRequest(`${server.origin}/portalApi/openapi.json`, { ca: certificate.cert }, (res) => {
        res.resume();
        resolve({ code: res.statusCode, hsts: res.headers['strict-transport-security'], version: res.httpVersion });
      });
      req.on('error', reject);
      req.end();
    });
    expect([answer.code, answer.version]).toEqual([200, '1.1']);
    expect(answer.hsts).toMatch(/max-age=\d+/);
  });
});

describe('TLS settings', () => {
  it('takes the certificate and key together', () => {
    expect(readRuntimeSettings({ TLS_CERT_FILE: '/etc/portal/cert.pem', TLS_KEY_FILE: '/etc/portal/key.pem' }).tls).toEqual({
      certFile: '/etc/portal/cert.pem',
      keyFile: '/etc/portal/key.pem',
    });
    expect(readRuntimeSettings({}).tls).toBeUndefined();
  });

  it('refuses one without the other, rather than serving plain HTTP unnoticed', () => {
    expect(() => readRuntimeSettings({ TLS_CERT_FILE: '/etc/portal/cert.pem' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE go together/);
    expect(() => readRuntimeSettings({ TLS_KEY_FILE: '/etc/portal/key.pem' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE go together/);
  });

  it('stops with the setting’s name when a file cannot be read', async () => {
    const certificate = await localCertificate();
    await expect(startReferenceServer({ tls: { ...certificate, keyFile: `${certificate.keyFile}.missing` } })).rejects.toThrow(
      /TLS_KEY_FILE could not be read/,
    );
  });

  it('stops, naming both settings, when the key is not the certificate’s', async () => {
    const [certificate, another] = await Promise.all([localCertificate(), localCertificate()]);
    await expect(startReferenceServer({ tls: { ...certificate, keyFile: another.keyFile } })).rejects.toThrow(
      /TLS_CERT_FILE and TLS_KEY_FILE are not a certificate and its key in PEM/,
    );
  });
});
