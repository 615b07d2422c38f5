import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  reportDownloadMachine,
  type GenerateReportsInput,
  type ReportDownloadEvent,
} from '../../src/machines/kits/report-download.machine';
import { selectReportDownload, selectReportSelection } from '../../src/machines/kits/report-download.selectors';
import type { KitReport } from '../../src/model/kits/kit';
import type { ReportLink } from '../../src/model/kits/kit-reports';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';

const BARCODE = 'TRU-1001';
const truAge: KitReport = { type: 200, name: 'TruAge' };
const dna: KitReport = { type: 100, name: 'DNA' };
const OFFERED = [truAge, dna];

const link = (report: KitReport, url: string | null): ReportLink => ({ reportType: report.type, label: report.name ?? '', url });
const ONE_LINK = [link(truAge, 'https://reports.example.test/r/1?sig=a')];
const TWO_LINKS = [link(truAge, 'https://reports.example.test/r/1?sig=a'), link(dna, 'https://reports.example.test/r/2?sig=b')];
const NO_LINK = [link(truAge, null)];

/** The effects in the order the machine asked for them, per path. */
const done: string[] = [];
const effects = {
  openTab: vi.fn((_: unknown, params: { tab: string }) => void done.push(`open ${params.tab}`)),
  showReport: vi.fn((_: unknown, params: { tab: string; links: readonly ReportLink[] }) => void done.push(`show ${params.tab}`)),
  listReports: vi.fn(
    (_: unknown, params: { tab: string; barcode: string; links: readonly ReportLink[] }) =>
      void done.push(`list ${params.tab} ${params.links.length}`),
  ),
  closeTab: vi.fn((_: unknown, params: { tab: string }) => void done.push(`close ${params.tab}`)),
  notifyGenerated: vi.fn(() => void done.push('toast')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

type Step = { event: { type: string; output?: unknown } };

/** What a path must have caused: a tab per download, then the report, the list or nothing (closed), and a toast on success. */
function expectedEffects(steps: readonly Step[], tabsBefore = 0): string[] {
  let tabs = tabsBefore;
  let open = false;
  let selected = new Set<number>();
  return steps.flatMap(({ event }) => {
    const sent = event as ReportDownloadEvent | Step['event'];
    switch (sent.type) {
      case 'reports.select': {
        const { reportType, selected: checked } = sent as Extract<ReportDownloadEvent, { type: 'reports.select' }>;
        if (checked) selected.add(reportType);
        else selected.delete(reportType);
        return [];
      }
      case 'reports.selectAll':
        selected = new Set((sent as Extract<ReportDownloadEvent, { type: 'reports.selectAll' }>).reportTypes);
        return [];
      case 'reports.clearSelection':
        selected = new Set();
        return [];
      case 'report.download':
      case 'reports.downloadSelected':
        if (open) return [];
        open = true;
        tabs += 1;
        return [`open ${BARCODE}#${tabs}`];
      case 'xstate.done.actor.generateReports': {
        open = false;
        const links = (sent.output as ReportLink[]).filter((each) => each.url);
        if (links.length === 1) return [`show ${BARCODE}#${tabs}`, 'toast'];
        if (links.length > 1) return [`list ${BARCODE}#${tabs} ${links.length}`, 'toast'];
        return [`close ${BARCODE}#${tabs}`];
      }
      case 'xstate.error.actor.generateReports':
        open = false;
        return [`close ${BARCODE}#${tabs}`];
      default:
        return [];
    }
  });
}

describePaths(reportDownloadMachine, {
  name: 'report download (kits §4): the tab opened in the click, POST /Reports/, the link, the list or a silent close',
  input: { barcode: BARCODE },
  events: {
    'report.download': [{ type: 'report.download', report: truAge }],
    'reports.downloadSelected': [{ type: 'reports.downloadSelected', reports: OFFERED }],
    'reports.select': [
      { type: 'reports.select', reportType: truAge.type, selected: true },
      { type: 'reports.select', reportType: truAge.type, selected: false },
    ],
    'reports.selectAll': [{ type: 'reports.selectAll', reportTypes: OFFERED.map((report) => report.type) }],
  },
  invokes: {
    generateReports: {
      outputs: [ONE_LINK, TWO_LINKS, NO_LINK],
      errors: [new ApiError('The request timed out. Please try again.', 'timeout', null)],
    },
  },
  provide: { actions: effects },
  // The count of tabs opened grows with every download; it names tabs, it does not make a state of its own.
  stateKey: (snapshot) => JSON.stringify([snapshot.value, [...snapshot.context.selected].sort(), snapshot.context.generating]),
  strategy: 'transitions',
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    const view = selectReportDownload(snapshot);
    // Every tab the machine opened is settled once: shown, listed or closed, never left blank after the answer.
    expect(done).toEqual(expectedEffects(path.steps));
    // Each generation is of the kit's barcode and the reports asked for: one, or the selected among those offered.
    for (const { input } of invocations) {
      const { barcode, reports } = input as GenerateReportsInput;
      expect(barcode).toBe(BARCODE);
      expect(reports.length).toBeGreaterThan(0);
      for (const report of reports) expect(OFFERED).toContainEqual(report);
    }
    expect(invocations.length).toBe(done.filter((effect) => effect.startsWith('open')).length);
    // What the view may ask agrees with the state: the buttons wait while a download runs.
    expect(view.canDownload).toBe(!view.busy);
    expect(view.generating.length > 0).toBe(view.busy);
    const selection = selectReportSelection(snapshot, OFFERED);
    expect(selection.count).toBe(view.selected.filter((type) => OFFERED.some((report) => report.type === type)).length);
    expect(selection.canDownload).toBe(!view.busy && selection.count > 0);
    expect(selection.all).toBe(selection.count === OFFERED.length);
  },
});

describe('report download, step by step', () => {
  const inspect = recordTransitions();

  function start(generate: (input: GenerateReportsInput) => Promise<ReportLink[]>) {
    const generateReports = vi.fn(({ input }: { input: GenerateReportsInput }) => generate(input));
    const logic = reportDownloadMachine.provide({ actors: { generateReports: fromPromise(generateReports) }, actions: effects });
    return { actor: createActor(logic, { input: { barcode: BARCODE }, inspect }).start(), generateReports };
  }

  it('the tab opens in the same turn as the click, before the call starts, and the answer points that same tab', async () => {
    let answer: (links: ReportLink[]) => void = () => undefined;
    const { actor, generateReports } = start(() => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'report.download', report: truAge });
    // Nothing was awaited: the tab is open and the call under way as soon as send returns.
    expect(done).toEqual([`open ${BARCODE}#1`]);
    expect(generateReports).toHaveBeenCalledTimes(1);
    expect(selectReportDownload(actor.getSnapshot())).toMatchObject({ busy: true, generating: [truAge.type], canDownload: false });
    // A second click while it runs is not taken: one download at a time.
    actor.send({ type: 'report.download', report: dna });
    expect(generateReports).toHaveBeenCalledTimes(1);
    answer(ONE_LINK);
    await vi.waitFor(() => expect(selectReportDownload(actor.getSnapshot()).busy).toBe(false));
    expect(done).toEqual([`open ${BARCODE}#1`, `show ${BARCODE}#1`, 'toast']);
    expect(effects.showReport.mock.calls[0]?.[1].links).toEqual(ONE_LINK);
    // The next download gets a tab of its own.
    actor.send({ type: 'report.download', report: dna });
    expect(done.at(-1)).toBe(`open ${BARCODE}#2`);
  });

  it('"Download (n)" generates only the selected reports among those offered, all in the one tab of the click', async () => {
    const { actor, generateReports } = start(() => Promise.resolve(TWO_LINKS));
    const view = () => selectReportSelection(actor.getSnapshot(), OFFERED);
    expect(view()).toEqual({ count: 0, all: false, some: false, canDownload: false });
    actor.send({ type: 'reports.downloadSelected', reports: OFFERED });
    expect(generateReports).not.toHaveBeenCalled();
    actor.send({ type: 'reports.select', reportType: dna.type, selected: true });
    actor.send({ type: 'reports.select', reportType: 999, selected: true });
    expect(view()).toEqual({ count: 1, all: false, some: true, canDownload: true });
    actor.send({ type: 'reports.selectAll', reportTypes: OFFERED.map((report) => report.type) });
    expect(view()).toEqual({ count: 2, all: true, some: false, canDownload: true });
    actor.send({ type: 'reports.downloadSelected', reports: OFFERED });
    expect(generateReports.mock.calls[0]?.[0].input).toEqual({ barcode: BARCODE, reports: OFFERED });
    await vi.waitFor(() => expect(done).toEqual([`open ${BARCODE}#1`, `list ${BARCODE}#1 2`, 'toast']));
    expect(effects.listReports.mock.calls[0]?.[1]).toEqual({ tab: `${BARCODE}#1`, barcode: BARCODE, links: TWO_LINKS });
    // The selection stays for another download; Select All unchecked clears it.
    actor.send({ type: 'reports.clearSelection' });
    expect(view().count).toBe(0);
  });

  it('a failure closes the tab with no message', async () => {
    const { actor } = start(() => Promise.reject(new ApiError('Internal server error', 'http', 500)));
    actor.send({ type: 'report.download', report: truAge });
    await vi.waitFor(() => expect(done).toEqual([`open ${BARCODE}#1`, `close ${BARCODE}#1`]));
    expect(effects.notifyGenerated).not.toHaveBeenCalled();
  });
});
