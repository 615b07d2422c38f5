import { KitStatus, ProcessingResult, ReportType } from '../../src/model/kits/kit-status';

/**
 * Seeded kits before they become rows: the status walks (lifecycles) with their samples, the reports each
 * product has, the demo kits every practice gets and the ones Riverside gets besides. seed-kits.ts turns
 * them into kits of the practices' seeded orders and patients, and generates kits for performance work.
 */

const S = KitStatus;
const R = ProcessingResult;

/** A status and the days after the previous entry it was reached. */
export type KitStep = readonly [status: KitStatus, afterDays: number];
/** A sample's processing result, dated by the first history entry of this status. */
export type KitSampleStep = readonly [result: ProcessingResult, atStatus: KitStatus];

export interface KitLifecycle {
  readonly steps: readonly KitStep[];
  readonly samples: readonly KitSampleStep[];
  /** The kit's results are ready, so it has reports. */
  readonly reports: boolean;
}

const REGISTERED: readonly KitStep[] = [
  [S.NotRegistered, 0],
  [S.AwaitingHealthAssessment, 6],
  [S.HealthAssessmentCompleted, 2],
];
const RECEIVED: readonly KitStep[] = [...REGISTERED, [S.SampleReceived, 11]];
const EXTRACTED: readonly KitStep[] = [...RECEIVED, [S.ExtractDna, 2]];
const CONVERTED: readonly KitStep[] = [...EXTRACTED, [S.DnaQuantification, 3], [S.BisulfiteConversion, 4]];
const IMAGED: readonly KitStep[] = [...CONVERTED, [S.ImageBeadChipCompleted, 5]];
const QC_FAILED: readonly KitStep[] = [...CONVERTED, [S.QualityControlFailed, 5], [S.Reprocess, 2]];

function lifecycle(steps: readonly KitStep[], samples: readonly KitSampleStep[] = [], reports = false): KitLifecycle {
  return { steps, samples, reports };
}

/** Each walks the four steps in order (kits §4), or leaves them: not received, disposed, replaced. */
export const KIT_LIFECYCLES = {
  notRegistered: lifecycle([[S.NotRegistered, 0]]),
  awaitingRegistration: lifecycle([
    [S.NotRegistered, 0],
    [S.AwaitingHealthAssessment, 9],
  ]),
  registered: lifecycle(REGISTERED),
  sampleReceived: lifecycle(RECEIVED, [[R.Received, S.SampleReceived]]),
  extractDna: lifecycle(EXTRACTED, [[R.InProgress, S.ExtractDna]]),
  dnaQuantification: lifecycle([...EXTRACTED, [S.DnaQuantification, 3]], [[R.InProgress, S.ExtractDna]]),
  bisulfiteConversion: lifecycle(CONVERTED, [[R.InProgress, S.ExtractDna]]),
  sampleProcessing: lifecycle(
    [...RECEIVED, [S.SampleAssigned, 1], [S.SampleProcessing, 2]],
    [
      [R.Received, S.SampleAssigned],
      [R.InProgress, S.SampleProcessing],
    ],
  ),
  beadChip: lifecycle(IMAGED, [[R.InProgress, S.ExtractDna]]),
  metrics: lifecycle([...IMAGED, [S.DiagnosticFileUploaded, 1], [S.MetricsQuantificationRequested, 1]], [[R.InProgress, S.ExtractDna]]),
  actionNeeded: lifecycle([...EXTRACTED, [S.ActionNeeded, 3]], [[R.InProgress, S.ExtractDna]]),
  reprocess: lifecycle(QC_FAILED, [
    [R.QcFailed, S.QualityControlFailed],
    [R.InProgress, S.Reprocess],
  ]),
  labReprocessing: lifecycle(
    [...CONVERTED, [S.ImageBeadChipCompleted, 3], [S.MetricsQuantificationFailed, 2], [S.MarkedForLabReprocessing, 1]],
    [
      [R.QcFailed, S.MetricsQuantificationFailed],
      [R.InProgress, S.MarkedForLabReprocessing],
    ],
  ),
  reportInProcess: lifecycle([...IMAGED, [S.ReportingProcess, 4]], [[R.Completed, S.ImageBeadChipCompleted]]),
  resultReady: lifecycle([...IMAGED, [S.ReportingProcess, 4], [S.ResultReady, 3]], [[R.Completed, S.ImageBeadChipCompleted]], true),
  resultReadyAfterRerun: lifecycle(
    [...QC_FAILED, [S.ImageBeadChipCompleted, 9], [S.ReportingProcess, 3], [S.ResultReady, 3]],
    [
      [R.QcFailed, S.QualityControlFailed],
      [R.Completed, S.ImageBeadChipCompleted],
    ],
    true,
  ),
  approved: lifecycle([...IMAGED, [S.Approved, 3]], [[R.Completed, S.ImageBeadChipCompleted]]),
  absDataUploaded: lifecycle([...IMAGED, [S.AbsDataUploaded, 2]], [[R.Completed, S.ImageBeadChipCompleted]]),
  notReceived: lifecycle([...REGISTERED, [S.NotReceived, 40]]),
  disposed: lifecycle([...RECEIVED, [S.Disposed, 30]], [[R.Received, S.SampleReceived]]),
  replacementRequested: lifecycle([...EXTRACTED, [S.DnaFail, 4], [S.ReplacementRequested, 2]], [[R.Failed, S.DnaFail]]),
} as const satisfies Record<string, KitLifecycle>;
export type KitLifecycleName = keyof typeof KIT_LIFECYCLES;
export const KIT_LIFECYCLE_NAMES = Object.keys(KIT_LIFECYCLES) as KitLifecycleName[];

