import { expect, test, type Page } from '@playwright/test';
import * as v from 'valibot';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { ProductListSchema, type Product } from '../../src/model/orders/product';
import { expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * The order quiz (ordering §2) against the reference server: every end step (2, 4, 5 and 6), their links and
 * texts, "+ Add another test" and Back, each step checked by axe in the light and the dark theme. The products
 * shown are the ones the server's GET /Products answered, read from the page's own call rather than retyped.
 */

const THEMES = ['light', 'dark'] as const;

test.beforeEach(async ({ request }) => resetDatabase(request));

const servicesQuestion = (page: Page) => page.getByRole('group', { name: 'What services are you looking for?' });
const institutionQuestion = (page: Page) => page.getByRole('group', { name: 'Which lab services does your institution need?' });
const recommended = (page: Page) => page.getByRole('list', { name: 'Recommended products' }).getByRole('listitem');

async function openQuiz(page: Page) {
  // "Take the Quiz" on /orders/new arrives with the catalogue; the quiz's own route is what this journey tests.
  await openSignedIn(page, 'hcp.net30', '/orders/quiz');
  await expect(page.getByRole('heading', { level: 2, name: 'Order Quiz' })).toBeVisible();
  await expect(servicesQuestion(page)).toBeVisible();
}

/** Answers step 1 and returns the catalogue the page loaded for the recommendation, as the server sent it. */
async function answer(page: Page, label: string): Promise<Product[]> {
  // Access tokens live seconds here, so the first answer may be a 401 that the client refreshes and retries.
  const products = page.waitForResponse((response) => new URL(response.url()).pathname === '/portalApi/Products' && response.ok());
  await servicesQuestion(page).getByRole('button', { name: label, exact: true }).click();
  return v.parse(ProductListSchema, await (await products).json());
}

async function expectRecommended(page: Page, catalogue: Product[], expected: readonly (readonly [id: number, price: string])[]) {
  const cards = recommended(page);
  await expect(cards).toHaveCount(expected.length);
  for (const [index, [id, price]] of expected.entries()) {
    const product = catalogue.find((candidate) => String(candidate.id) === String(id));
    expect(product, `GET /Products lists product ${id}`).toBeDefined();
    await expect(cards.nth(index).getByRole('heading', { level: 4 })).toHaveText(product?.name ?? '');
    await expect(cards.nth(index).getByText(price, { exact: true })).toBeVisible();
  }
}

async function expectLinks(page: Page, region: string, links: readonly (readonly [name: string, href: string])[]) {
  const found = page.getByRole('region', { name: region }).getByRole('link');
  await expect(found).toHaveCount(links.length);
  for (const [index, [name, href]] of links.entries()) {
    await expect(found.nth(index)).toHaveAccessibleName(name);
    await expect(found.nth(index)).toHaveAttribute('href', href);
  }
}

async function back(page: Page) {
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(servicesQuestion(page)).toBeVisible();
}

for (const theme of THEMES) {
  test.describe(`in the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
    });

    test('combo leads to step 2 with its product, which Add to Cart puts in the cart, and "+ Add another test" resets to step 1', async ({
      page,
    }) => {
      await openQuiz(page);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expectAccessible(page, { label: `quiz step 1 (${theme})` });

      const catalogue = await answer(page, 'Combination of biological age and health testing');
      await expectRecommended(page, catalogue, [[79, '$550.00']]);
      await expectAccessible(page, { label: `quiz step 2, combo (${theme})` });
      await recommended(page).getByRole('button', { name: 'Add to Cart' }).click();
      const combo = catalogue.find(({ id }) => String(id) === '79')?.name ?? '';
      await expect(page.getByRole('list', { name: 'Cart items' }).getByText(combo, { exact: true })).toBeVisible();
      await expectAccessible(page, { label: `quiz step 2 with the combo in the cart (${theme})` });
      await page.getByRole('button', { name: '+ Add another test' }).click();
      await expect(servicesQuestion(page)).toBeVisible();
      await expect(recommended(page)).toHaveCount(0);
    });

    test('health leads to step 2 with its product, and "+ Add another test" resets to step 1', async ({ page }) => {
      await openQuiz(page);
      await expectRecommended(page, await answer(page, 'Health testing'), [[78, '$375.00']]);
      await page.getByRole('button', { name: '+ Add another test' }).click();
      await expect(servicesQuestion(page)).toBeVisible();
      await expect(recommended(page)).toHaveCount(0);
    });

    test('biological age and genetic analysis lead to step 5 with their products, and Back resets to step 1', async ({ page }) => {
      await openQuiz(page);
      await expectRecommended(page, await answer(page, 'Biological age testing'), [[1, '$375.00']]);
      await expect(page.getByRole('button', { name: '+ Add another test' })).toHaveCount(0);
      await expectAccessible(page, { label: `quiz step 5, biological age (${theme})` });
      await back(page);

      await expectRecommended(page, await answer(page, 'Genetic analysis and pharmacogenomics'), [
        [74, '$200.00'],
        [47, '$160.00'],
      ]);
      await expectAccessible(page, { label: `quiz step 5, genetic analysis (${theme})` });
      await back(page);
    });

    test('lab services for institutions ask step 3; lab-only sample processing (step 4) links to the manifest upload and the developer settings', async ({
      page,
    }) => {
      await openQuiz(page);
      await servicesQuestion(page).getByRole('button', { name: 'Lab services for institutions' }).click();
      await expect(institutionQuestion(page)).toBeVisible();
      await expectAccessible(page, { label: `quiz step 3 (${theme})` });

      await institutionQuestion(page).getByRole('button', { name: 'Lab-only sample processing' }).click();
      await expectLinks(page, 'Lab-only sample processing', [
        ['Manifest Upload', '/orders/bulk'],
        ['Developer Settings', '/developers'],
      ]);
      await expectAccessible(page, { label: `quiz step 4 (${theme})` });
      await back(page);
    });

    test('analysis only (step 6) links to the IDAT upload, the manifest upload and the developer settings, with the upload terms', async ({
      page,
    }) => {
      await openQuiz(page);
      await servicesQuestion(page).getByRole('button', { name: 'Lab services for institutions' }).click();
      await institutionQuestion(page).getByRole('button', { name: 'Analysis only' }).click();
      await expectLinks(page, 'Analysis only', [
        ['Upload IDAT files', '/analysis'],
        ['Manifest Upload', '/orders/bulk'],
        ['Developer Settings', '/developers'],
      ]);
      await expect(page.getByText('Upload one zip file of up to 5 GB.')).toBeVisible();
      await expect(page.getByText('Reports are ready within 48 hours.')).toBeVisible();
      await expectAccessible(page, { label: `quiz step 6 (${theme})` });

      // A link of step 6 leads where it says: the manifest upload.
      await page.getByRole('link', { name: 'Manifest Upload' }).click();
      await expect(page).toHaveURL('/orders/bulk');
      await expect(page.getByRole('heading', { name: 'Manifest Upload' })).toBeVisible();
    });

    test('Back on step 1 goes to the new order page', async ({ page }) => {
      await openQuiz(page);
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expect(page).toHaveURL('/orders/new');
      await expect(page.getByRole('heading', { name: 'Create New Order' })).toBeVisible();
    });
  });
}
