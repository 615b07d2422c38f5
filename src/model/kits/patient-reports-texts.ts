/** Kits §2 "Patient Reports screen": the texts of the patient's reports. */
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
} as const;
