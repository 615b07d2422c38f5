import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnitType } from '../../src/model/enums';
import type { Product } from '../../src/model/orders/product';
import { json } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';

// The quiz is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/orders/quiz.view');

const product = (id: number, name: string, sku: string, description: string | null, price: number): Product => ({
  id,
  uid: `product-${id}`,
  name,
  description,
  sku,
  price,
});

// Sample catalogue content: the quiz must show what the server says, so these differ from any real product.
const CATALOGUE = [
  product(79, 'Fixture Combo Kit', 'FIX-COMBO', 'Both reports in one kit', 999),
  product(1, 'Fixture Age Kit', 'FIX-AGE', 'How fast you age', 999),
  product(78, 'Fixture Health Kit', 'FIX-HEALTH', 'Nutrients and function', 999),
  product(74, 'Fixture Genetic Kit', 'FIX-GENE', null, 999),
  product(47, 'Fixture Drug Response Kit', 'FIX-PGX', 'Drug response', 999),
  product(5, 'Fixture Other Kit', 'FIX-OTHER', 'Not in the quiz', 999),
];

function openQuiz(options: { products?: () => Response; unitType?: number } = {}) {
  const respond = fakePortalApi({
    practice: practiceRecord({ unitType: options.unitType ?? UnitType.HCP }),
    routes: { 'GET /portalApi/Products': options.products ?? (() => json(CATALOGUE)) },
  });
  return renderApp({ path: '/orders/quiz', user: sessionUser({ unitType: options.unitType ?? UnitType.HCP }), respond });
}

const question = () => screen.findByRole('group', { name: 'What services are you looking for?' });

async function recommendedCards() {
  const list = await screen.findByRole('list', { name: 'Recommended products' });
  return within(list).getAllByRole('listitem');
}

/** The one recommended product card, failing if the step shows more or none. */
async function onlyCard(): Promise<HTMLElement> {
  const [card, ...others] = await recommendedCards();
  if (!card || others.length > 0) throw new Error(`expected one recommended product, found ${others.length + (card ? 1 : 0)}`);
  return card;
}

