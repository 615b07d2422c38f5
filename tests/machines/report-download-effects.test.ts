import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportRequest } from '../../src/model/kits/kit';
import { generateReportLinks } from '../../src/services/kits/report-links';
import { reportTabs } from '../../src/services/kits/report-tabs';
import { ApiError } from '../../src/services/http/api-error';

/** The report download's real effects: the tabs adapter and the generation of each report's link. */

interface FakeTab {
  opener: unknown;
  closed: boolean;
  document: Document;
  location: { replace: ReturnType<typeof vi.fn> };
  close: ReturnType<typeof vi.fn>;
}

function fakeTab(): FakeTab {
  const tab: FakeTab = {
    opener: window,
    closed: false,
    document: document.implementation.createHTMLDocument(''),
    location: { replace: vi.fn() },
    close: vi.fn(() => void (tab.closed = true)),
  };
  return tab;
}

afterEach(() => vi.unstubAllGlobals());

describe('the report tabs adapter', () => {
  it('opens a blank tab with window.open at once, cuts its opener, and later points it at the report', () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    reportTabs.open('K-1#1');
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    reportTabs.show('K-1#1', 'https://reports.example.test/r/1?sig=a');
    expect(tab.location.replace).toHaveBeenCalledWith('https://reports.example.test/r/1?sig=a');
    // A tab is settled once: a second word about it does nothing.
    reportTabs.close('K-1#1');
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('closes a tab that gets no report, and does nothing for one the blocker refused or the user closed', () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open')
      .mockReturnValueOnce(tab as unknown as Window)
      .mockReturnValueOnce(null);
    reportTabs.open('K-1#2');
    reportTabs.close('K-1#2');
    expect(tab.close).toHaveBeenCalledTimes(1);
    reportTabs.open('K-1#3');
    expect(() => reportTabs.show('K-1#3', 'https://reports.example.test/r/2')).not.toThrow();
    const gone = fakeTab();
    vi.spyOn(window, 'open').mockReturnValueOnce(gone as unknown as Window);
    reportTabs.open('K-1#4');
    gone.closed = true;
    reportTabs.show('K-1#4', 'https://reports.example.test/r/3');
    expect(gone.location.replace).not.toHaveBeenCalled();
  });

  it('writes the list of several reports into the tab: a title, a heading and a link per report that opens its own tab', () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    reportTabs.open('K-1#5');
    reportTabs.list('K-1#5', {
      title: 'Reports of kit K-1',
      heading: 'Reports of kit K-1',
      opensInNewTab: '(opens in a new tab)',
      links: [
        { label: 'TruAge', url: 'https://reports.example.test/r/1?sig=a' },
        { label: 'DNA <b>', url: 'https://reports.example.test/r/2?sig=b' },
      ],
    });
    const doc = tab.document;
    expect(doc.title).toBe('Reports of kit K-1');
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.querySelector('h1')?.textContent).toBe('Reports of kit K-1');
    const links = [...doc.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.target, a.rel])).toEqual([
      ['TruAge (opens in a new tab)', 'https://reports.example.test/r/1?sig=a', '_blank', 'noopener noreferrer'],
      // A name is text, never markup.
      ['DNA <b> (opens in a new tab)', 'https://reports.example.test/r/2?sig=b', '_blank', 'noopener noreferrer'],
    ]);
    expect(doc.querySelector('b')).toBeNull();
  });
});

describe('generating the links of a download', () => {
  const reports = [
    { type: 200, name: 'TruAge' },
    { type: 500, name: null },
  ];

  it('asks for each report with the barcode, its type, Html on a wide window and a presigned link', async () => {
    const generate = vi.fn((request: ReportRequest) => Promise.resolve(`https://reports.example.test/${request.reportType}`));
    const links = await generateReportLinks({ barcode: 'K-1', reports, windowWidth: 1400 }, { generate });
    expect(generate.mock.calls.map(([request]) => request)).toEqual([
      { kitId: 'K-1', reportType: 200, renderStrategy: 10, renderDetails: 1 },
      { kitId: 'K-1', reportType: 500, renderStrategy: 10, renderDetails: 1 },
    ]);
    expect(links).toEqual([
      { reportType: 200, label: 'TruAge', url: 'https://reports.example.test/200' },
      // A report without a name is known by its type's name.
      { reportType: 500, label: 'TruHealth', url: 'https://reports.example.test/500' },
    ]);
  });

  it('asks for Pdf on a window of 768 px or less', async () => {
    const generate = vi.fn((_request: ReportRequest) => Promise.resolve(null));
    await generateReportLinks({ barcode: 'K-1', reports: [reports[0]!], windowWidth: 768 }, { generate });
    await generateReportLinks({ barcode: 'K-1', reports: [reports[0]!], windowWidth: 769 }, { generate });
    expect(generate.mock.calls.map(([request]) => request.renderStrategy)).toEqual([20, 10]);
  });

  it('a report whose call fails has no link; only when every call fails is the download a failure', async () => {
    const refused = new ApiError('Internal server error', 'http', 500);
    const partly = vi.fn((request: ReportRequest) =>
      request.reportType === 200 ? Promise.reject(refused) : Promise.resolve('https://reports.example.test/500'),
    );
    await expect(generateReportLinks({ barcode: 'K-1', reports, windowWidth: 1400 }, { generate: partly })).resolves.toEqual([
      { reportType: 200, label: 'TruAge', url: null },
      { reportType: 500, label: 'TruHealth', url: 'https://reports.example.test/500' },
    ]);
    const never = vi.fn(() => Promise.reject(refused));
    await expect(generateReportLinks({ barcode: 'K-1', reports, windowWidth: 1400 }, { generate: never })).rejects.toBe(refused);
  });
});
