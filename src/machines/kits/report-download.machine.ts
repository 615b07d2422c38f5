import { assign, fromPromise, setup } from 'xstate';
import type { KitReport } from '../../model/kits/kit';
import { KitReportsText, ReportTabText } from '../../model/kits/kit-detail-texts';
import { reportTabOutcome, type ReportLink } from '../../model/kits/kit-reports';
import { generateReportLinks } from '../../services/kits/report-links';
import { reportTabs } from '../../services/kits/report-tabs';
import { notify } from '../../services/platform/notify';

/**
 * Kits §4 "Report download" and the contract decision: the click itself opens a blank tab (pop-up blockers allow
 * a tab only while the click is handled, so `openTab` runs in the transition the click's event takes, before any
 * call), then `POST /Reports/` with the kit's barcode, the report type, Pdf or Html by the window's width and a
 * presigned link asked for, within 100 s. Success points the tab at the link and says "Report generated
 * successfully"; no link or a failure closes the tab with no message.
 *
 * "Download (n)" downloads the selected current reports. Chromium gives one click one pop-up (a second
 * `window.open` in the same click is blocked), so the one tab the click opens gets all n: the report itself when
 * one link comes back, else a list of the links, each opening its report in a tab of its own.
 *
 * One download at a time: the buttons wait while one is being generated. The selection (report types) may change
 * meanwhile. The reports offered are server data; the events carry the ones the page shows.
 */

export interface ReportDownloadInput {
  barcode: string;
}

export interface ReportDownloadContext {
  barcode: string;
  /** The report types checked for "Download (n)". */
  selected: number[];
  /** The reports being generated; empty when none is. */
  generating: KitReport[];
  /** How many tabs this page has opened: the id of the latest one. */
  tabs: number;
}

export type ReportDownloadEvent =
  | { type: 'report.download'; report: KitReport }
  /** "Download (n)": `reports` are the current reports the page offers; the selected ones among them are generated. */
  | { type: 'reports.downloadSelected'; reports: readonly KitReport[] }
  | { type: 'reports.select'; reportType: number; selected: boolean }
  | { type: 'reports.selectAll'; reportTypes: readonly number[] }
  | { type: 'reports.clearSelection' };

export interface GenerateReportsInput {
  barcode: string;
  reports: readonly KitReport[];
}

/** The id the adapter knows a tab by: the kit's and the count of tabs this page opened. */
const reportTabId = (context: Pick<ReportDownloadContext, 'barcode' | 'tabs'>) => `${context.barcode}#${context.tabs}`;

function selectedAmong(selected: readonly number[], reports: readonly KitReport[]): KitReport[] {
  return reports.filter((report) => selected.includes(report.type));
}

const tabParams = ({ context }: { context: ReportDownloadContext }) => ({ tab: reportTabId(context) });

export const reportDownloadMachine = setup({
  types: {
    input: {} as ReportDownloadInput,
    context: {} as ReportDownloadContext,
    events: {} as ReportDownloadEvent,
  },
  actors: {
    generateReports: fromPromise<ReportLink[], GenerateReportsInput>(({ input, signal }) =>
      // The width is read as the click is handled: the actor starts in the same turn as the tab opens.
      generateReportLinks({ ...input, windowWidth: reportTabs.windowWidth() }, { signal }),
    ),
  },
  guards: {
    anySelected: (_, params: { reports: readonly KitReport[] }) => params.reports.length > 0,
    oneLink: (_, params: { links: readonly ReportLink[] }) => reportTabOutcome(params.links).kind === 'show',
    severalLinks: (_, params: { links: readonly ReportLink[] }) => reportTabOutcome(params.links).kind === 'list',
  },
  actions: {
    startDownload: assign(({ context }, params: { reports: readonly KitReport[] }) => ({
      generating: [...params.reports],
      tabs: context.tabs + 1,
    })),
    endDownload: assign({ generating: [] }),
    select: assign(({ context }, params: { reportType: number; selected: boolean }) => ({
      selected: params.selected
        ? [...context.selected.filter((type) => type !== params.reportType), params.reportType]
        : context.selected.filter((type) => type !== params.reportType),
    })),
    selectAll: assign((_, params: { reportTypes: readonly number[] }) => ({ selected: [...new Set(params.reportTypes)] })),
    clearSelection: assign({ selected: [] }),
    openTab: (_, params: { tab: string }) => reportTabs.open(params.tab),
    showReport: (_, params: { tab: string; links: readonly ReportLink[] }) => {
      const outcome = reportTabOutcome(params.links);
      if (outcome.kind === 'show') reportTabs.show(params.tab, outcome.url);
    },
    listReports: (_, params: { tab: string; barcode: string; links: readonly ReportLink[] }) => {
      const outcome = reportTabOutcome(params.links);
      if (outcome.kind !== 'list') return;
      reportTabs.list(params.tab, {
        title: ReportTabText.title(params.barcode),
        heading: ReportTabText.heading(params.barcode),
        opensInNewTab: ReportTabText.opensInNewTab,
        links: outcome.links,
      });
    },
    closeTab: (_, params: { tab: string }) => reportTabs.close(params.tab),
    notifyGenerated: () => notify.success(KitReportsText.generated),
  },
}).createMachine({
  id: 'reportDownload',
  context: ({ input }) => ({ barcode: input.barcode, selected: [], generating: [], tabs: 0 }),
  initial: 'idle',
  on: {
    'reports.select': {
      actions: { type: 'select', params: ({ event }) => ({ reportType: event.reportType, selected: event.selected }) },
    },
    'reports.selectAll': { actions: { type: 'selectAll', params: ({ event }) => ({ reportTypes: event.reportTypes }) } },
    'reports.clearSelection': { actions: 'clearSelection' },
  },
  states: {
    idle: {
      on: {
        'report.download': {
          target: 'generating',
          actions: [
            { type: 'startDownload', params: ({ event }) => ({ reports: [event.report] }) },
            { type: 'openTab', params: tabParams },
          ],
        },
        'reports.downloadSelected': {
          guard: { type: 'anySelected', params: ({ context, event }) => ({ reports: selectedAmong(context.selected, event.reports) }) },
          target: 'generating',
          actions: [
            { type: 'startDownload', params: ({ context, event }) => ({ reports: selectedAmong(context.selected, event.reports) }) },
            { type: 'openTab', params: tabParams },
          ],
        },
      },
    },
    generating: {
      tags: ['busy'],
      description: 'The tab the click opened waits, blank, while POST /Reports/ renders each report asked for (100 s each at most).',
      exit: 'endDownload',
      invoke: {
        id: 'generateReports',
        src: 'generateReports',
        input: ({ context }) => ({ barcode: context.barcode, reports: context.generating }),
        onDone: [
          {
            guard: { type: 'oneLink', params: ({ event }) => ({ links: event.output }) },
            target: 'idle',
            actions: [
              { type: 'showReport', params: ({ context, event }) => ({ ...tabParams({ context }), links: event.output }) },
              'notifyGenerated',
            ],
          },
          {
            guard: { type: 'severalLinks', params: ({ event }) => ({ links: event.output }) },
            target: 'idle',
            actions: [
              {
                type: 'listReports',
                params: ({ context, event }) => ({ ...tabParams({ context }), barcode: context.barcode, links: event.output }),
              },
              'notifyGenerated',
            ],
          },
          // Kits §4: no link closes the tab with no further message.
          { target: 'idle', actions: { type: 'closeTab', params: tabParams } },
        ],
        onError: { target: 'idle', actions: { type: 'closeTab', params: tabParams } },
      },
    },
  },
});
