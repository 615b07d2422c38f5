import type { TestServer } from './harness';

/**
 * The tus protocol spoken by hand (issue 42), as any client would: creation, HEAD for the offset, PATCH with the
 * next bytes, DELETE. Nothing of tus-js-client, so that the server is held to the protocol, not to one client.
 */

export const TUS_VERSION = '1.0.0';
export const UPLOADS = '/portalApi/Analysis/Uploads';

export const metadata = (fileName: string): string =>
  `filename ${Buffer.from(fileName).toString('base64')},filetype ${Buffer.from('application/zip').toString('base64')}`;

type Fetch = (path: string, init: RequestInit) => Promise<Response>;

export class TusClient {
  constructor(
    private readonly fetch: Fetch,
    readonly token: string,
  ) {}

  static of(server: TestServer, token: string): TusClient {
    return new TusClient(async (path, init) => server.app.request(path, init), token);
  }

  private send(method: string, path: string, headers: Record<string, string> = {}, body?: Uint8Array): Promise<Response> {
    return this.fetch(path, {
      method,
      headers: { 'Tus-Resumable': TUS_VERSION, Authorization: `Bearer ${this.token}`, ...headers },
      ...(body ? { body: body as BodyInit } : {}),
    });
  }

  create(size: number, fileName = 'run.zip', headers: Record<string, string> = {}): Promise<Response> {
    return this.send('POST', UPLOADS, { 'Upload-Length': String(size), 'Upload-Metadata': metadata(fileName), ...headers });
  }

  /** Creates and answers the upload's path (its Location), failing loudly otherwise. */
  async start(size: number, fileName = 'run.zip'): Promise<string> {
    const answer = await this.create(size, fileName);
    const location = answer.headers.get('Location');
    if (answer.status !== 201 || !location) throw new Error(`Creation answered ${answer.status}: ${await answer.text()}`);
    return location;
  }

  head(location: string): Promise<Response> {
    return this.send('HEAD', location);
  }

  async offset(location: string): Promise<number> {
    const answer = await this.head(location);
    if (answer.status !== 200) throw new Error(`HEAD answered ${answer.status}`);
    return Number(answer.headers.get('Upload-Offset'));
  }

  patch(location: string, offset: number, bytes: Uint8Array): Promise<Response> {
    return this.send('PATCH', location, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, bytes);
  }

  /** Sends `bytes` from `from` on in chunks of `chunk` bytes, each PATCH checked. */
  async upload(location: string, bytes: Uint8Array, chunk: number, from = 0): Promise<void> {
    for (let offset = from; offset < bytes.length; offset += chunk) {
      const answer = await this.patch(location, offset, bytes.subarray(offset, Math.min(offset + chunk, bytes.length)));
      if (answer.status !== 204) throw new Error(`PATCH at ${offset} answered ${answer.status}: ${await answer.text()}`);
    }
  }

  delete(location: string): Promise<Response> {
    return this.send('DELETE', location);
  }

  outcome(location: string): Promise<Response> {
    return this.send('GET', `${location}/Outcome`);
  }
}

export const uploadId = (location: string): string => location.slice(location.lastIndexOf('/') + 1);
