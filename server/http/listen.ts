import { readFile } from 'node:fs/promises';
import { createSecureServer } from 'node:http2';
import { createSecureContext } from 'node:tls';
import type { serve } from '@hono/node-server';
import type { RuntimeSettings } from '../config';

type ServeOptions = Parameters<typeof serve>[0];

export interface Certificate {
  readonly cert: Buffer;
  readonly key: Buffer;
}

/** The certificate and key the settings name, read before anything else starts so that a wrong path stops at once. */
export async function readCertificate(tls: RuntimeSettings['tls']): Promise<Certificate | undefined> {
  if (!tls) return undefined;
  const [cert, key] = await Promise.all([readPem(tls.certFile, 'TLS_CERT_FILE'), readPem(tls.keyFile, 'TLS_KEY_FILE')]);
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`TLS_CERT_FILE and TLS_KEY_FILE are not a certificate and its key in PEM: ${reason}`, { cause: error });
  }
  return { cert, key };
}

/**
 * How `serve` listens on the port. Plain HTTP/1.1 without a certificate. With one, HTTPS: HTTP/2 for the browsers that
 * offer it and HTTP/1.1 for every other client. Over HTTP/1.1 a browser opens at most six connections to one origin,
 * so a page's small files queue behind each other; over HTTP/2 they all share one connection.
 */
export function serveOptions(
  fetch: ServeOptions['fetch'],
  port: number,
  certificate: Certificate | undefined,
  hostname?: string,
): ServeOptions {
  if (!certificate) return { fetch, port, hostname };
  return { fetch, port, hostname, createServer: createSecureServer, serverOptions: { ...certificate, allowHTTP1: true } };
}

async function readPem(file: string, setting: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    throw new Error(`${setting} could not be read (${file}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
