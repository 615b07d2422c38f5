import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { E2E_FAULT_MATRIX_LOG } from '../../../playwright.config';
import { REQUEST_TIMEOUT_MS } from '../../../src/model/constants';
import { resetDatabase } from '../support';
import { API_BASE, FAULTS, callOf, catalogueText, injectFault, type Fault, type FaultCaseOutcome } from './faults';

/**
 * One row of the fault matrix: a documented call, how a user gets to the point of making it, what makes it, and
 * what must show and stay when it fails. The runner plays every row against each of the five faults.
 */
export interface CallScenario {
  /** The OpenAPI operation, e.g. `GET /Kits/{barcode}`. */
  readonly call: string;
  /**
   * Brings the signed-in page to where the user is about to make the call, with anything the user entered; none for
   * a call that loading a screen makes.
   */
  readonly arrive?: (page: Page) => Promise<void>;
  /** What the user does that makes the call (for a call made by loading a screen: loading it). */
  readonly act: (page: Page) => Promise<void>;
  /** The action's own failure text, shown when the answer cannot be read (a malformed body). */
  readonly unreadable: string | RegExp;
  /**
   * Where the failure shows, given the text expected for the fault; by default that text anywhere on the page. A
   * screen whose documented error state is not the text says so here: a locator that must show, or a check that
   * must come true (e.g. a tab that closes with no message).
   */
  readonly failure?: (page: Page, expected: string | RegExp, fault: Fault) => Locator | (() => Promise<boolean>);
  /** Checks that what the user entered (form fields, cart items) is still there after the failure. */
  readonly keeps?: (page: Page) => Promise<void>;
  /** The call's own time-out when it is not the default 30 s (placing an order, an upload, report generation). */
  readonly timeoutMs?: number;
}

/** A group of rows that one signed-in user plays in one journey. */
export interface MatrixGroup {
  /** Names the journey, e.g. "the provider's kits and reports". */
  readonly title: string;
  /** Signs in (or stays signed out) once for the whole group; the database is reseeded first. */
  readonly signIn: (page: Page) => Promise<void>;
  readonly calls: readonly CallScenario[];
}

/** Every case's outcome, one JSON line each, for the suite's teardown to count (tests/e2e/suite-teardown.ts). */
function record(entry: FaultCaseOutcome) {
  mkdirSync(dirname(E2E_FAULT_MATRIX_LOG), { recursive: true });
  appendFileSync(E2E_FAULT_MATRIX_LOG, `${JSON.stringify(entry)}\n`);
}

/**
 * Waits until the failure shows. A time-out needs the portal's timer to run out: the page's clock is faked and
 * jumped past the call's time-out, again while the portal retries (the patient portal retries what may mend).
 */
async function seeFailure(page: Page, scenario: CallScenario, fault: Fault, expected: string | RegExp) {
  const shown = scenario.failure?.(page, expected, fault) ?? page.getByText(expected).first();
  const check = async (timeout?: number) => {
    if (typeof shown === 'function') await expect.poll(shown, { message: 'the documented error state', timeout }).toBe(true);
    else await expect(shown).toBeVisible({ timeout });
  };
  if (fault !== 'a time-out') {
    await check();
    return;
  }
  // The first jump gives the failure time to show (a toast lasts 3 s); later ones, for a portal that retried, are quick.
  // A jump also times out whatever else is on its way: it waits for those (a token refresh above all, whose loss would
  // end the session) to come back first.
  let jumps = 0;
  await expect(async () => {
    await onlyHeldOnItsWay(page, scenario.call);
    await page.clock.fastForward((scenario.timeoutMs ?? REQUEST_TIMEOUT_MS) + 1_000);
    jumps += 1;
    await check(jumps === 1 ? 2_500 : 1_500);
  }).toPass({ timeout: 30_000 });
}

const inFlight = new WeakMap<Page, Set<Request>>();

/** Follows the page's portal calls on their way, so that neither a reload nor a clock jump cuts one off. */
function trackCalls(page: Page) {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(`${API_BASE}/`)) pending.add(request);
  });
  const done = (request: Request) => pending.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

const isRefresh = (request: Request) => callOf(request) === 'POST /Auth/refresh';

async function noRefreshOnItsWay(page: Page): Promise<void> {
  await expect
    .poll(() => [...(inFlight.get(page) ?? [])].filter(isRefresh).length, { message: 'a refresh is still on its way', intervals: [50] })
    .toBe(0);
}

/** How long no other call must be on its way: a call the page has just sent reaches the listener a moment later. */
const CALM_MS = 300;

/**
 * Waits until the only calls on their way are the held ones of `call` (a 401's refresh and retry have come back),
 * and stay so for CALM_MS, so that a refresh the last jump set off is seen before the next jump would time it out.
 */
async function onlyHeldOnItsWay(page: Page, call: string): Promise<void> {
  const others = () => [...(inFlight.get(page) ?? [])].filter((request) => callOf(request) !== call).map(callOf);
  await expect(async () => {
    expect(others(), 'other calls are still on their way').toEqual([]);
    await page.waitForTimeout(CALM_MS);
    expect(others(), 'another call set off meanwhile').toEqual([]);
  }).toPass({ intervals: [50], timeout: 10_000 });
}

/**
 * Loads a screen of the portal afresh once no refresh is on its way, so that each case starts from a session at
 * rest rather than from a refresh the reload cut off (which the session tries again; session.spec.ts).
 */
export async function visit(page: Page, path: string): Promise<void> {
  await noRefreshOnItsWay(page);
  await page.goto(path);
}

/** The journey of one group: every call × every fault, each case a step, no uncaught page error anywhere. */
export function runMatrix(group: MatrixGroup) {
  test(`fault matrix: ${group.title}: ${group.calls.length} calls × ${FAULTS.length} faults`, async ({ page, request }) => {
    test.setTimeout(60_000 + group.calls.length * FAULTS.length * 12_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
    trackCalls(page);
    await resetDatabase(request);
    // Time flows as usual until a time-out case jumps it.
    await page.clock.install();
    await group.signIn(page);
    for (const scenario of group.calls) {
      for (const fault of FAULTS) {
        await test.step(`${scenario.call} × ${fault}`, async () => {
          let passed = false;
          try {
            await scenario.arrive?.(page);
            const injected = await injectFault(page, scenario.call, fault);
            await scenario.act(page);
            await expect
              .poll(() => injected.hits(), { message: `the page never made ${scenario.call}`, intervals: [50] })
              .toBeGreaterThan(0);
            await seeFailure(page, scenario, fault, catalogueText(fault, scenario.unreadable));
            await scenario.keeps?.(page);
            expect(pageErrors, 'uncaught errors on the page').toEqual([]);
            await injected.clear();
            passed = true;
          } finally {
            record({ call: scenario.call, fault, passed });
          }
        });
      }
    }
  });
}
