import { expect, type Page } from '@playwright/test';
import { ORDER_REQUEST_TIMEOUT_MS } from '../../../../src/model/constants';
import { ManifestSpecText } from '../../../../src/model/orders/manifest-texts';
import { OrderingFailureText, PaymentMethodsText } from '../../../../src/model/orders/texts';
import { resetCardProvider, TEST_CARDS, useFakeCardProvider } from '../../card-provider';
import { visit, type MatrixGroup } from '../matrix';
import { onPage, providerSignIn } from './common';
import { ManifestPageText } from '../../../../src/model/orders/manifest-texts';

/** The saved cards of a card payer (ordering §4, §5, §8) and the manifest upload of a CPS unit (ordering §6, §8). */

// Saved cards (hcp.checkout: Riverside pays per order by card, kept at the fake card provider).

const addCardDialog = (page: Page) => page.getByRole('dialog', { name: PaymentMethodsText.addTitle });
const cardNumber = (page: Page) =>
  addCardDialog(page).getByRole('group', { name: PaymentMethodsText.cardLabel }).getByRole('textbox', { name: 'Card number' });
const savedCards = (page: Page) => page.getByRole('list', { name: PaymentMethodsText.title }).getByRole('listitem');
/** The card added second, never the default. */
const mastercard = (page: Page) => savedCards(page).filter({ hasText: '•••• 4444' });

async function openBilling(page: Page) {
  await visit(page, '/settings/billing');
  await expect(page.getByText(PaymentMethodsText.empty).or(savedCards(page).first())).toBeVisible();
}

/** The Add Payment Method modal with a whole card typed into the provider's inputs. */
async function typeCard(page: Page, number: string) {
  await page.getByRole('button', { name: PaymentMethodsText.add }).click();
  const card = addCardDialog(page).getByRole('group', { name: PaymentMethodsText.cardLabel });
  await card.getByRole('textbox', { name: 'Card number' }).fill(number);
  await card.getByRole('textbox', { name: 'Expiration date (MM/YY)' }).fill('12 / 34');
  await card.getByRole('textbox', { name: 'CVC' }).fill('123');
}

/** The billing page with two saved cards, the Visa the default, added through the page the first time. */
async function twoSavedCards(page: Page) {
  if (!onPage(page, '/settings/billing') || (await savedCards(page).count()) !== 2) await openBilling(page);
  for (const number of [TEST_CARDS.visa, TEST_CARDS.mastercard].slice(await savedCards(page).count())) {
    await typeCard(page, number);
    await addCardDialog(page).getByRole('button', { name: PaymentMethodsText.add }).click();
    await expect(addCardDialog(page)).toBeHidden();
  }
  await expect(savedCards(page)).toHaveCount(2);
  await expect(mastercard(page).getByRole('button', { name: PaymentMethodsText.setDefault })).toBeEnabled();
}

// The manifest upload (cps.user: Northgate, CPS, Net 30).

const MANIFEST = {
  name: 'northgate-run.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'Unique ID,Product ID,Date of Collection,DOB,Sex,Clinic ID',
      'NG00001,MSA,01/15/2025,03/02/1984,F,NG-LAB',
      'NG00002,GSA,01/15/2025,11/23/1990,M,NG-LAB',
    ].join('\n'),
  ),
};

const uploadFile = (page: Page) => page.getByRole('button', { name: ManifestPageText.uploadFile });

/** The manifest page with a checked file of two rows, ready to upload. */
async function manifestChosen(page: Page) {
  if (new URL(page.url()).pathname !== '/orders/bulk') await visit(page, '/orders/bulk');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: ManifestPageText.chooseFile }).click();
  await (await chooser).setFiles(MANIFEST);
  await expect(page.getByText(ManifestPageText.ready(2))).toBeVisible();
  await expect(uploadFile(page)).toBeEnabled();
}

export const CARDS_AND_MANIFEST_GROUPS: readonly MatrixGroup[] = [
  {
    title: 'the card payer’s saved cards',
    signIn: async (page) => {
      await resetCardProvider(page.request);
      await useFakeCardProvider(page);
      await providerSignIn('hcp.checkout')(page);
    },
    calls: [
      {
        call: 'GET /Payments/Methods',
        act: (page) => visit(page, '/settings/billing'),
        unreadable: OrderingFailureText.loadPaymentMethods,
        // Ordering §8: "Payment list load: Failed to load payment methods. Please try again.", whatever the failure.
        failure: (page) => page.getByRole('alert').filter({ hasText: OrderingFailureText.loadPaymentMethods }),
      },
      {
        call: 'PATCH /Payments/Methods/{id}/Attach',
        // The modal the last case left open keeps its card, as `keeps` proves; otherwise the card is typed afresh.
        arrive: async (page) => {
          if ((await addCardDialog(page).isVisible()) && (await cardNumber(page).inputValue()) !== '') return;
          await openBilling(page);
          await typeCard(page, TEST_CARDS.visa);
        },
        act: (page) => addCardDialog(page).getByRole('button', { name: PaymentMethodsText.add }).click(),
        unreadable: OrderingFailureText.attach,
        // Ordering §4 and §5: a refusal is said in the modal, which stays open.
        failure: (page, expected) => addCardDialog(page).getByRole('alert').filter({ hasText: expected }),
        keeps: async (page) => {
          await expect(addCardDialog(page)).toBeVisible();
          await expect(cardNumber(page)).toHaveValue('4242 4242 4242 4242');
        },
      },
      {
        call: 'PATCH /Payments/Methods/{id}/SetDefault',
        arrive: twoSavedCards,
        act: (page) => mastercard(page).getByRole('button', { name: PaymentMethodsText.setDefault }).click(),
        unreadable: OrderingFailureText.setDefault,
      },
      {
        call: 'DELETE /Payments/Methods/{id}',
        arrive: async (page) => {
          await twoSavedCards(page);
          await mastercard(page).getByRole('button', { name: PaymentMethodsText.delete }).click();
          await expect(page.getByRole('dialog', { name: PaymentMethodsText.deleteConfirm })).toBeVisible();
        },
        act: (page) =>
          page
            .getByRole('dialog', { name: PaymentMethodsText.deleteConfirm })
            .getByRole('button', { name: PaymentMethodsText.delete })
            .click(),
        unreadable: OrderingFailureText.deletePaymentMethod,
      },
    ],
  },
  {
    title: 'the CPS unit’s manifest upload',
    signIn: providerSignIn('cps.user'),
    calls: [
      {
        call: 'POST /Orders/bulk',
        arrive: manifestChosen,
        act: (page) => uploadFile(page).click(),
        unreadable: ManifestSpecText.uploadFailed,
        // Ordering §8: the bulk failure message, with the server's own words under it when it said any (none for a bare 500).
        failure: (page, expected, fault) => page.getByText(fault === '500 without a message' ? ManifestSpecText.uploadFailed : expected),
        keeps: async (page) => {
          await expect(page.getByText(ManifestPageText.selectedFile(MANIFEST.name))).toBeVisible();
          await expect(page.getByText(ManifestPageText.ready(2))).toBeVisible();
          await expect(uploadFile(page)).toBeEnabled();
        },
        // BULK_UPLOAD_TIMEOUT_MS is this constant; its module pulls in the country list, which the test runner cannot load.
        timeoutMs: ORDER_REQUEST_TIMEOUT_MS,
      },
    ],
  },
];
