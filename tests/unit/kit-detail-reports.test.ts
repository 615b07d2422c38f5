import { describe, expect, it } from 'vitest';
import { KitReportsText, ReportTabText } from '../../src/model/kits/kit-detail-texts';
import {
  diagnosticLabel,
  renderStrategyFor,
  reportLabel,
  reportRequest,
  reportTabOutcome,
  SMALL_WINDOW_MAX_WIDTH_PX,
  splitReports,
} from '../../src/model/kits/kit-reports';
import { LEGACY_REPORT_TYPES, REPORT_TYPES, RenderStrategy } from '../../src/model/kits/kit-status';

describe('the kit detail’s reports (kits §2, §3, §7, §9)', () => {
  it('renders Pdf on a window of 768 px or less, else Html', () => {
    expect(SMALL_WINDOW_MAX_WIDTH_PX).toBe(768);
    expect(renderStrategyFor(375)).toBe(RenderStrategy.Pdf);
    expect(renderStrategyFor(768)).toBe(RenderStrategy.Pdf);
    expect(renderStrategyFor(769)).toBe(RenderStrategy.Html);
    expect(renderStrategyFor(1400)).toBe(RenderStrategy.Html);
  });

  it('asks for a report with the barcode as kitId, the type, the rendering and a presigned link (renderDetails 1)', () => {
    expect(reportRequest('TRU-1001', 200, 1400)).toEqual({ kitId: 'TRU-1001', reportType: 200, renderStrategy: 10, renderDetails: 1 });
    expect(reportRequest('TRU-1001', 500, 375)).toEqual({ kitId: 'TRU-1001', reportType: 500, renderStrategy: 20, renderDetails: 1 });
  });

  it('splits the kit’s reports into current and legacy ones, keeping their order', () => {
    const reports = REPORT_TYPES.map((type) => ({ type, name: `R${type}` }));
    const { current, legacy } = splitReports(reports);
    expect(legacy.map((report) => report.type)).toEqual([...LEGACY_REPORT_TYPES]);
    expect(current.map((report) => report.type)).toEqual([0, 100, 200, 500]);
  });

  it('names a report by its name, else its type’s name, else its number', () => {
    expect(reportLabel({ type: 200, name: 'TruAge Complete' })).toBe('TruAge Complete');
    expect(reportLabel({ type: 200, name: '  ' })).toBe('TruAge');
    expect(reportLabel({ type: 400, name: null })).toBe('Pgx');
    expect(reportLabel({ type: 999, name: null })).toBe('Report 999');
    expect(diagnosticLabel({ id: 7, fileName: 'run-7.idat', fileUrl: null })).toBe('run-7.idat');
    expect(diagnosticLabel({ id: '8', fileName: null, fileUrl: null })).toBe('Diagnostic file 8');
  });

  it('the tab of a download shows the one report, lists several, or closes when no link came back', () => {
    const a = { reportType: 200, label: 'TruAge', url: 'https://r.example.test/a' };
    const b = { reportType: 100, label: 'DNA', url: 'https://r.example.test/b' };
    const none = { reportType: 500, label: 'TruHealth', url: null };
    expect(reportTabOutcome([a])).toEqual({ kind: 'show', url: a.url });
    expect(reportTabOutcome([a, none])).toEqual({ kind: 'show', url: a.url });
    expect(reportTabOutcome([a, b, none])).toEqual({
      kind: 'list',
      links: [
        { label: 'TruAge', url: a.url },
        { label: 'DNA', url: b.url },
      ],
    });
    expect(reportTabOutcome([none])).toEqual({ kind: 'close' });
    expect(reportTabOutcome([])).toEqual({ kind: 'close' });
  });

  it('keeps the documents’ texts exactly', () => {
    expect(KitReportsText.title).toBe('Available Reports');
    expect(KitReportsText.selectAll).toBe('Select All');
    expect(KitReportsText.downloadSelected(2)).toBe('Download (2)');
    expect(KitReportsText.showLegacy(3)).toBe('Show Legacy Reports (3)');
    expect(KitReportsText.hideLegacy).toBe('Hide Legacy Reports');
    expect(KitReportsText.generated).toBe('Report generated successfully');
    expect(KitReportsText.generateFailed).toBe('Unknown error while generating report');
    expect(ReportTabText.title('TRU-1')).toBe('Reports of kit TRU-1');
  });
});
