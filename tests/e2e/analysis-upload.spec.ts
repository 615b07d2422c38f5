import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { writeIdatArchive, type WrittenArchive } from '../support/idat-archive';
import { expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * The analysis upload (issue 42) against the reference server, with an archive of about 200 MB written by the test from
 * valid IDAT headers. The network is lost in the middle (Playwright's offline mode) and the upload resumes by itself
 * to the end; a reload in the middle offers the unfinished upload, and the same file chosen again continues from the
 * server's offset rather than from zero. Both end at the new analysis order. Access tokens live 4 s here, so every
 * upload outlives several of them.
 */

test.describe.configure({ timeout: 240_000 });

const FILE_NAME = 'northfield-epic-run.zip';
let dir = '';
let archive: WrittenArchive;
let archivePath = '';

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'e2e-analysis-'));
  archivePath = join(dir, FILE_NAME);
  // 8 samples of two 13 MiB IDAT files: 208 MiB.
  archive = await writeIdatArchive(archivePath, { samples: 8, idatBytes: 13 * 1024 * 1024 });
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test.beforeEach(async ({ request }) => {
  await resetDatabase(request);
});

const isCreation = (request: Request) => request.method() === 'POST' && /\/portalApi\/Analysis\/Uploads\/?$/.test(request.url());
const isPatch = (request: Request) => request.method() === 'PATCH' && request.url().includes('/portalApi/Analysis/Uploads/');

/** Megabytes sent so far, read from the page's "x MB of y MB sent". */
async function sentMegabytes(page: Page): Promise<number> {
  const text = (await page.getByText(/ of [\d.]+ MB sent$/).textContent()) ?? '';
  const match = /^([\d.]+) (KB|MB|B) of/.exec(text);
  if (!match) return 0;
  const value = Number(match[1]);
  return match[2] === 'MB' ? value : match[2] === 'KB' ? value / 1024 : value / 1024 / 1024;
}

async function waitUntilSent(page: Page, megabytes: number) {
  await expect.poll(() => sentMegabytes(page), { timeout: 120_000 }).toBeGreaterThanOrEqual(megabytes);
}

async function chooseArchive(page: Page) {
  await page.locator('input[type="file"]').setInputFiles(archivePath);
}

async function expectOrder(page: Page) {
  const created = page.getByText(/^Order \d+ created$/);
  await expect(created).toBeVisible({ timeout: 180_000 });
  const number = /\d+/.exec((await created.textContent()) ?? '')?.[0] ?? '';
  await page.getByRole('link', { name: `View order ${number}` }).click();
  await expect(page).toHaveURL(`/orders/${number}`);
  // The order's samples are the archive's IDAT pairs.
  for (const sample of archive.samples.slice(0, 2)) await expect(page.getByText(sample, { exact: true })).toBeVisible();
  return number;
}

test('a 200 MB archive survives a lost connection and becomes an analysis order (desktop, light)', async ({ page, context }) => {
  const creations: string[] = [];
  page.on('request', (request) => {
    if (isCreation(request)) creations.push(request.url());
  });
  await openSignedIn(page, 'irc.user', '/analysis');
  await expect(page.getByRole('heading', { level: 2, name: 'Analysis Upload' })).toBeVisible();
  await expectAccessible(page, { label: '/analysis choosing a file (desktop, light)' });

  await chooseArchive(page);
  await expect(page.getByRole('heading', { name: `Uploading ${FILE_NAME}` })).toBeVisible();
  await waitUntilSent(page, 40);
  await expectAccessible(page, { label: '/analysis mid-upload (desktop, light)' });

  await context.setOffline(true);
  await expect(page.getByText('Connection lost — the upload continues when you are back online.')).toBeVisible({ timeout: 30_000 });
  const whileOffline = await sentMegabytes(page);
  await page.waitForTimeout(2_000);
  await context.setOffline(false);
  await expect(page.getByText('Connection lost — the upload continues when you are back online.')).toBeHidden({ timeout: 30_000 });
  // It goes on from where it was, not from zero.
  await waitUntilSent(page, whileOffline + 10);

  await expect(page.getByText(/^Order \d+ created$/)).toBeVisible({ timeout: 180_000 });
  await expect(page.getByText(/^Reports are due by .+\.$/)).toBeVisible();
  await expectAccessible(page, { label: '/analysis done (desktop, light)' });
  await expectOrder(page);
  expect(creations).toHaveLength(1);
});

test('a reload mid-upload offers the unfinished upload, and the same file continues from the server’s offset (phone, dark)', async ({
  page,
}) => {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, 'dark'] as const);
  await page.setViewportSize({ width: 375, height: 812 });
  const creations: string[] = [];
  const offsets: number[] = [];
  page.on('request', (request) => {
    if (isCreation(request)) creations.push(request.url());
    if (isPatch(request)) offsets.push(Number(request.headers()['upload-offset'] ?? -1));
  });
  await openSignedIn(page, 'irc.user', '/analysis');
  await chooseArchive(page);
  await waitUntilSent(page, 30);

  await page.reload();
  await expect(page.getByText('An upload did not finish')).toBeVisible();
  await expect(
    page.getByText(
      new RegExp(`^${FILE_NAME.replace(/\./g, '\\.')} \\(.+ of .+ sent, started on .+\\): choose the same file again to resume it\\.$`),
    ),
  ).toBeVisible();
  await expectAccessible(page, { label: '/analysis offering to resume (phone, dark)' });

  const before = offsets.length;
  await chooseArchive(page);
  await expect(page.getByRole('heading', { name: `Uploading ${FILE_NAME}` })).toBeVisible();
  await expect.poll(() => offsets.length).toBeGreaterThan(before);
  // The first PATCH after choosing the file again starts where the server's bytes end.
  expect(offsets[before]).toBeGreaterThan(20 * 1024 * 1024);

  await expect(page.getByText(/^Order \d+ created$/)).toBeVisible({ timeout: 180_000 });
  await expectAccessible(page, { label: '/analysis done (phone, dark)' });
  await expectOrder(page);
  expect(creations).toHaveLength(1);
});
