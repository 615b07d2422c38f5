import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ActivityText } from '../../src/model/activity/activity-texts';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { OrderDetailText } from '../../src/model/orders/order-detail-texts';
import { DEMO_PASSWORD, expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * Issue 44 item 1, the "Activity" sections of a patient's and an order's page against the reference server: a patient
 * added and then edited through the page shows "added patient #…" and "edited patient #…" under that patient's
 * Activity, and an order placed shows "placed order …" on its page, each under the name of who did it. What the journey
 * needs it makes itself (a patient and an order through the server's API, as the app would send them), so it reads no
 * seed-only row. One journey per variant visits both pages: a wide window and a phone, each in both themes, axe on each
 * page and dialog.
 */

/** Lakeside Internal Medicine's provider: the practice pays by invoice, so its orders need no card. */
const USERNAME = 'hcp.net30';
const WHO = 'Ben Carter';

test.beforeEach(async ({ request }) => resetDatabase(request));

async function token(request: APIRequestContext): Promise<string> {
  const signedIn = await request.post('/portalApi/Auth', { data: { username: USERNAME, password: DEMO_PASSWORD, rememberMe: false } });
  expect(signedIn.ok()).toBe(true);
  return ((await signedIn.json()) as { accessToken: { token: string } }).accessToken.token;
}

/** A patient of the practice, added as the Add Patient form sends it; answers its id. */
async function addPatient(request: APIRequestContext, auth: Record<string, string>): Promise<number> {
  const data = {
    firstName: 'Rowan',
    lastName: 'Activity',
    name: 'Rowan Activity',
    email: 'rowan.activity@mail.example',
    phone: '(312) 555-0177',
    dateOfBirth: '1979-03-08',
  };
  const answer = await request.post('/portalApi/Patients/', { headers: auth, data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { id: number }).id;
}

/** An order shipped to the practice and paid by invoice, as hcp.net30's checkout sends it; answers its number. */
async function placeOrder(request: APIRequestContext, auth: Record<string, string>): Promise<string> {
  const data = {
    customerInformation: null,
    shippingInformation: {
      country: 'US',
      state: 'IL',
      city: 'Chicago',
      zipCode: '60611',
      addressLine1: '455 North Lake Shore Drive',
      addressLine2: 'Floor 3',
    },
    items: [{ productId: 'product-health-test', quantity: 1 }],
    paymentMethod: null,
    fulfillment: 1,
    shipTo: 'Clinic',
  };
  const answer = await request.post('/portalApi/Orders/', { headers: auth, data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { number: string }).number;
}

const VARIANTS = [
  { name: 'a 1280 px window, light theme', viewport: { width: 1280, height: 900 }, theme: 'light' },
  { name: 'a 1280 px window, dark theme', viewport: { width: 1280, height: 900 }, theme: 'dark' },
  { name: 'a 375 px phone, light theme', viewport: { width: 375, height: 812 }, theme: 'light' },
  { name: 'a 375 px phone, dark theme', viewport: { width: 375, height: 812 }, theme: 'dark' },
] as const;

const activityEntries = (page: Page) =>
  page.getByRole('region', { name: ActivityText.section }).getByRole('list', { name: ActivityText.section });

for (const variant of VARIANTS) {
  test.describe(variant.name, () => {
    test.use({ viewport: variant.viewport });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, theme]) => localStorage.setItem(key, theme), [THEME_STORAGE_KEY, variant.theme] as const);
    });

    test('a patient edited on its page and an order placed show on their pages’ Activity, naming who did it', async ({ page, request }) => {
      const auth = { Authorization: `Bearer ${await token(request)}` };
      const patientId = await addPatient(request, auth);
      const number = await placeOrder(request, auth);
      const patient = `patient #${patientId}`;

      await openSignedIn(page, USERNAME, `/patients/${patientId}`);
      await expect(page.getByRole('heading', { name: 'Rowan Activity' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${variant.theme}\\b`));
      await expect(activityEntries(page)).toContainText(`${WHO} added ${patient}`);
      await expectAccessible(page, { label: `patient page with its Activity (${variant.name})` });

      // The edit through the page's own form.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Patient' });
      await expect(edit.getByLabel('First name')).toHaveValue('Rowan');
      await expectAccessible(page, { label: `edit patient dialog (${variant.name})` });
      await edit.getByLabel('First name').fill('Robin');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Robin Activity' })).toBeVisible();

      // Without a reload: saving the form refreshes the section, the edit newest and the adding before it.
      const entries = activityEntries(page);
      await expect(entries).toContainText(`${WHO} edited ${patient}`);
      await expect(entries).toContainText(`${WHO} added ${patient}`);
      const texts = await entries.getByRole('listitem').allTextContents();
      expect(texts.findIndex((text) => text.includes('edited'))).toBeLessThan(texts.findIndex((text) => text.includes('added')));
      await expectAccessible(page, { label: `patient Activity after the edit (${variant.name})` });

      await page.goto(`/orders/${encodeURIComponent(number)}`);
      await expect(page.getByRole('heading', { name: OrderDetailText.title(number) })).toBeVisible();
      await expect(activityEntries(page)).toContainText(`${WHO} placed order ${number}`);
      await expectAccessible(page, { label: `order page with its Activity (${variant.name})` });
    });
  });
}
