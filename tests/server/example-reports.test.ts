import { describe, expect, it } from 'vitest';
import { exampleReportRoutes } from '../../server/routes/orders/example-reports';
import { SEED_PRODUCTS } from '../../server/seed/seed-data';
import { ExampleReportText } from '../../src/model/orders/order-detail-texts';
import { exampleReports } from '../../src/model/orders/product-details';

/**
 * The example reports of ordering §3, served beside the app for the Product Details panel's links: a small,
 * inert HTML page per report that says it is an example and shows only the product's catalogue data.
 */

const routes = exampleReportRoutes();
const productOf = (id: number) => {
  const product = SEED_PRODUCTS.find((candidate) => candidate.id === id);
  if (!product) throw new Error(`the seed has no product ${id}`);
  return product;
};

describe('example reports (GET /examples/reports/{productId}/{n})', () => {
  it('serves every link the panel offers: 79 has two, 1, 78, 74 and 47 one each', async () => {
    const links = [1, 78, 79, 74, 47].flatMap((id) => exampleReports(id).map((link) => ({ id, ...link })));
    expect(links).toHaveLength(6);
    for (const link of links) {
      const answer = await routes.request(link.href);
      expect(answer.status, link.href).toBe(200);
      expect(answer.headers.get('Content-Type')).toMatch(/^text\/html/);
      const page = await answer.text();
      expect(page).toContain(`<h1>${ExampleReportText.title(productOf(link.id).name, link.report, exampleReports(link.id).length)}</h1>`);
      expect(page).toContain(ExampleReportText.notice);
    }
  });

  it('is an accessible page built from the product data: language, title, heading, the description and its list', async () => {
    const answer = await routes.request('/examples/reports/79/2');
    const page = await answer.text();
    const combo = productOf(79);
    expect(page).toContain('<html lang="en">');
    expect(page).toContain(`<title>Example report 2 of 2: ${combo.name}</title>`);
    expect(page).toContain(combo.description);
    expect(page).toContain('<li>combined age and health report</li>');
    expect(page).not.toMatch(/<script/i);
  });

  it('is inert: no script may run, nothing is loaded from elsewhere, the type is not sniffed', async () => {
    const answer = await routes.request('/examples/reports/1/1');
    expect(answer.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('answers 404 for a product without reports, a report number beyond its count, and anything malformed', async () => {
    for (const path of [
      '/examples/reports/201/1',
      '/examples/reports/79/3',
      '/examples/reports/1/2',
      '/examples/reports/1/0',
      '/examples/reports/1/01',
      '/examples/reports/abc/1',
      '/examples/reports/1',
      '/examples/reports/1/1/extra',
      '/examples/reports/%3Cscript%3E/1',
    ]) {
      const answer = await routes.request(path);
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).toBe('Not found');
    }
  });
});
