import type { FilterBarTexts } from '../lists/paging';
import { ListFilterText } from '../lists/list-filter-texts';

/**
 * Kits §2, §5 and §8: every text of the kit list, its filters or search, the product information panel and the
 * "Kit Status History" panel. Quoted texts are exactly as the specification writes them; the rest name the part.
 */

/** Kits §1: "IRC and CPS use the wording Samples"; the list's own words follow its heading. */
export type KitNoun = 'kits' | 'samples';

export const KitListText = {
  /** Kits §2 subtitles; which unit says which is decided in kitListLayout(). */
  subtitleOwnSamples: 'Manage and track all your samples',
  subtitleKitStatus: 'Monitor the status of all kits in the system',
  subtitleSamples: 'Manage and track all samples in the system',
  subtitleKits: 'Manage and track all kits in the system',
  /** Kits §8 "Kit list: Error loading kits: {message}". */
  loadError: (message: string) => `Error loading kits: ${message}`,
  /**
   * Kits §8's query fallback, for a failure that reaches the screen without any text. Never shown: the call's own
   * default below always gives one; kept so that the catalogue holds every text of §8's kits entry.
   */
  loadFailed: 'Failed to load kits',
  /**
   * Kits §8's default for the kit list's call: what a failure without a message of its own (an answer outside the
   * contract) says after "Error loading kits: ".
   */
  unknownError: 'Unknown error while fetching kits',
  empty: (noun: KitNoun) => (noun === 'samples' ? 'No samples found' : 'No kits found'),
  emptyFiltered: (noun: KitNoun) => `No ${noun} match the filters`,
  emptySearch: (noun: KitNoun) => `No ${noun} match the search`,
  tableLabel: (title: string) => title,
  scrollLabel: (title: string) => `${title} list, scroll to load more`,
  loadingMore: (noun: KitNoun) => (noun === 'samples' ? 'Loading more samples...' : 'Loading more kits...'),
  loading: (noun: KitNoun) => (noun === 'samples' ? 'Loading samples...' : 'Loading kits...'),
  viewResults: 'View Results',
  comingSoon: 'Coming Soon',
  /**
   * Beyond the documents (issue: trouble visible in lists): the mark beside a kit's status, in the words of the kit
   * page's error badge (kits §2 "An error badge appears if a sample failed") and of the status ActionNeeded.
   */
  attention: { sampleFailed: 'Sample Failed', actionNeeded: 'Action Needed' },
  statusButton: (status: string, kitId: string) => `${status}: status history of kit ${kitId}`,
  productButton: (product: string, kitId: string) => `${product}: product information of kit ${kitId}`,
} as const;

/** Kits §5 and §9: the HCP search box. */
export const KitSearchText = {
  label: 'Search kits',
  placeholder: 'Search by kit ID, product, patient or order number',
  /** Kits §5: fewer than 3 characters (but not empty) is not sent. */
  tooShort: 'Please enter at least 3 characters to search',
} as const;

/** Kits §2 columns; the kit ID column is labelled Unique ID for manifest-upload clients. */
export const KitColumnText = {
  barcode: 'Kit ID',
  uniqueId: 'Unique ID',
  orderNumber: 'Order Number',
  registeredAt: 'Registered Date',
  createdAt: 'Created Date',
  patient: 'Patient',
  product: 'Product',
  status: 'Status',
  results: 'Results',
} as const;

/**
 * Kits §2 "Filter dropdown": the lists' filter builder, with the words kits §2 quotes for this one: "Apply Filter"
 * and the operators capitalised, written in lower case in a chip.
 */
export const KitFilterText = {
  ...ListFilterText,
  apply: 'Apply Filter',
  chip: (column: string, operator: string, value: string) => `${column} ${operator.toLowerCase()} "${value}"`,
  operators: { contains: 'Contains', equals: 'Equals', startsWith: 'Starts with', endsWith: 'Ends with' },
} as const satisfies FilterBarTexts;

/** Kits §2 "status (opens a side panel Kit Status History)". */
export const KitStatusHistoryText = {
  title: 'Kit Status History',
  kitId: 'Kit ID',
  product: 'Product',
  history: 'Status history',
  empty: 'No status history yet',
  close: 'Close',
} as const;

/** Kits §2 "product (opens a product information panel)": the product's name and description. */
export const ProductPanelText = {
  title: 'Product Information',
  name: 'Product',
  description: 'Description',
  close: 'Close',
} as const;
