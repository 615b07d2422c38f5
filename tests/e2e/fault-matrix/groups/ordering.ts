import { expect, type Page } from '@playwright/test';
import { SEED_PRODUCTS } from '../../../../server/seed/seed-data';
import { ErrorText } from '../../../../src/model/messages';
import { ORDER_REQUEST_TIMEOUT_MS } from '../../../../src/model/constants';
import { OrderDetailText } from '../../../../src/model/orders/order-detail-texts';
import { DeleteOrderText, OrderListText } from '../../../../src/model/orders/order-list-texts';
import {
  CartLabels,
  CartText,
  CatalogueText,
  CheckoutText,
  CheckoutValidationText,
  OrderingFailureText,
} from '../../../../src/model/orders/texts';
import { FAULT_MESSAGE } from '../faults';
import { visit, type MatrixGroup } from '../matrix';
import { onPage, providerSignIn } from './common';

/**
 * The ordering calls (ordering §2, §7, §8): the catalogue, its cart's price, the checkout's country check and the
 * order itself for a Net 30 practice, and its orders. The saved cards and the manifest upload are in cards-and-manifest.ts.
 */

const COMBO = SEED_PRODUCTS.find((product) => product.id === 79)?.name ?? 'product 79';

/** Ordering §8 says nothing for these failures: no catalogue text, no fault's message, no action's own text. */
async function saysNothing(page: Page, actionText: string) {
  for (const text of [ErrorText.server, ErrorText.timeout, ErrorText.network, FAULT_MESSAGE, actionText]) {
    await expect(page.getByText(text)).toHaveCount(0);
  }
}

// The cart and the checkout (hcp.net30: Lakeside, HCP, Net 30, so no card provider on the way to an order).

const cartItems = (page: Page) => page.getByRole('list', { name: CartLabels.cartItems });
const comboQuantity = (page: Page) =>
  cartItems(page)
    .getByRole('group', { name: CartLabels.quantityOf(COMBO) })
    .getByRole('textbox', { name: CatalogueText.quantity });
