import { within } from '@testing-library/react';
import { vi } from 'vitest';
import { FulfilmentType, UnitType } from '../../src/model/enums';
import { clock } from '../../src/services/platform/clock';
import { json, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp } from '../support/render-app';

/** What the kit detail page's view tests share: a kit as a service writes it, the scripted API, the tabs of a download. */

/** As a service answers GET /Kits/{barcode}: unknown fields added, optional ones left out. */
export const KIT = {
  uid: 'kit-uid-1',
  barcode: 'TRU-1001',
  order: { orderNumber: 30003 },
  createdAt: '2026-01-02T08:00:00',
  registeredAt: '2026-01-03T09:00:00',
  status: { status: 6, date: '2026-01-22T09:00:00' },
  statusHistory: [
    { status: 3, date: '2026-01-10T09:00:00' },
    { status: 2, date: '2026-01-03T09:00:00' },
    { status: 4, date: '2026-01-20T09:00:00' },
    { status: 6, date: '2026-01-22T09:00:00' },
  ],
  registrant: { uid: 'p-1', firstName: 'Ada', lastName: 'Byron', dateOfBirth: '1980-04-12T00:00:00Z' },
  product: { id: 200, name: 'TruAge Complete', description: 'Biological age from one sample.' },
  samples: [{ status: 5, processingDate: '2026-01-20T09:00:00' }],
  reports: [
    { type: 200, name: 'TruAge' },
    { type: 5, name: 'Telomere' },
    { type: 500, name: 'TruHealth' },
    { type: 300, name: 'SymphonyAge' },
  ],
  diagnostics: [{ id: 7, fileName: 'run-7.idat', fileUrl: '/files/run-7.idat?sig=abc' }],
  source: null,
  labNotes: 'ignored',
};

export const PATH = '/kits/TRU-1001';
/** Within the typical durations of the fixture's steps, so that no overdue badge shows unless a test asks. */
const JAN_25 = new Date('2026-01-25T12:00:00');

export interface Options {
  kit?: () => Response | Promise<Response>;
  report?: (call: RecordedCall) => Response | Promise<Response>;
  unitType?: number;
  fulfilmentType?: number;
}

function api({
  kit = () => json(KIT),
  report = () => json({ presignedUrl: null }),
  unitType = UnitType.HCP,
  fulfilmentType,
}: Options = {}) {
  return fakePortalApi({
    practice: practiceRecord({ unitType, fulfilmentType: fulfilmentType ?? FulfilmentType.Physical }),
    routes: { 'GET /portalApi/Kits/TRU-1001': kit, 'POST /portalApi/Reports/': report },
  });
}

export function open(options: Options = {}, width?: number, now = JAN_25) {
  vi.spyOn(clock, 'now').mockReturnValue(now);
  return renderApp({ path: PATH, user: sessionUser(), respond: api(options), width });
}

/** A stand-in for the tab window.open gives: where it is sent, whether it was closed, what was written into it. */
export function stubTabs() {
  const tabs: { replace: ReturnType<typeof vi.fn>; close: ReturnType<typeof vi.fn>; document: Document }[] = [];
  const openTab = vi.spyOn(window, 'open').mockImplementation(() => {
    const tab = { replace: vi.fn(), close: vi.fn(), document: document.implementation.createHTMLDocument('') };
    tabs.push(tab);
    return {
      opener: window,
      closed: false,
      document: tab.document,
      location: { replace: tab.replace },
      close: tab.close,
    } as unknown as Window;
  });
  return { tabs, openTab };
}

export const reportCalls = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST' && call.url === '/portalApi/Reports/');

export function rows(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');
}
