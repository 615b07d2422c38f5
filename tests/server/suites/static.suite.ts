import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { mountSpa, NOT_BUILT_HINT } from '../../../server/static';
import { RecordingLogger, testConfig, type TestServer } from '../support/harness';

const INDEX = '<!doctype html><title>Portal</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>';

export function staticSuite(server: () => TestServer): void {
  describe('the built app beside the API', () => {
    let dist = '';
    beforeAll(async () => {
      dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
      await mkdir(join(dist, 'assets'));
      await writeFile(join(dist, 'index.html'), INDEX);
      await writeFile(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log("portal")');
      await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    });
    afterAll(async () => {
      await rm(dist, { recursive: true, force: true });
    });

    function spa(dir: string) {
      const app = createApp({ db: server().db, config: testConfig(), logger: new RecordingLogger() });
      const built = mountSpa(app, dir);
      return { app, built };
    }

    it.each(['/', '/kits/ABC123', '/settings/team/add?edit=42', '/restore-password?token=abc'])(
      'answers GET %s with index.html, revalidated on every load (history-API fallback)',
      async (path) => {
        const response = await spa(dist).app.request(path);
        expect(response.status).toBe(200);
        expect(await response.text()).toBe(INDEX);
        expect(response.headers.get('Cache-Control')).toBe('no-cache');
        expect(response.headers.get('X-Correlation-Id')).toBeTruthy();
      },
    );

    it('serves hashed files under /assets with a long, immutable cache lifetime', async () => {
      const response = await spa(dist).app.request('/assets/index-Ab12Cd34.js');
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toContain('javascript');
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    });

    it('answers a missing file under /assets with 404, not with the page', async () => {
      expect((await spa(dist).app.request('/assets/index-Old00000.js')).status).toBe(404);
    });

    it('serves other files of the build as they are', async () => {
      const response = await spa(dist).app.request('/favicon.svg');
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toContain('svg');
    });

    it('keeps /portalApi for the API: an unknown API route is still a JSON 404', async () => {
      const response = await spa(dist).app.request('/portalApi/Nope');
      expect(response.status).toBe(404);
      expect(response.headers.get('Content-Type')).toContain('application/json');
    });

    it('falls back to the page for GET only', async () => {
      expect((await spa(dist).app.request('/sign-in', { method: 'POST' })).status).toBe(404);
    });

    it('without a build, answers pages with a hint to build and still serves the API', async () => {
      const { app, built } = spa(join(dist, 'missing'));
      expect(built).toBe(false);
      const page = await app.request('/');
      expect(page.status).toBe(404);
      expect(await page.text()).toBe(NOT_BUILT_HINT);
      const api = await app.request('/portalApi/Auth', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'nobody.here', password: 'x', rememberMe: false }),
      });
      expect(api.status).toBe(401);
    });
  });
}
