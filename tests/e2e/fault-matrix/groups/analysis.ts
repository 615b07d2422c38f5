import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { AnalysisPageText } from '../../../../src/model/orders/analysis-texts';
import { writeIdatArchive } from '../../../support/idat-archive';
import type { Fault } from '../faults';
import { visit, type MatrixGroup } from '../matrix';
import { providerSignIn } from './common';

/**
 * The analysis upload's one call through the portal's HTTP client (issue 42): once every byte has arrived, the page asks
 * for the archive's outcome. A lost or late answer is asked again every 2 s, as the upload itself retries, so those
 * faults leave the page waiting and asking; an answer that says something else ends in its words, with Try Again
 * asking again. The tus calls themselves are tus-js-client's (calls.ts says why they are not rows).
 */

const OUTCOME_PATH = /\/portalApi\/Analysis\/Uploads\/[^/]+\/Outcome$/;
/** The faults the page rides out by asking again: nothing to show but that it is still waiting. */
const ASKED_AGAIN: readonly Fault[] = ['500 without a message', 'a time-out', 'offline'];

let archivePath: Promise<string> | undefined;
/** One small valid archive for every case, written when the first case needs it. */
function archive(): Promise<string> {
  archivePath ??= (async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'fault-matrix-analysis-')), 'matrix-run.zip');
    await writeIdatArchive(path, { samples: 1 });
    return path;
  })();
  return archivePath;
}

/** Outcome requests since the page last arrived at /analysis. */
const asked = new WeakMap<Page, number>();

async function analysisPage(page: Page) {
  if (!asked.has(page)) {
    page.on('request', (request) => {
      if (OUTCOME_PATH.test(new URL(request.url()).pathname)) asked.set(page, (asked.get(page) ?? 0) + 1);
    });
  }
  asked.set(page, 0);
  await visit(page, '/analysis');
  await expect(page.getByRole('heading', { level: 2, name: AnalysisPageText.heading })).toBeVisible();
}

async function stillWaiting(page: Page): Promise<boolean> {
  return (
    (asked.get(page) ?? 0) >= 2 &&
    (await page.getByText(AnalysisPageText.verifying).isVisible()) &&
    (await page.getByText(AnalysisPageText.failedTitle).count()) === 0
  );
}

export const ANALYSIS_GROUPS: readonly MatrixGroup[] = [
  {
    title: 'the research institution’s analysis upload',
    signIn: providerSignIn('irc.user'),
    calls: [
      {
        call: 'GET /Analysis/Uploads/{id}/Outcome',
        arrive: analysisPage,
        act: async (page) => page.locator('input[type="file"]').setInputFiles(await archive()),
        unreadable: AnalysisPageText.outcomeFailed,
        failure: (page, expected, fault) => (ASKED_AGAIN.includes(fault) ? () => stillWaiting(page) : page.getByText(expected)),
        keeps: async (page) => {
          // Either still waiting, or stopped with Try Again, which asks again rather than sending the file anew.
          await expect(
            page.getByText(AnalysisPageText.verifying).or(page.getByRole('button', { name: AnalysisPageText.tryAgain })),
          ).toBeVisible();
        },
      },
    ],
  },
];