describe('the order quiz (ordering §2 "Order quiz")', () => {
  it('step 1 asks what services are wanted, with five answers and Back', async () => {
    openQuiz();
    expect(await screen.findByRole('heading', { level: 2, name: 'Order Quiz' })).toBeTruthy();
    const answers = within(await question()).getAllByRole('button');
    expect(answers.map((button) => button.textContent)).toEqual([
      'Combination of biological age and health testing',
      'Health testing',
      'Biological age testing',
      'Genetic analysis and pharmacogenomics',
      'Lab services for institutions',
    ]);
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('the combo answer shows product 79 as the catalogue describes it, at the static quiz price, and "+ Add another test" resets to step 1', async () => {
    const { user } = openQuiz();
    await user.click(within(await question()).getByRole('button', { name: 'Combination of biological age and health testing' }));
    const card = await onlyCard();
    expect(within(card).getByRole('heading', { level: 4, name: 'Fixture Combo Kit' })).toBeTruthy();
    expect(within(card).getByText('Both reports in one kit')).toBeTruthy();
    expect(within(card).getByText('$550.00')).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/images/products/fix-combo.svg');

    await user.click(screen.getByRole('button', { name: '+ Add another test' }));
    expect(await question()).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recommended products' })).toBeNull();
  });

  it('Add to Cart puts the recommended product in the cart shown beside it', async () => {
    const { user } = openQuiz();
    await user.click(within(await question()).getByRole('button', { name: 'Health testing' }));
    const card = await onlyCard();
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    const cartItems = await screen.findByRole('list', { name: 'Cart items' });
    expect(within(cartItems).getByText('Fixture Health Kit')).toBeTruthy();
    const quantity = within(cartItems).getByRole('group', { name: 'Quantity of Fixture Health Kit' });
    expect(within(quantity).getByRole<HTMLInputElement>('textbox', { name: 'Quantity' }).value).toBe('1');
  });

  it('the health answer recommends product 78 at 375', async () => {
    const { user } = openQuiz();
    await user.click(within(await question()).getByRole('button', { name: 'Health testing' }));
    const card = await onlyCard();
    expect(within(card).getByRole('heading', { name: 'Fixture Health Kit' })).toBeTruthy();
    expect(within(card).getByText('$375.00')).toBeTruthy();
  });

  it('the genetic answer goes to step 5 with products 74 and 47 (a missing description reads "SKU: …"), and Back resets to step 1', async () => {
    const { user } = openQuiz();
    await user.click(within(await question()).getByRole('button', { name: 'Genetic analysis and pharmacogenomics' }));
    const cards = await recommendedCards();
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Fixture Genetic Kit',
      'Fixture Drug Response Kit',
    ]);
    expect(cards.map((card) => within(card).getByText(/^\$/).textContent)).toEqual(['$200.00', '$160.00']);
    expect(within(screen.getByRole('list', { name: 'Recommended products' })).getByText('SKU: FIX-GENE')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '+ Add another test' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await question()).toBeTruthy();
  });

  it('shows no price where the ordering configuration hides pricing (not HCP)', async () => {
    const { user } = openQuiz({ unitType: UnitType.IRC });
    await user.click(within(await question()).getByRole('button', { name: 'Biological age testing' }));
    const card = await onlyCard();
    expect(within(card).getByRole('heading', { name: 'Fixture Age Kit' })).toBeTruthy();
    expect(within(card).queryByText(/\$/)).toBeNull();
  });

  it('lab services for institutions ask step 3; lab-only sample processing (step 4) links to /orders/bulk and /developers', async () => {
    const { user } = openQuiz();
    await user.click(within(await question()).getByRole('button', { name: 'Lab services for institutions' }));
    const institution = await screen.findByRole('group', { name: 'Which lab services does your institution need?' });
    await user.click(within(institution).getByRole('button', { name: 'Lab-only sample processing' }));
    const page = await screen.findByRole('region', { name: 'Lab-only sample processing' });
    expect(
      within(page)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Manifest Upload', '/orders/bulk'],
      ['Developer Settings', '/developers'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await question()).toBeTruthy();
  });

  it('analysis only (step 6) links to /analysis, /orders/bulk and /developers: a zip of up to 5 GB, reports within 48 hours', async () => {
    const { user } = openQuiz();
    await user.click(within(await question()).getByRole('button', { name: 'Lab services for institutions' }));
    await user.click(await screen.findByRole('button', { name: 'Analysis only' }));
    const page = await screen.findByRole('region', { name: 'Analysis only' });
    expect(
      within(page)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Upload IDAT files', '/analysis'],
      ['Manifest Upload', '/orders/bulk'],
      ['Developer Settings', '/developers'],
    ]);
    expect(within(page).getByText('Upload one zip file of up to 5 GB.')).toBeTruthy();
    expect(within(page).getByText('Reports are ready within 48 hours.')).toBeTruthy();
  });

  it('Back on step 1 goes to the new order page', async () => {
    const { user } = openQuiz();
    await question();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await settledPath('/orders/new');
    expect(await screen.findByRole('heading', { name: 'Create New Order' })).toBeTruthy();
  });

  it('a catalogue that fails to load says "Error loading products" with the server message', async () => {
    const { user } = openQuiz({ products: () => json({ error: { message: 'Catalogue offline' }, correlationId: 'c-7' }, 500) });
    await user.click(within(await question()).getByRole('button', { name: 'Health testing' }));
    expect(await screen.findByText('Error loading products')).toBeTruthy();
    expect(screen.getByText('Catalogue offline (Correlation ID: c-7)')).toBeTruthy();
  });

  it('a recommended product the catalogue does not list is not made up: "No products available at the moment."', async () => {
    const { user } = openQuiz({ products: () => json(CATALOGUE.filter(({ id }) => id !== 79)) });
    await user.click(within(await question()).getByRole('button', { name: 'Combination of biological age and health testing' }));
    expect(await screen.findByText('No products available at the moment.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recommended products' })).toBeNull();
  });
});