const amount = (page: Page, term: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
const proceed = (page: Page) => page.getByRole('button', { name: CartText.proceed });
const placeOrder = (page: Page) => page.getByRole('button', { name: CheckoutText.placeOrder });

/** The new order page with one combo kit in the cart, priced by the server; the page is loaded only when it must be. */
async function oneComboPriced(page: Page) {
  const add = page.getByRole('article', { name: COMBO }).getByRole('button', { name: CatalogueText.addToCart });
  if (!onPage(page, '/orders/new') || !(await add.isVisible())) await visit(page, '/orders/new');
  await expect(add).toBeVisible();
  if ((await cartItems(page).getByText(COMBO).count()) === 0) await add.click();
  if ((await comboQuantity(page).inputValue()) !== '1') await comboQuantity(page).fill('1');
  await expect(amount(page, CartText.total)).toHaveText('$550.00');
  await expect(proceed(page)).toBeEnabled();
}

/** The cart holds the combo kit (the catalogue's error state still shows the cart). */
async function comboInCart(page: Page) {
  if ((await cartItems(page).getByText(COMBO).count()) === 0) await oneComboPriced(page);
}

/** Opens a searchable select, types, and takes the first match with Enter, as a keyboard user does. */
async function choose(page: Page, label: string, search: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(search);
  // Enter takes the active option: once the search has filtered the list, that is the match.
  await expect(page.getByRole('option', { name: search, exact: true })).toBeAttached();
  await page.keyboard.press('Enter');
}

const US = 'United States of America';
/** A country the lab does not ship to: a check that answered would refuse it and block Place Order (ordering §5). */
const REFUSED_COUNTRY = 'Brazil';

const ADDRESS = {
  [CheckoutText.firstName]: 'Ada',
  [CheckoutText.lastName]: 'Lovelace',
  [CheckoutText.email]: 'ada@example.test',
  [CheckoutText.phone]: '(312) 555-0101',
  [CheckoutText.addressLine1]: '1 Analytical Row',
  [CheckoutText.city]: 'Chicago',
  [CheckoutText.zipCode]: '60611',
} as const;

/**
 * The checkout, the cart from before, shipping to another address in Illinois: the form the last case kept, with
 * the country put back to the US, or the page afresh with the address typed.
 */
async function checkoutToOtherAddress(page: Page) {
  const firstName = page.getByLabel(CheckoutText.firstName, { exact: true });
  const kept =
    onPage(page, '/orders/checkout') && (await firstName.isVisible()) && (await firstName.inputValue()) === ADDRESS[CheckoutText.firstName];
  if (kept) {
    if (!(await page.getByLabel(CheckoutText.state, { exact: true }).isVisible())) await choose(page, CheckoutText.country, US);
  } else {
    await visit(page, '/orders/checkout');
    await expect(cartItems(page).getByText(COMBO)).toBeVisible();
    await page.getByRole('radio', { name: CheckoutText.shipToOther }).check();
    for (const [label, value] of Object.entries(ADDRESS)) await page.getByLabel(label, { exact: true }).fill(value);
  }
  await choose(page, CheckoutText.state, 'Illinois');
  await expect(placeOrder(page)).toBeEnabled();
}

/** Every value typed into the checkout and the cart's item are still there. */
async function checkoutKept(page: Page) {
  await expect(page).toHaveURL('/orders/checkout');
  for (const [label, value] of Object.entries(ADDRESS)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  await expect(cartItems(page).getByText(COMBO)).toBeVisible();
}

// The orders list and an order.

const ordersTable = (page: Page) => page.getByRole('table', { name: OrderListText.tableLabel });

let orderNumber: string | undefined;

/** The first order the list links to, read once from the list as the user sees it. */
async function firstOrderNumber(page: Page): Promise<string> {
  if (orderNumber) return orderNumber;
  await visit(page, '/orders');
  const link = ordersTable(page).getByRole('link').first();
  await expect(link).toBeVisible();
  orderNumber = (await link.textContent())?.trim();
  if (!orderNumber) throw new Error('the orders list links to no order');
  return orderNumber;
}

/** The list with the Delete Order question open for a Received order (one of the first page's). */
async function askToDeleteReceived(page: Page) {
  if (!onPage(page, '/orders') || !(await ordersTable(page).isVisible())) await visit(page, '/orders');
  const received = ordersTable(page)
    .getByRole('button', { name: /^Received: status history of order / })
    .first();
  await expect(received).toBeVisible();
  const number = ((await received.getAttribute('aria-label')) ?? '').replace(/^Received: status history of order /, '');
  await ordersTable(page)
    .getByRole('button', { name: OrderListText.rowActions(number) })
    .click();
  await page
    .getByRole('menu', { name: OrderListText.rowActions(number) })
    .getByRole('menuitem', { name: OrderListText.delete })
    .click();
  await expect(deleteOrderDialog(page)).toBeVisible();
}

const deleteOrderDialog = (page: Page) => page.getByRole('dialog', { name: DeleteOrderText.title });

export const ORDERING_GROUPS: readonly MatrixGroup[] = [
  {
    title: 'the Net 30 practice’s catalogue, cart, checkout and orders',
    signIn: providerSignIn('hcp.net30'),
    calls: [
      {
        call: 'GET /Products',
        arrive: comboInCart,
        act: (page) => visit(page, '/orders/new'),
        unreadable: CatalogueText.errorFallback,
        keeps: async (page) => {
          await expect(page.getByText(CatalogueText.errorTitle)).toBeVisible();
          await expect(comboQuantity(page)).toHaveValue('1');
        },
      },
      {
        call: 'POST /Orders/Calculate',
        arrive: oneComboPriced,
        act: (page) => comboQuantity(page).fill('10'),
        // Never shown: ordering §8 gives a failed calculation no text at all.
        unreadable: OrderingFailureText.calculate,
        // Ordering §4 and §8: checkout waits for the price, and a failed calculation shows nothing; the previous price stays.
        failure: (page) => page.getByRole('button', { name: CartText.proceed, disabled: false }),
        keeps: async (page) => {
          await expect(comboQuantity(page)).toHaveValue('10');
          await expect(amount(page, CartText.subtotal)).toHaveText('$5,500.00');
          await expect(amount(page, CartText.total)).toHaveText('$550.00');
          await saysNothing(page, OrderingFailureText.calculate);
        },
      },
      {
        call: 'POST /Orders/ValidateGeoShipping',
        arrive: checkoutToOtherAddress,
        act: (page) => choose(page, CheckoutText.country, REFUSED_COUNTRY),
        // Never shown: ordering §8 gives a failed geo-shipping check no text at all.
        unreadable: CheckoutValidationText.countryNotShippable,
        // Ordering §5 and §8: a failed check shows no toast and does not block Place Order, even for a refused country.
        failure: (page) => page.getByRole('button', { name: CheckoutText.placeOrder, disabled: false }),
        keeps: async (page) => {
          await checkoutKept(page);
          await saysNothing(page, CheckoutValidationText.countryNotShippable);
        },
      },
      {
        call: 'POST /Orders/',
        arrive: checkoutToOtherAddress,
        act: (page) => placeOrder(page).click(),
        unreadable: OrderingFailureText.placeOrder,
        // Ordering §8: "Checkout submit error shows the server message, else Please try checking out with another credit
        // card."; this payer pays no card (Net 30), so its fallback is the place-order text "Failed to place order" (issue 40).
        failure: (page, expected, fault) =>
          page.getByRole('alert').filter({ hasText: fault === '500 without a message' ? OrderingFailureText.placeOrder : expected }),
        keeps: checkoutKept,
        timeoutMs: ORDER_REQUEST_TIMEOUT_MS,
      },
      {
        call: 'GET /Orders',
        act: (page) => visit(page, '/orders'),
        unreadable: OrderListText.loadMoreFailed,
        failure: (page, expected) => page.getByRole('alert').filter({ hasText: OrderListText.loadError }).filter({ hasText: expected }),
      },
      {
        call: 'GET /Orders/{number}',
        arrive: async (page) => {
          await firstOrderNumber(page);
        },
        act: async (page) => visit(page, `/orders/${encodeURIComponent(await firstOrderNumber(page))}`),
        unreadable: OrderDetailText.error(OrderingFailureText.unknownOrder),
        // Ordering §2: "Load failure shows Error: plus the server message."
        failure: (page, expected) => page.getByRole('alert').filter({ hasText: OrderDetailText.errorPrefix }).filter({ hasText: expected }),
      },
      {
        call: 'DELETE /Orders/{uid}',
        arrive: askToDeleteReceived,
        act: (page) => deleteOrderDialog(page).getByRole('button', { name: DeleteOrderText.confirm }).click(),
        unreadable: DeleteOrderText.failed,
      },
    ],
  },
];
