/**
 * Kits §2 "Patient Reports screen" and §8: the texts of the patient's reports. Quoted texts are exactly as the
 * documents write them; the rest name their part plainly and state no fact the documents do not give.
 */
export const PatientReportsText = {
  title: 'Reports',
  search: 'Search by Kit ID, Product, or Date',
  columns: { kitId: 'KIT ID', product: 'PRODUCT', resultReady: 'RESULT READY', reports: 'REPORTS' },
  /** The phone's cards. */
  kitId: 'Kit ID',
  resultReady: 'Result Ready',
  total: (rows: number) => `${rows} row(s) total.`,
  empty: 'No kits found.',
  legacy: (count: number) => `Legacy Reports (${count})`,
  count: (count: number) => `${count} Report(s)`,
  loading: 'Loading reports',
  /** Worded as the Kit Status page's failure (kits §8 "Error: {message}"). */
  error: (message: string) => `Error: ${message}`,
  /** Kits §8's default for this call, when the failure carries no message of its own. */
  loadFailed: 'Unknown error while fetching my reports',
  /** The phone's sort button, which turns the direction of the result-ready sort. */
  sortAscending: 'Result Ready: oldest first',
  sortDescending: 'Result Ready: newest first',
  /** Names the table and the phone's list of cards for assistive technology. */
  kits: 'Your result-ready kits',
  /** Names a row's or card's report buttons. */
  reportsOf: (barcode: string) => `Reports of ${barcode}`,
} as const;