/** Kits §3 report types as a report is named. */
export const REPORT_NAMES: Readonly<Record<ReportType, string>> = {
  [ReportType.Dummy]: 'Dummy',
  [ReportType.WeightLoss]: 'Weight Loss',
  [ReportType.ImmuneCenegenics]: 'Immune Cenegenics',
  [ReportType.DunedinPoAm]: 'Dunedin PoAm',
  [ReportType.Telomere]: 'Telomere',
  [ReportType.Loci]: 'Loci',
  [ReportType.MitoticClock]: 'Mitotic Clock',
  [ReportType.ProviderSummary]: 'Provider Summary',
  [ReportType.PatientSummary]: 'Patient Summary',
  [ReportType.Inflammation]: 'Inflammation',
  [ReportType.OmiCmAge]: 'OmiCm Age',
  [ReportType.PhysicalFitness]: 'Physical Fitness',
  [ReportType.Dna]: 'DNA',
  [ReportType.TruAge]: 'TruAge',
  [ReportType.SymphonyAge]: 'Symphony Age',
  [ReportType.Pgx]: 'PGx',
  [ReportType.TruHealth]: 'TruHealth',
};

const T = ReportType;
/** By product id (server/seed/seed-data.ts SEED_PRODUCTS): the current reports, then the legacy ones. */
export const PRODUCT_REPORTS: Readonly<Record<number, readonly [current: readonly ReportType[], legacy: readonly ReportType[]]>> = {
  1: [[T.TruAge], [T.DunedinPoAm, T.Telomere, T.OmiCmAge]],
  47: [[T.Dna], [T.Pgx]],
  74: [[T.Dna], [T.Loci]],
  78: [[T.TruHealth], [T.PhysicalFitness, T.WeightLoss]],
  79: [
    [T.TruAge, T.TruHealth],
    [T.DunedinPoAm, T.MitoticClock, T.Inflammation, T.SymphonyAge],
  ],
  201: [[T.Dna], [T.ProviderSummary]],
  202: [[T.Dna], []],
  203: [[T.Dna], []],
  204: [[T.Dna], [T.Loci, T.ImmuneCenegenics]],
  205: [[T.Dna], [T.PatientSummary, T.ProviderSummary]],
};

/** One demo kit: its walk, when its last step was (days before KIT_SEED_REFERENCE_DATE) and its extras. */
export interface DemoKitPlan {
  readonly lifecycle: KitLifecycleName;
  readonly endDaysAgo: number;
  /** The legacy reports too, when its results are ready. */
  readonly legacy?: boolean;
  /** A QC metrics file and a sample sheet among its diagnostics files. */
  readonly diagnostics?: boolean;
  /** The demo kit (its number, from 1) this one replaces; it gets the same order, product and registrant. */
  readonly replaces?: number;
  /** The demo patient (number, from 1) who registered it, instead of the next in turn. */
  readonly registrant?: number;
}

/**
 * Every practice's kits, oldest walk first; kits 11, 15 and 19 have stayed in their step past its typical
 * duration (overdue on the reference date), the others are on time or not in progress.
 */
