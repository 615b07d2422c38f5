import { createHash, X509Certificate } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface LocalCertificate {
  readonly certFile: string;
  readonly keyFile: string;
  /** The certificate in PEM, for a client to trust it (`ca`). */
  readonly cert: string;
  /** Base64 SHA-256 of its public key: what Chromium's `--ignore-certificate-errors-spki-list` takes. */
  readonly spkiHash: string;
}

/** A throwaway certificate for 127.0.0.1 and localhost, valid for a day, for serving the reference server over HTTPS. */
export async function localCertificate(): Promise<LocalCertificate> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 24 * 60 * 60 * 1000),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const dir = await mkdtemp(join(tmpdir(), 'portal-tls-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  await Promise.all([writeFile(certFile, pems.cert), writeFile(keyFile, pems.private, { mode: 0o600 })]);
  const spki = new X509Certificate(pems.cert).publicKey.export({ type: 'spki', format: 'der' });
  return { certFile, keyFile, cert: pems.cert, spkiHash: createHash('sha256').update(spki).digest('base64') };
}
