import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { mountSpa } from '../../server/static';
import { RecordingLogger, testConfig, useTestServer } from './support/harness';

/**
 * Issue 13, item 7: the build's brotli and gzip copies (vite.config.ts) are what a browser that accepts them
 * downloads; the plain file is what any other client gets. The copies are made once, at build time.
 */

const server = useTestServer('pglite');
const PAGE = `<!doctype html><title>Portal</title>${'<!-- padding -->'.repeat(100)}`;
const SCRIPT = `console.log(${JSON.stringify('portal '.repeat(400))});`;

let dist = '';
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'portal-compressed-'));
  await mkdir(join(dist, 'assets'));
  for (const [name, text] of [
    ['index.html', PAGE],
    [join('assets', 'index-Ab12.js'), SCRIPT],
  ] as const) {
    await writeFile(join(dist, name), text);
    await writeFile(join(dist, `${name}.br`), brotliCompressSync(text));
    await writeFile(join(dist, `${name}.gz`), gzipSync(text));
  }
  await writeFile(join(dist, 'assets', 'plain-Cd34.js'), SCRIPT);
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

function app() {
  const portal = createApp({ db: server().db, config: testConfig(), logger: new RecordingLogger() });
  mountSpa(portal, dist);
  return portal;
}

const CHROMIUM = 'gzip, deflate, br, zstd';

describe('precompressed assets', () => {
  it('sends a hashed script as brotli to Chromium, still cached for good', async () => {
    const response = await app().request('/assets/index-Ab12.js', { headers: { 'Accept-Encoding': CHROMIUM } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Vary')).toContain('Accept-Encoding');
    expect(response.headers.get('Content-Type')).toContain('javascript');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(bytes).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const response = await app().request('/assets/index-Ab12.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts neither, or when the build made no copy', async () => {
    const plain = await app().request('/assets/index-Ab12.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
    const uncopied = await app().request('/assets/plain-Cd34.js', { headers: { 'Accept-Encoding': CHROMIUM } });
    expect(uncopied.headers.get('Content-Encoding')).toBeNull();
    expect(await uncopied.text()).toBe(SCRIPT);
  });

  it('sends the page compressed for a client-side route, revalidated on every load', async () => {
    const response = await app().request('/kits/KT-1', { headers: { 'Accept-Encoding': CHROMIUM } });
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(PAGE);
  });
});
