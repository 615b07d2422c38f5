import type { Page, Request, Route } from '@playwright/test';
import * as v from 'valibot';
import { ErrorText, withCorrelationId } from '../../../src/model/messages';
import { operationOf } from './calls';

/** Issue 13, item 4: the five ways a call fails, each injected into the answer of one documented call. */
export const FAULTS = ['500 without a message', 'a time-out', 'offline', 'a malformed JSON body', 'a 2xx with error.message'] as const;
export type Fault = (typeof FAULTS)[number];

/** One case of the matrix as the run logs it, read back by the suite's teardown. */
export const FaultCaseOutcomeSchema = v.object({ call: v.string(), fault: v.picklist(FAULTS), passed: v.boolean() });
export type FaultCaseOutcome = v.InferOutput<typeof FaultCaseOutcomeSchema>;

export const FAULT_MESSAGE = 'The laboratory service refused this request';
export const FAULT_CORRELATION_ID = 'fault-matrix-0001';

export const API_BASE = '/portalApi';

/**
 * What the catalogue shows for a fault (access §8), or, for a body that cannot be read, the action's own fallback
 * text, which only the scenario knows.
 */
export function catalogueText(fault: Fault, unreadable: string | RegExp): string | RegExp {
  switch (fault) {
    case '500 without a message':
      return ErrorText.server;
    case 'a time-out':
      return ErrorText.timeout;
    case 'offline':
      return ErrorText.network;
    case 'a malformed JSON body':
      return unreadable;
    case 'a 2xx with error.message':
      return withCorrelationId(FAULT_MESSAGE, FAULT_CORRELATION_ID);
  }
}

export interface InjectedFault {
  /** How many requests of the call met the fault so far. */
  hits(): number;
  /** Answers every later request of the call normally again. Held (timed-out) requests stay unanswered. */
  clear(): Promise<void>;
}

async function fail(route: Route, fault: Fault): Promise<void> {
  switch (fault) {
    case '500 without a message':
      return route.fulfill({ status: 500, body: '' });
    case 'a time-out':
      // Never answered: the portal's own timer (faked by the page clock, see runMatrix) gives up on it.
      return;
    case 'offline':
      return route.abort('internetdisconnected');
    case 'a malformed JSON body':
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"data": [{"id": 1,' });
    case 'a 2xx with error.message':
      return route.fulfill({ status: 200, json: { error: { message: FAULT_MESSAGE }, correlationId: FAULT_CORRELATION_ID } });
  }
}

/** The documented call a request of the page makes, e.g. `GET /Kits/{barcode}`; undefined for any other request. */
export const callOf = (request: Request): string | undefined =>
  operationOf(request.method(), new URL(request.url()).pathname.slice(API_BASE.length))?.key;

/**
 * Makes every request of the documented call `callKey` (e.g. `GET /Kits/{barcode}`) fail with `fault` until
 * cleared; every other request goes on to whatever answers it (the reference server, or a fake routed earlier).
 */
export async function injectFault(page: Page, callKey: string, fault: Fault): Promise<InjectedFault> {
  let hits = 0;
  const handler = async (route: Route) => {
    if (callOf(route.request()) !== callKey) return route.fallback();
    hits += 1;
    return fail(route, fault);
  };
  await page.route(`**${API_BASE}/**`, handler);
  return {
    hits: () => hits,
    clear: () => page.unroute(`**${API_BASE}/**`, handler),
  };
}
