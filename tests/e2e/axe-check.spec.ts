import { expect, test } from '@playwright/test';
import { expectAccessible } from './support';

/**
 * The accessibility check itself (tests/e2e/axe.ts): axe is put into a page once and run again on what it shows
 * later, so this proves that a later check still sees what changed since, and what one part or a same-origin frame
 * holds. Each case breaks the sign-in page on purpose and expects the check to fail naming the rule.
 */

test.beforeEach(async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a check passes on the sign-in page, then fails on an image without a text alternative added after it', async ({ page }) => {
  await expectAccessible(page, { label: 'sign-in as served' });
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = '/favicon.svg';
    image.id = 'no-alt';
    document.querySelector('main')?.append(image);
  });
  await expect(expectAccessible(page, { label: 'sign-in with an image without alt' })).rejects.toThrow(/image-alt .*#no-alt/);
  // The exception leaves out that one rule, and the check passes again.
  await expectAccessible(page, { label: 'sign-in, image-alt left out', except: { rule: 'image-alt', why: 'the case under test' } });
});

test('`include` checks one part only: a violation outside it passes, inside it fails', async ({ page }) => {
  await page.evaluate(() => {
    const outside = document.createElement('img');
    outside.src = '/favicon.svg';
    document.body.append(outside);
    const part = document.createElement('section');
    part.id = 'part';
    part.setAttribute('aria-label', 'Part under test');
    document.querySelector('main')?.append(part);
  });
  await expectAccessible(page, { include: '#part', label: 'a clean part' });
  await page.evaluate(() => {
    const inside = document.createElement('img');
    inside.src = '/favicon.svg';
    document.querySelector('#part')?.append(inside);
  });
  await expect(expectAccessible(page, { include: '#part', label: 'the part with an image without alt' })).rejects.toThrow(/image-alt/);
});

test('a same-origin frame is looked into', async ({ page }) => {
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.title = 'Frame under test';
    frame.srcdoc =
      '<!doctype html><html lang="en"><head><title>Frame under test</title></head><body><main><p>Framed</p></main></body></html>';
    document.querySelector('main')?.append(frame);
  });
  await expect.poll(() => page.frames().length).toBe(2);
  await expectAccessible(page, { label: 'sign-in with a clean frame' });
  await page.frames()[1]?.evaluate(() => document.querySelector('main')?.append(document.createElement('button')));
  await expect(expectAccessible(page, { label: 'sign-in with a nameless button in a frame' })).rejects.toThrow(/button-name/);
});
