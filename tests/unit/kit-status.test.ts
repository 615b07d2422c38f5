import { describe, expect, it } from 'vitest';
import {
  hasResultsReady,
  isFailedResult,
  isInProgress,
  isLegacyReport,
  KIT_STATUS_CODES,
  kitDisplayStatus,
  ProcessingResult,
  REPORT_TYPES,
} from '../../src/model/kits/kit-status';

/**
 * Kits §3 and §4: every status code with the display status decided for it, whether it is "in progress"
 * (Awaiting Registration, Registered, Sample Received, Sample Processing, Reprocessing In Lab) and whether its
 * results are ready (Result Ready). Written out here as the oracle, not read from the model's table.
 */
const CODES: readonly [name: string, code: number, display: string, inProgress: boolean, resultsReady: boolean][] = [
  ['NotRegistered', 0, 'Not Registered', false, false],
  ['AwaitingHealthAssessment', 1, 'Awaiting Registration', true, false],
  ['HealthAssessmentCompleted', 2, 'Registered', true, false],
  ['SampleReceived', 3, 'Sample Received', true, false],
  ['ExtractDna', 4, 'Sample Processing', true, false],
  ['DnaFail', 5, 'Sample Processing', true, false],
  ['DnaQuantification', 6, 'Sample Processing', true, false],
  ['BisulfiteConversion', 7, 'Sample Processing', true, false],
  ['lab step 8', 8, 'Sample Processing', true, false],
  ['lab step 9', 9, 'Sample Processing', true, false],
  ['lab step 10', 10, 'Sample Processing', true, false],
  ['lab step 11', 11, 'Sample Processing', true, false],
  ['lab step 12', 12, 'Sample Processing', true, false],
  ['lab step 13', 13, 'Sample Processing', true, false],
  ['lab step 14', 14, 'Sample Processing', true, false],
  ['lab step 15', 15, 'Sample Processing', true, false],
  ['ActionNeeded', 16, 'Sample Processing', true, false],
  ['ResultReady', 17, 'Result Ready', false, true],
  ['ImageBeadchipFail', 18, 'Sample Processing', true, false],
  ['ReportingProcess', 19, 'Report In Process', false, false],
  ['NotReceived', 21, 'Not Received', false, false],
  ['Approved', 22, 'Approved', false, false],
  ['AbsDataUploaded', 23, 'Abs Data Uploaded', false, false],
  ['ReplacementRequested', 24, 'Replacement Requested', false, false],
  ['Reprocess', 25, 'Reprocessing In Lab', true, false],
  ['Disposed', 26, 'Disposed', false, false],
  ['ImageBeadChipCompleted', 30, 'Sample Processing', true, false],
  ['DiagnosticFileUploaded', 40, 'Sample Processing', true, false],
  ['MetricsQuantificationRequested', 41, 'Sample Processing', true, false],
  ['MetricsQuantificationCompleted', 42, 'Sample Processing', true, false],
  ['MetricsQuantificationFailed', 43, 'Sample Processing', true, false],
  ['QualityControlFailed', 44, 'Sample Processing', true, false],
  ['SampleAssigned', 50, 'Sample Received', true, false],
  ['SampleProcessing', 51, 'Sample Processing', true, false],
  ['UnexpectedIntake', 52, 'Sample Received', true, false],
  ['MarkedForLabReprocessing', 53, 'Reprocessing In Lab', true, false],
];

describe('kit status codes (kits §3, §4)', () => {
  it('the model knows exactly the codes of kits §3', () => {
    expect([...KIT_STATUS_CODES].sort((a, b) => a - b)).toEqual(CODES.map(([, code]) => code));
  });

  it.each(CODES)('%s (%i) shows %s; in progress: %s; results ready: %s', (_name, code, display, inProgress, resultsReady) => {
    expect(kitDisplayStatus(code)).toBe(display);
    expect(isInProgress(code)).toBe(inProgress);
    expect(hasResultsReady(code)).toBe(resultsReady);
  });

  it.each([
    ['20, a gap between the codes', 20],
    ['27, past Disposed', 27],
    ['99, a code of the future', 99],
    ['-1', -1],
    ['1.5, not a whole number', 1.5],
    ['NaN', Number.NaN],
    ['null, no status', null],
    ['undefined, no status object', undefined],
  ])('an unmapped code (%s) shows Unknown, is not in progress and has no results', (_case, code) => {
    expect(kitDisplayStatus(code)).toBe('Unknown');
    expect(isInProgress(code)).toBe(false);
    expect(hasResultsReady(code)).toBe(false);
  });
});

describe('processing results and report types (kits §3, §4)', () => {
  it('Failed (10) and QcFailed (15) are failure states; every other result, or none, is not', () => {
    const failures = Object.values(ProcessingResult).filter((code) => isFailedResult(code));
    expect(failures).toEqual([10, 15]);
    expect(isFailedResult(null)).toBe(false);
    expect(isFailedResult(undefined)).toBe(false);
    expect(isFailedResult(11)).toBe(false);
  });

  it('types 2-5, 7, 9, 11-15, 300 and 400 are legacy; 0, 100, 200 and 500 are current', () => {
    expect(REPORT_TYPES.filter((type) => isLegacyReport(type))).toEqual([2, 3, 4, 5, 7, 9, 11, 12, 13, 14, 15, 300, 400]);
    expect(REPORT_TYPES.filter((type) => !isLegacyReport(type))).toEqual([0, 100, 200, 500]);
  });
});
