import axe from 'axe-core';
import { expect, test, type Frame, type Page } from '@playwright/test';

/**
 * The accessibility check every journey makes: axe-core run in the page itself on what it shows now.
 *
 * axe is put into a document once and then run as often as the journey checks it. @axe-core/playwright, used
 * before, sent axe's 550 KB source into every frame twice on every check, which cost 0.6–0.9 s of the ~1 s a
 * check took on an idle machine, about a third of the whole browser suite; a check of a loaded page now takes
 * 0.1–0.3 s. What is checked is the same: axe.run in the top document, same-origin frames looked into, frames of
 * another origin (the card provider's fields, faked here) left out while their own title is checked in the page.
 */

/** The team's accessibility bar: WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

const HTML_EXCERPT_CHARS = 160;

/** A rule left out of one check only, with the reason the finding cannot be fixed yet; it shows in the report. */
export interface AxeException {
  rule: string;
  why: string;
}

/** How long a frame may take to take axe in: a frame that is still loading is checked by the next check. */
const INJECT_TIMEOUT_MS = 1_000;

/** axe's source and its settings, sent once per document: same-origin frames only, as axe's legacy mode runs. */
const AXE_SCRIPT = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

type AxeWindow = Window & { axe?: typeof axe };

/** Puts axe into `frame` unless its document has it already. */
async function injectOnce(frame: Frame) {
  const has = await frame.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function').catch(() => false);
  if (has) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, INJECT_TIMEOUT_MS);
  });
  // A detached or navigating frame is not checked this time, as with @axe-core/playwright's legacy mode.
  await Promise.race([frame.evaluate(AXE_SCRIPT).catch(() => undefined), timeout]);
  clearTimeout(timer);
}

/**
 * Fails when axe finds any WCAG 2.2 AA violation on what the page shows now, listing each failing element
 * with the rule, its impact, the help text, its selector, the start of its markup and axe's finding. `include`
 * narrows the check to one part, such as an open menu; `label` names the state in the report.
 */
export async function expectAccessible(
  page: Page,
  { include, label, except }: { include?: string; label?: string; except?: AxeException } = {},
) {
  const state = label ?? new URL(page.url()).pathname;
  await test.step(`axe WCAG 2.2 AA: ${state}`, async () => {
    await settled(page);
    for (const frame of page.frames()) await injectOnce(frame);
    if (except) test.info().annotations.push({ type: `axe rule ${except.rule} not checked on ${state}`, description: except.why });
    const options: axe.RunOptions = {
      // Only violations fail a check, so axe need not gather the elements that pass.
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: [...WCAG_AA_TAGS] },
      ...(except ? { rules: { [except.rule]: { enabled: false } } } : {}),
    };
    const outcome = await page.evaluate(
      async ({ include, options }) => {
        const inPage = (window as AxeWindow).axe;
        if (!inPage) return { error: 'axe could not be put into the page' };
        try {
          const results = await inPage.run(include ? { include: [include], exclude: [] } : document, options);
          return { violations: results.violations };
        } catch (error) {
          return { error: String(error) };
        }
      },
      { include, options },
    );
    if ('error' in outcome) throw new Error(`axe could not check ${state}: ${outcome.error}`);
    const found = outcome.violations.flatMap((violation) =>
      violation.nodes.map((node) => {
        const html = node.html.replace(/\s+/g, ' ');
        const excerpt = html.length > HTML_EXCERPT_CHARS ? `${html.slice(0, HTML_EXCERPT_CHARS)}…` : html;
        // axe's own finding for the element, such as the two colours and the ratio a contrast failure measured.
        const finding = [...node.any, ...node.all, ...node.none].find((check) => check.message)?.message ?? '';
        return `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help} | ${node.target.join(' ')} | ${excerpt} | ${finding}`;
      }),
    );
    expect(found, `axe found ${found.length} WCAG 2.2 AA violation(s) on ${state} (${page.url()})`).toEqual([]);
  });
}

/**
 * Waits for antd's opening motions to end: axe measures colours and sizes as they are at that instant, and an
 * element half faded in has a contrast it never keeps. Endless animations (a spinner, a skeleton) never end.
 */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const iterations = animation.effect?.getTiming().iterations;
      return iterations === Infinity || animation.playState !== 'running';
    }),
  );
}
