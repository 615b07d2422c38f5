/**
 * Kits §2 "Patient Kit Status screen", §4 "Patient tracker" and §8: the texts of a patient's kit tracker and of the
 * Kit Status page. Quoted texts are exactly as the documents write them; the rest name their part plainly and state
 * no fact the documents do not give.
 */
export const PatientTrackerText = {
  inProgress: 'In Progress',
  /** The current step of a replaced original kit. */
  failed: 'Failed',
  upcoming: 'Upcoming',
  /** The last step of a kit whose results are ready. */
  ready: 'Ready',
  /** A completed step's state for assistive technology; on screen its date and mark say it. */
  completed: 'Completed',
  error: 'Error',
  sampleFailed: (reason: string) => `Sample Failed: ${reason}`,
  replaces: (barcode: string) => `This kit replaces ${barcode} (failed during processing)`,
  originalReplaced: 'Original Kit (Replaced)',
  originalReplacedText: 'This kit was replaced due to a processing failure and is no longer in use.',
  /** The replaced original's result-ready slot. */
  ordered: 'Ordered',
  invalidDate: 'Invalid Date',
  /** Dates as the kit status history writes the day (kits §9), without the time. */
  dateFormat: 'MMM D, YYYY',
  stepOf: (step: number, count: number) => `Step ${step} of ${count}`,
  done: 'Done',
  /** Worded as the provider timeline writes it. */
  typicalDuration: (duration: string) => `Typical duration: ${duration}`,
  steps: 'Kit steps',
  history: 'Kit history',
  showHistory: 'Show History',
  hideHistory: 'Hide History',
  /** The product the kit is of, for assistive technology and the card's line. */
  product: 'Product',
  /** The report buttons of a ready kit, for a practice that shows reports to patients (kits §6). */
  reports: 'Reports',
} as const;

/** Kits §2 "Patient Kit Status screen" and §8. */
export const PatientKitStatusText = {
  title: 'Kit Status',
  loading: 'Loading kits',
  /** Kits §8 "kit list failure Error: {message}". */
  error: (message: string) => `Error: ${message}`,
  /** Kits §8 query fallbacks, when the failure carries no message of its own. */
  loadFailed: 'Failed to load my kits',
  kitLoadFailed: 'Failed to load my kit',
  empty: 'No kits found. Please register a kit to get started.',
  kits: 'Your kits',
  viewResults: 'View Results',
  viewDetails: 'View Details',
  close: 'Close',
} as const;