export const DEMO_KIT_ROUND: readonly DemoKitPlan[] = [
  { lifecycle: 'resultReady', endDaysAgo: 200, legacy: true, diagnostics: true },
  { lifecycle: 'resultReady', endDaysAgo: 150 },
  { lifecycle: 'replacementRequested', endDaysAgo: 120 },
  { lifecycle: 'sampleReceived', endDaysAgo: 20, replaces: 3 },
  { lifecycle: 'disposed', endDaysAgo: 100 },
  { lifecycle: 'notReceived', endDaysAgo: 90 },
  { lifecycle: 'reprocess', endDaysAgo: 10, diagnostics: true },
  { lifecycle: 'reportInProcess', endDaysAgo: 5 },
  { lifecycle: 'approved', endDaysAgo: 30 },
  { lifecycle: 'absDataUploaded', endDaysAgo: 25 },
  { lifecycle: 'extractDna', endDaysAgo: 60 },
  { lifecycle: 'dnaQuantification', endDaysAgo: 8 },
  { lifecycle: 'bisulfiteConversion', endDaysAgo: 3 },
  { lifecycle: 'sampleProcessing', endDaysAgo: 12 },
  { lifecycle: 'sampleReceived', endDaysAgo: 45 },
  { lifecycle: 'registered', endDaysAgo: 6 },
  { lifecycle: 'awaitingRegistration', endDaysAgo: 4 },
  { lifecycle: 'notRegistered', endDaysAgo: 2 },
  { lifecycle: 'registered', endDaysAgo: 50 },
];

/**
 * Riverside's kits besides the round: three pages of the list, a chain of two failed kits each replaced by the
 * next, and the rarer lab steps. The demo patient account (patient 1) registered six of them, so that the patient
 * portal shows every case of the tracker: a ready kit with legacy reports (20), the chain (21 → 22 → 23; the
 * replacements take her as registrant from the original; the last one's results are ready, so that her Reports
 * list has two kits to search and sort), a kit whose sample failed QC and is rerun (24) and one in processing (26). Taking 24 leaves patient 12, the `patient.one` account, exactly one kit: 11, in its turn.
 */
export const RIVERSIDE_EXTRA_KITS: readonly DemoKitPlan[] = [
  { lifecycle: 'resultReadyAfterRerun', endDaysAgo: 40, legacy: true, diagnostics: true, registrant: 1 },
  { lifecycle: 'replacementRequested', endDaysAgo: 170, registrant: 1 },
  { lifecycle: 'replacementRequested', endDaysAgo: 110, replaces: 21 },
  { lifecycle: 'resultReady', endDaysAgo: 14, replaces: 22 },
  { lifecycle: 'labReprocessing', endDaysAgo: 7, registrant: 1 },
  { lifecycle: 'actionNeeded', endDaysAgo: 9 },
  { lifecycle: 'beadChip', endDaysAgo: 14, registrant: 1 },
  { lifecycle: 'metrics', endDaysAgo: 1 },
  { lifecycle: 'notRegistered', endDaysAgo: 30 },
];

/** A kit's diagnostics files: small text files as the lab's instruments write them. */
export function diagnosticsFiles(barcode: string, serial: number): { fileName: string; contentType: string; text: string }[] {
  const callRate = (0.985 + (serial % 13) / 1000).toFixed(3);
  const detection = (0.002 + (serial % 7) / 1000).toFixed(3);
  const conversion = (9.5 + (serial % 9) / 2).toFixed(1);
  const name = barcode.replace(/[^A-Za-z0-9-]/g, '');
  return [
    {
      fileName: `${name}_qc_metrics.csv`,
      contentType: 'text/csv',
      text: [
        'metric,value,threshold,passed',
        `call_rate,${callRate},0.980,yes`,
        `detection_p_failed_fraction,${detection},0.050,yes`,
        `bisulfite_conversion_ratio,${conversion},1.0,yes`,
        'sex_check,consistent,,yes',
        '',
      ].join('\n'),
    },
    {
      fileName: `${name}_sample_sheet.txt`,
      contentType: 'text/plain',
      text: `Sample_ID\t${name}\nSentrix_Position\tR0${(serial % 8) + 1}C01\nAssay\tInfinium methylation\n`,
    },
  ];
}
