/**
 * Kits §2 "Kit detail", §4 (the provider-side timeline, report download) and §8: every text of the kit detail
 * page, its "Processing Status" modal and the tab a bulk download lists its reports in. Quoted texts are exactly as
 * the documents write them; the rest name their part plainly and state no fact the documents do not give.
 */

export const KitDetailText = {
  backToKits: 'Back to Kits',
  title: (barcode: string) => `Kit Details: ${barcode}`,
  loading: 'Loading kit',
  /** The status pill is a button: its name says what it opens. */
  statusPill: (status: string) => `Status: ${status}. Show processing status`,
  /** Kits §2 "An error badge appears if a sample failed", worded as the timeline's failed entry. */
  sampleFailed: 'Sample Failed',
  registrant: 'Registrant',
  dateOfBirth: 'Date of Birth',
  /** Kits §2 patients list's fallback for a value that is missing. */
  notAvailable: 'N/A',
  /** Kits §4, the tracker's words for a replacement kit; the barcode is the link to the source kit. */
  replacesBefore: 'This kit replaces ',
  replacesAfter: ' (failed during processing)',
  replaces: (barcode: string) => `This kit replaces ${barcode} (failed during processing)`,
  /** Kits §8: the load failure shows the message followed by this line, then the kits list opens. */
  redirecting: 'Redirecting to kits list...',
  /**
   * Kits §8's query fallback, for a failure that reaches the screen without any text. Never shown: the call's own
   * default below always gives one; kept so that the catalogue holds every text of §8's kits entry.
   */
  loadFailed: 'Failed to load kit',
  /** Kits §8's default for the kit's call: what a failure without a message of its own (an answer outside the contract) says. */
  unknownError: 'Unknown error while fetching kit',
  noData: 'No kit data available',
} as const;

export const KitReportsText = {
  title: 'Available Reports',
  tableLabel: 'Available reports',
  legacyTableLabel: 'Legacy reports',
  report: 'Report',
  select: (report: string) => `Select ${report}`,
  selectAll: 'Select All',
  downloadSelected: (count: number) => `Download (${count})`,
  download: 'Download',
  downloadReport: (report: string) => `Download ${report}`,
  showLegacy: (count: number) => `Show Legacy Reports (${count})`,
  hideLegacy: 'Hide Legacy Reports',
  empty: 'No reports available',
  /** A report the service sent without a name is known by its type's name, else its number. */
  unnamed: (type: number) => `Report ${type}`,
  /** Kits §7 and §8: the provider-side success toast. */
  generated: 'Report generated successfully',
  /**
   * Kits §8's default for a failed generation. Never shown on this page: kits §4 closes the tab with no further
   * message on a failure; kept so that the catalogue holds every text of §8's kits entry.
   */
  generateFailed: 'Unknown error while generating report',
} as const;

/** The tab a download of several reports opens in the click and lists their links in. */
export const ReportTabText = {
  title: (barcode: string) => `Reports of kit ${barcode}`,
  heading: (barcode: string) => `Reports of kit ${barcode}`,
  opensInNewTab: '(opens in a new tab)',
} as const;

export const DiagnosticsText = {
  title: 'Diagnostics Files',
  tableLabel: 'Diagnostics files',
  fileName: 'File Name',
  download: 'Download',
  downloadFile: (fileName: string) => `Download ${fileName}`,
  unnamed: (id: string) => `Diagnostic file ${id}`,
  opensInNewTab: '(opens in a new tab)',
  empty: 'No Diagnostic available',
} as const;

/** Kits §2: the HCP card. */
export const KitInfoText = {
  title: 'Kit & Product Information',
  kitId: 'Kit ID',
  orderNumber: 'Order Number',
  status: 'Status',
  createdDate: 'Created Date',
  registeredDate: 'Registered Date',
  registrant: 'Registrant',
  product: 'Product',
  description: 'Description',
} as const;

/**
 * Issue 40 point 2: a sample a manifest registered shows its row; the labels are the template's own column names
 * (ordering §2), the sex in words.
 */
export const KitSampleText = {
  title: 'Sample Details',
  sex: { F: 'Female', M: 'Male' } as Readonly<Record<string, string>>,
} as const;

/** Kits §4 "Provider-side timeline". */
export const TimelineText = {
  title: 'Processing Status',
  close: 'Close',
  steps: 'Processing steps',
  /** The replacement variant's first step (kits §4). */
  ordered: 'Ordered',
  state: { completed: 'Completed', current: 'Current', upcoming: 'Upcoming' },
  typicalDuration: (duration: string) => `Typical duration: ${duration}`,
  sampleFailed: 'Sample Failed',
  /** Kits §4: QC failed means the sample is rerun, adding 2 weeks. */
  qcFailed: (weeks: number) => `The sample failed quality control and is being rerun, which adds ${weeks} weeks.`,
  /** Kits §4: Failed means not enough specimen, and a new kit will be sent to recollect. */
  failed: 'There was not enough specimen. A new kit will be sent to recollect the sample.',
  messages: {
    registered: {
      completed: 'The kit was registered.',
      current: 'The kit is registered.',
      upcoming: 'The kit has not been registered yet.',
    },
    ordered: {
      completed: 'The replacement kit was ordered.',
      current: 'The replacement kit has been ordered.',
      upcoming: 'The replacement kit has not been ordered yet.',
    },
    sampleReceived: {
      completed: 'The lab received the sample.',
      current: 'The lab has received the sample.',
      upcoming: 'The lab has not received the sample yet.',
    },
    sampleProcessing: {
      completed: 'The lab processed the sample.',
      current: 'The lab is processing the sample.',
      upcoming: 'The lab has not processed the sample yet.',
    },
    resultReady: {
      upcoming: 'The results are not ready yet.',
      /** Kits §4: the Result Ready message for digital practices. */
      digital: 'Contact your account rep to get further details on deliverable timelines',
      /** Kits §4: the Result Ready message for physical practices. */
      physical: 'Final reports are being generated',
    },
  },
} as const;
