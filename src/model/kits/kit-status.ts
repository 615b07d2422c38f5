/**
 * Kits §3 and §4: the kit status codes, the display status each one shows, the two groups the screens ask
 * about, the processing results of a kit's samples and the report types. The documents name the display
 * statuses but not the code-to-label table; KIT_DISPLAY_STATUS below is that decision, one row per code.
 */

export const KitStatus = {
  NotRegistered: 0,
  AwaitingHealthAssessment: 1,
  /** Shown as Registered: "The status Registered was previously called Health Assessment Completed." */
  HealthAssessmentCompleted: 2,
  SampleReceived: 3,
  ExtractDna: 4,
  DnaFail: 5,
  DnaQuantification: 6,
  BisulfiteConversion: 7,
  // Kits §3: "further lab steps 8-15 (names not shown)". Named by their number until the lab names them.
  LabStep8: 8,
  LabStep9: 9,
  LabStep10: 10,
  LabStep11: 11,
  LabStep12: 12,
  LabStep13: 13,
  LabStep14: 14,
  LabStep15: 15,
  ActionNeeded: 16,
  ResultReady: 17,
  ImageBeadchipFail: 18,
  ReportingProcess: 19,
  NotReceived: 21,
  Approved: 22,
  AbsDataUploaded: 23,
  ReplacementRequested: 24,
  Reprocess: 25,
  Disposed: 26,
  ImageBeadChipCompleted: 30,
  DiagnosticFileUploaded: 40,
  MetricsQuantificationRequested: 41,
  MetricsQuantificationCompleted: 42,
  MetricsQuantificationFailed: 43,
  QualityControlFailed: 44,
  SampleAssigned: 50,
  SampleProcessing: 51,
  UnexpectedIntake: 52,
  MarkedForLabReprocessing: 53,
} as const;
export type KitStatus = (typeof KitStatus)[keyof typeof KitStatus];
export const KIT_STATUS_CODES: readonly KitStatus[] = Object.values(KitStatus);

/** Kits §4 "Kit display statuses", and Unknown for any unmapped code. */
export const KitDisplayStatus = {
  NotRegistered: 'Not Registered',
  AwaitingRegistration: 'Awaiting Registration',
  Registered: 'Registered',
  SampleReceived: 'Sample Received',
  SampleProcessing: 'Sample Processing',
  ResultReady: 'Result Ready',
  ReportInProcess: 'Report In Process',
  ReplacementRequested: 'Replacement Requested',
  Disposed: 'Disposed',
  Approved: 'Approved',
  AbsDataUploaded: 'Abs Data Uploaded',
  NotReceived: 'Not Received',
  ReprocessingInLab: 'Reprocessing In Lab',
  Unknown: 'Unknown',
} as const;
export type KitDisplayStatus = (typeof KitDisplayStatus)[keyof typeof KitDisplayStatus];

const D = KitDisplayStatus;
const S = KitStatus;

/**
 * The decision, code by code. The named statuses take the display status of the same name; every lab step
 * between receipt and the report (DNA extraction and quantification, bisulfite conversion, steps 8-15, bead chip
 * imaging, metrics, the diagnostic file, a step that needs action, a failed step the lab reruns) is Sample
 * Processing, as §4 says "(most lab steps)"; a sample assigned to a batch or taken in unexpectedly has been
 * received; a sample marked for reprocessing is Reprocessing In Lab, like Reprocess. Failures are told by the
 * samples' processing results (§4), not by these codes, so DnaFail and QualityControlFailed stay in processing.
 */
