/**
 * Ordering §2 "Order detail", §3 and §8: every text of the order detail page and its Product Details
 * panel. Quoted texts are exactly as the document writes them; the rest name their part plainly.
 */

export const OrderDetailText = {
  /** "title Order # followed by the number". */
  titlePrefix: 'Order # ',
  title: (number: string) => `Order # ${number}`,
  backToOrders: 'Back to Orders',
  orderDate: 'Order date',
  loading: 'Loading order',
  /** "Load failure shows Error: plus the server message." */
  errorPrefix: 'Error: ',
  error: (message: string) => `Error: ${message}`,
  tryAgain: 'Try Again',
  notFound: 'Order Not Found',
  notFoundText: (number: string) => `The order with number "${number}" could not be found.`,
  /** The status badge is a button: its name says what it opens. */
  statusBadge: (group: string) => `Status: ${group}. Show status history`,
  items: 'Order items',
  product: 'Product',
  unitPrice: 'Unit Price',
  discount: 'Discount',
  quantity: 'Quantity',
  total: 'Total',
  orderTotal: 'Order Total',
} as const;

export const ProductDetailsText = {
  title: 'Product Details',
  whatsIncluded: "What's Included",
  exampleReports: 'Example Reports',
  exampleReport: (report: number, count: number) => (count > 1 ? `Example report ${report}` : 'Example report'),
  opensInNewTab: '(opens in a new tab)',
  close: 'Close',
} as const;

/** The reference server's example report page (demo content, never medical data). */
export const ExampleReportText = {
  title: (name: string, report: number, count: number) =>
    count > 1 ? `Example report ${report} of ${count}: ${name}` : `Example report: ${name}`,
  notice: 'This is an example report. It shows what the report covers; it holds no patient data and no results.',
  product: 'Product',
  description: 'Description',
  whatsIncluded: "What's Included",
  notFound: 'There is no such example report.',
} as const;

/** The order page's facts (issue 40): ship-to, payment, tracking and the order's kits. Not quoted; plain words. */
export const OrderFactsText = {
  facts: 'Order details',
  shipTo: 'Ship to',
  digital: 'Digital',
  digitalNote: 'Nothing is shipped for a digital order.',
  practice: 'The practice',
  otherAddress: 'Other address',
  payment: 'Payment',
  invoice: 'Net 30 invoice',
  cardWord: 'Card',
  card: (brand: string, last4: string) => `${brand} ending in ${last4}`,
  tracking: 'Tracking',
  track: (carrier: string) => `Track with ${carrier}`,
  notShipped: 'Not shipped yet',
  notAvailable: 'Not available',
  kits: 'Kits and samples',
  kitsNone: 'No kits or samples yet',
  kitsNotAvailable: 'The kits of this order are not available.',
  barcode: 'Kit ID',
  kitProduct: 'Product',
  kitStatus: 'Status',
  unnamedProduct: 'Unnamed product',
  opensInNewTab: '(opens in a new tab)',
} as const;
