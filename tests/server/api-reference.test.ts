import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../server/openapi';
import { API_BASE_PATH } from '../../src/model/constants';
import { API_REFERENCE_PATH } from '../../src/model/developers/webhook-rules';
import { errorMessage, useTestServer } from './support/harness';

/**
 * Kits §2 "Link to the API documentation": the reference server's readable API reference, drawn by Swagger UI
 * from the OpenAPI document, open to anyone like the document itself, with no inline script.
 */

const server = useTestServer('pglite');
const ASSETS = `${API_REFERENCE_PATH}/assets`;

/** Every `src` and `href` the page loads, as written. */
const loadedBy = (page: string) => [...page.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((match) => match[1]);

describe('the API reference page (GET /portalApi/reference)', () => {
  it('answers HTML titled after the portal’s API that loads the renderer and points it at openapi.json', async () => {
    const answer = await server().call('GET', API_REFERENCE_PATH);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/^text\/html; charset=utf-8/i);
    const page = String(answer.body);
    expect(page).toContain('<html lang="en">');
    expect(page).toContain(`<title>${buildOpenApiDocument().info.title} reference</title>`);
    expect(page).toContain('portalApi');
    expect(page).toContain(`data-openapi-url="${API_BASE_PATH}/openapi.json"`);
    expect(loadedBy(page)).toEqual([
      `${API_BASE_PATH}${ASSETS}/favicon-32x32.png`,
      `${API_BASE_PATH}${ASSETS}/swagger-ui.css`,
      `${API_BASE_PATH}${ASSETS}/reference.css`,
      `${API_BASE_PATH}${ASSETS}/swagger-ui-bundle.js`,
      `${API_BASE_PATH}${ASSETS}/init.js`,
    ]);
  });

  it('runs no inline script, and its policy allows scripts from the server only', async () => {
    const answer = await server().call('GET', API_REFERENCE_PATH);
    const page = String(answer.body);
    // Every script element has a src and an empty body; no event handler attributes.
    expect(
      [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => [/\ssrc="/.test(attributes ?? ''), body]),
    ).toEqual([
      [true, ''],
      [true, ''],
    ]);
    expect(page).not.toMatch(/\son[a-z]+=/i);
    const policy = answer.headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy.split(';').find((directive) => directive.trim().startsWith('script-src'))).not.toContain('unsafe');
  });

  it('serves the renderer’s files and the initialiser with their content types, and the initialiser reads the page’s document address', async () => {
    const expected: Record<string, RegExp> = {
      'swagger-ui.css': /^text\/css; charset=utf-8$/,
      'reference.css': /^text\/css; charset=utf-8$/,
      'swagger-ui-bundle.js': /^text\/javascript; charset=utf-8$/,
      'init.js': /^text\/javascript; charset=utf-8$/,
      'favicon-32x32.png': /^image\/png$/,
    };
    for (const [name, type] of Object.entries(expected)) {
      const answer = await server().call('GET', `${ASSETS}/${name}`);
      expect(answer.status, name).toBe(200);
      expect(answer.headers.get('Content-Type'), name).toMatch(type);
      expect(answer.headers.get('X-Content-Type-Options'), name).toBe('nosniff');
    }
    const bundle = await server().call('GET', `${ASSETS}/swagger-ui-bundle.js`);
    expect(String(bundle.body)).toContain('SwaggerUIBundle');
    const init = String((await server().call('GET', `${ASSETS}/init.js`)).body);
    expect(init).toContain('SwaggerUIBundle');
    expect(init).toContain('dataset.openapiUrl');
  });

  it('answers 404 for a file it does not serve, including paths that try to leave the folder', async () => {
    for (const name of ['nothing.js', 'index.html', 'package.json', '..%2F..%2Fpackage.json', 'swagger-initializer.js', 'constructor']) {
      const answer = await server().call('GET', `${ASSETS}/${name}`);
      expect(answer.status, name).toBe(404);
      expect(errorMessage(answer.body), name).toBe('The requested resource was not found.');
    }
    expect((await server().call('GET', `${ASSETS}/`)).status).toBe(404);
  });

  it('the document it points at is there, open to anyone', async () => {
    const answer = await server().call('GET', '/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ info: { title: buildOpenApiDocument().info.title } });
  });
});
