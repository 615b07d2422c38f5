import { ANALYSIS_REPORT_HOURS, ANALYSIS_UPLOAD_MAX_GB } from './analysis';

/**
 * Issue 42: every word of the analysis upload page (/analysis). The refusals of a file or an archive, which the server
 * shares, are in analysis.ts; the sizes, speed and time left are worded by analysis-progress.ts.
 */
export const AnalysisPageText = {
  heading: 'Analysis Upload',
  intro: `Send the raw IDAT files of your own methylation arrays for analysis. Reports follow within ${ANALYSIS_REPORT_HOURS} hours of the archive being accepted.`,
  whatToSendTitle: 'What to send',
  whatToSend: [
    'One .zip file with the IDAT pairs: for each sample its _Grn.idat and its _Red.idat file, named {barcode}_{position}_Grn.idat and {barcode}_{position}_Red.idat (for example 205832590012_R01C01_Grn.idat and 205832590012_R01C01_Red.idat).',
    'Optionally a sample sheet (.csv) whose header row names the Sentrix_ID and Sentrix_Position columns, with one row for each sample in the archive.',
    `Up to ${ANALYSIS_UPLOAD_MAX_GB} GB per archive; send a larger set as several archives.`,
    `Reports within ${ANALYSIS_REPORT_HOURS} hours.`,
  ],
  dropTitle: 'Drop the .zip file here, or click to choose it',
  dropHint: `One archive at a time, up to ${ANALYSIS_UPLOAD_MAX_GB} GB. If the connection drops, the upload continues where it stopped.`,
  dropLabel: 'Choose the .zip file to upload',
  checking: 'Checking the file…',
  uploadingTitle: (fileName: string) => `Uploading ${fileName}`,
  resuming: 'Continuing the upload from where it stopped.',
  progressLabel: 'Upload progress',
  starting: 'Starting…',
  paused: 'Paused. What has been sent is kept: Resume continues from there.',
  offline: 'Connection lost — the upload continues when you are back online.',
  cancelling: 'Cancelling the upload…',
  verifying: 'The whole file has arrived. The laboratory is checking the archive…',
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel',
  doneTitle: (orderNumber: string) => `Order ${orderNumber} created`,
  doneDetail: `The archive was accepted. Reports follow within ${ANALYSIS_REPORT_HOURS} hours; the order is listed under Orders with its samples.`,
  dueBy: (date: string) => `Reports are due by ${date}.`,
  viewOrder: (orderNumber: string) => `View order ${orderNumber}`,
  uploadAnother: 'Upload another archive',
  failedTitle: 'The upload did not succeed',
  problemsTitle: 'What to fix',
  tryAgain: 'Try Again',
  chooseAnother: 'Choose another file',
  resumeOfferTitle: 'An upload did not finish',
  resumeOffer: (fileName: string, progress: string, started: string) =>
    `${fileName} (${progress}, started on ${started}): choose the same file again to resume it.`,
  /** What the page says when a file could not be read at all (the browser refused to read it). */
  unreadable: 'The file could not be read. Choose it again.',
  /** The failure text of an upload the server did not refuse in words of its own. */
  uploadFailed: 'The upload stopped and could not continue. Try again: it resumes from the last byte the laboratory received.',
  outcomeFailed: 'The laboratory received the whole file, but its answer about the archive could not be read. Try again in a moment.',
  checkTooLong:
    'The laboratory received the whole file but has not finished checking it. The order appears under Orders once the check is done; if it does not appear within a day, contact support.',
} as const;

/** How the page words sizes, speed and time left (analysis-progress.ts fills them in). */
export const AnalysisProgressText = {
  sentOf: (sent: string, total: string) => `${sent} of ${total} sent`,
  speed: (perSecond: string) => `${perSecond}/s`,
  lessThanAMinute: 'less than a minute left',
  minutesLeft: (minutes: number) => (minutes === 1 ? 'about 1 minute left' : `about ${minutes} minutes left`),
  hoursLeft: (hours: number, minutes: number) =>
    `about ${hours} ${hours === 1 ? 'hour' : 'hours'}${minutes > 0 ? ` ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` : ''} left`,
} as const;