export const KIT_DISPLAY_STATUS: Readonly<Record<KitStatus, KitDisplayStatus>> = {
  [S.NotRegistered]: D.NotRegistered,
  [S.AwaitingHealthAssessment]: D.AwaitingRegistration,
  [S.HealthAssessmentCompleted]: D.Registered,
  [S.SampleReceived]: D.SampleReceived,
  [S.ExtractDna]: D.SampleProcessing,
  [S.DnaFail]: D.SampleProcessing,
  [S.DnaQuantification]: D.SampleProcessing,
  [S.BisulfiteConversion]: D.SampleProcessing,
  [S.LabStep8]: D.SampleProcessing,
  [S.LabStep9]: D.SampleProcessing,
  [S.LabStep10]: D.SampleProcessing,
  [S.LabStep11]: D.SampleProcessing,
  [S.LabStep12]: D.SampleProcessing,
  [S.LabStep13]: D.SampleProcessing,
  [S.LabStep14]: D.SampleProcessing,
  [S.LabStep15]: D.SampleProcessing,
  [S.ActionNeeded]: D.SampleProcessing,
  [S.ResultReady]: D.ResultReady,
  [S.ImageBeadchipFail]: D.SampleProcessing,
  [S.ReportingProcess]: D.ReportInProcess,
  [S.NotReceived]: D.NotReceived,
  [S.Approved]: D.Approved,
  [S.AbsDataUploaded]: D.AbsDataUploaded,
  [S.ReplacementRequested]: D.ReplacementRequested,
  [S.Reprocess]: D.ReprocessingInLab,
  [S.Disposed]: D.Disposed,
  [S.ImageBeadChipCompleted]: D.SampleProcessing,
  [S.DiagnosticFileUploaded]: D.SampleProcessing,
  [S.MetricsQuantificationRequested]: D.SampleProcessing,
  [S.MetricsQuantificationCompleted]: D.SampleProcessing,
  [S.MetricsQuantificationFailed]: D.SampleProcessing,
  [S.QualityControlFailed]: D.SampleProcessing,
  [S.SampleAssigned]: D.SampleReceived,
  [S.SampleProcessing]: D.SampleProcessing,
  [S.UnexpectedIntake]: D.SampleReceived,
  [S.MarkedForLabReprocessing]: D.ReprocessingInLab,
};

function isKitStatus(code: number): code is KitStatus {
  return Object.hasOwn(KIT_DISPLAY_STATUS, code);
}

/** The display status of a code; a code the table does not know, or none at all, shows Unknown. */
export function kitDisplayStatus(code: number | null | undefined): KitDisplayStatus {
  return code !== null && code !== undefined && isKitStatus(code) ? KIT_DISPLAY_STATUS[code] : D.Unknown;
}

/** Kits §4 "Groups": in progress. */
export const IN_PROGRESS_STATUSES: readonly KitDisplayStatus[] = [
  D.AwaitingRegistration,
  D.Registered,
  D.SampleReceived,
  D.SampleProcessing,
  D.ReprocessingInLab,
];
/** Kits §4 "Groups": results ready. */
export const RESULTS_READY_STATUSES: readonly KitDisplayStatus[] = [D.ResultReady];

export function isInProgress(code: number | null | undefined): boolean {
  return IN_PROGRESS_STATUSES.includes(kitDisplayStatus(code));
}

/** The kit list's results cell says "View Results" for these (a completed status), else "Coming Soon". */
export function hasResultsReady(code: number | null | undefined): boolean {
  return RESULTS_READY_STATUSES.includes(kitDisplayStatus(code));
}

/** Kits §3 "Processing result codes", the status of each of a kit's samples. */
export const ProcessingResult = { NotAvailable: 0, Received: 1, InProgress: 5, Failed: 10, QcFailed: 15, Completed: 100 } as const;
export type ProcessingResult = (typeof ProcessingResult)[keyof typeof ProcessingResult];

/** Kits §4: "Failed and QcFailed processing results are failure states." */
export function isFailedResult(code: number | null | undefined): boolean {
  return code === ProcessingResult.Failed || code === ProcessingResult.QcFailed;
}

/** Kits §3 "Report types". */
export const ReportType = {
  Dummy: 0,
  WeightLoss: 2,
  ImmuneCenegenics: 3,
  DunedinPoAm: 4,
  Telomere: 5,
  Loci: 7,
  MitoticClock: 9,
  ProviderSummary: 11,
  PatientSummary: 12,
  Inflammation: 13,
  OmiCmAge: 14,
  PhysicalFitness: 15,
  Dna: 100,
  TruAge: 200,
  SymphonyAge: 300,
  Pgx: 400,
  TruHealth: 500,
} as const;
export type ReportType = (typeof ReportType)[keyof typeof ReportType];
export const REPORT_TYPES: readonly ReportType[] = Object.values(ReportType);

/** Kits §3: "Types 2-5, 7, 9, 11-15, 300 and 400 are legacy; the rest are current." */
export const LEGACY_REPORT_TYPES: readonly number[] = [2, 3, 4, 5, 7, 9, 11, 12, 13, 14, 15, 300, 400];

export function isLegacyReport(type: number): boolean {
  return LEGACY_REPORT_TYPES.includes(type);
}

/** Kits §3 report generation: how the report is rendered (Html 10, Pdf 20) and what the answer carries. */
export const RenderStrategy = { Html: 10, Pdf: 20 } as const;
export type RenderStrategy = (typeof RenderStrategy)[keyof typeof RenderStrategy];
export const RenderDetails = { PresignedUrl: 1, Payload: 2, File: 4, All: 7 } as const;
export type RenderDetails = (typeof RenderDetails)[keyof typeof RenderDetails];
