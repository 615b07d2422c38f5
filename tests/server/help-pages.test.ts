import { describe, expect, it } from 'vitest';
import { KIT_STEP_NAMES, KIT_STEP_WEEKS, KitStep, REPROCESSING_WEEKS } from '../../src/model/kits/kit-steps';
import { helpPages } from '../../server/help/help-content';
import { HELP_CSP, helpRoutes } from '../../server/help/help-routes';
import { hrefOf } from '../../server/help/help-pages';
import { supportAddresses } from '../../server/help/support-addresses';
import { useTestServer } from './support/harness';

/** Issue 41 item 4: the Help Center's default site, the portal's own help pages, answered by the reference server. */

const server = useTestServer();
const SUPPORT = { patient: 'care@lab.example', provider: 'clinics@lab.example', research: 'science@lab.example' };
const get = (path: string) => server().app.request(path);
const linksIn = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? '');

describe('the help pages (GET /help/, /help/{page})', () => {
  const pages = helpPages(supportAddresses());

  it.each(pages.map((page) => [hrefOf(page), page.title] as const))(
    '%s answers 200 with its heading, no script, framed only by the portal',
    async (path, title) => {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(answer.headers.get('Content-Security-Policy')).toBe(HELP_CSP);
      expect(HELP_CSP).toContain("frame-ancestors 'self'");
      expect(HELP_CSP).not.toMatch(/script-src/);
      expect(answer.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
      const html = await answer.text();
      expect(html).toContain(`<h1>${title}</h1>`);
      expect(html).not.toMatch(/<script/i);
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<nav aria-label="Help topics">');
    },
  );

  it('every link between the pages opens a page, and the index links every topic', async () => {
    const index = await (await get('/help/')).text();
    for (const page of pages.slice(1)) expect(linksIn(index)).toContain(hrefOf(page));
    for (const page of pages) {
      for (const link of linksIn(await (await get(hrefOf(page))).text()).filter((href) => href.startsWith('/'))) {
        expect((await get(link)).status, `${link} linked from ${hrefOf(page)}`).toBe(200);
      }
    }
  });

  it('says what each kit step means and its typical time, from the model’s durations', async () => {
    const html = await (await get('/help/kit-steps')).text();
    for (const step of [KitStep.Registered, KitStep.SampleReceived, KitStep.SampleProcessing]) {
      const [from, to] = KIT_STEP_WEEKS[step];
      expect(html).toContain(`<th scope="row">${KIT_STEP_NAMES[step]}</th>`);
      expect(html).toContain(`${from} to ${to} weeks`);
    }
    expect(await (await get('/help/failed-sample')).text()).toContain(`adds about ${REPROCESSING_WEEKS} weeks`);
  });

  it('names the configured support addresses as mail links on the contact page', async () => {
    const html = await (await get('/help/contact')).text();
    for (const address of Object.values(supportAddresses())) if (address) expect(html).toContain(`href="mailto:${address}"`);
    const own = helpRoutes(SUPPORT);
    const text = await (await own.request('/help/contact')).text();
    expect(text).toContain('Patients: <a href="mailto:care@lab.example">care@lab.example</a>');
    expect(text).toContain('mailto:clinics@lab.example');
    expect(text).toContain('mailto:science@lab.example');
  });

  it('escapes every word: a support address cannot carry markup', async () => {
    expect(supportAddresses({ VITE_SUPPORT_EMAIL_PATIENT: '<b>x</b>@lab.example' }, '/nonexistent').patient).toBeUndefined();
    const own = helpRoutes({ patient: 'a&b"<i>@lab.example' });
    const text = await (await own.request('/help/contact')).text();
    expect(text).toContain('a&amp;b&quot;&lt;i&gt;@lab.example');
    expect(text).not.toContain('<i>');
  });

  it.each(['/help/nothing-here', '/help/Contact', '/help/contact/more', '/help/%3Cscript%3E'])('%s is a 404 page', async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('Content-Security-Policy')).toBe(HELP_CSP);
    const html = await answer.text();
    expect(html).toContain('<h1>Page not found</h1>');
    expect(html).not.toMatch(/<script/i);
  });

  it('/help redirects to the topics', async () => {
    const answer = await get('/help');
    expect(answer.status).toBe(301);
    expect(answer.headers.get('Location')).toBe('/help/');
  });
});
