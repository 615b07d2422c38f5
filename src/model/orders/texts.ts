import { AddressFieldText, AddressValidationText } from '../address/address-texts';

/**
 * Ordering §2, §5 and §8: every text of the buying path, exactly as the specification writes it.
 * Texts the documents describe without quoting (labels, headings of parts) say the part's own name.
 */

export const CatalogueText = {
  newOrderTitle: 'Create New Order',
  catalogTitle: 'Product Catalog',
  takeQuiz: 'Take the Quiz',
  newOrderNotice: 'Prices shown are the standard tiers (1–9 units)',
  catalogNotice: 'Prices shown are the base rates (1–9 units). Volume discounts apply',
  volumeDiscounts: 'Volume discounts apply to larger orders.',
  freeShipping: 'Free shipping and handling on all domestic orders.',
  viewTiers: 'View tiers',
  tiersTitle: 'Volume discount tiers',
  tiersImageAlt: 'Volume discount tiers: the quantity each tier starts at and the discount per kit',
  empty: 'No products available at the moment.',
  errorTitle: 'Error loading products',
  errorFallback: 'Something went wrong while fetching products.',
  tryAgain: 'Try Again',
  addToCart: 'Add to Cart',
  quantity: 'Quantity',
  decrease: 'Decrease quantity',
  increase: 'Increase quantity',
  sku: (sku: string) => `SKU: ${sku}`,
} as const;

export const CartText = {
  title: 'Cart',
  empty: 'Your cart is empty',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  total: 'Total',
  free: 'Free',
  included: 'Included',
  proceed: 'Proceed to Checkout',
  calculating: 'Calculating...',
  removeFromCart: 'Remove from cart',
  tierProgress: 'Progress to the next tier',
  nextTier: (missing: number, tier: string, perKit: string, total: string) =>
    `Add ${missing} more kit(s) to reach ${tier} tier and save $${perKit} per kit ($${total} total)!`,
  topTier: (tier: string) => `You're at ${tier} — enjoy the top discount!`,
} as const;

export const CheckoutText = {
  title: 'Checkout',
  emptyCart: 'Your cart is empty',
  returnToCatalog: 'Return to Catalog',
  backToOrder: 'Back to Order',
  orderSummary: 'Order Summary',
  digitalOrder: 'Digital Order',
  deliveryMethod: 'Delivery Method',
  shipToPractice: 'Ship to Practice',
  shipToOther: 'Ship to Other Address',
  practiceAddress: 'Practice Address',
  practiceAddressRequired: 'Practice Address Required',
  customerInformation: 'Customer Information',
  shippingInformation: 'Shipping Information',
  ...AddressFieldText,
  paymentMethod: 'Payment Method',
  savedCard: 'Use a saved card',
  newCard: 'Add a new card',
  net30Title: 'Net 30 Payment Terms',
  net30Notice: 'An invoice is sent monthly to your billing email.',
  billingIncomplete: 'Your billing information is incomplete. Complete it in billing settings before placing an order.',
  billingSettings: 'billing settings',
  placeOrder: 'Place Order',
  placingOrder: 'Placing Order...',
} as const;

export const CheckoutValidationText = {
  ...AddressValidationText,
  countryNotShippable: 'We currently do not support shipping to this country. Please select a different country.',
  cardDetails: 'Please enter valid card details',
  selectPaymentMethod: 'Please select a payment method to continue',
  cardElementMissing: 'Card element not found',
  paymentMethodIdMissing: 'Payment method ID is missing',
  invoiceEmailRequired: 'Invoice contact email is required',
  invoicePhoneRequired: 'Invoice contact phone is required',
  officeAddressRequired: 'Office address is required',
  billingCityRequired: 'City is required',
  billingStateRequired: 'State is required',
  billingZipRequired: 'Zip code is required',
  billingCountryRequired: 'Country is required',
  /** Not quoted by the documents: a quantity that is not a whole number of one or more, as a direct call may send. */
  quantityInvalid: 'Quantity must be a whole number of at least 1',
  /** Not quoted: an order or calculation without any item. */
  itemsRequired: 'The order has no items',
} as const;

export const OrderingFailureText = {
  placeOrder: 'Failed to place order',
  checkoutFallback: 'Please try checking out with another credit card.',
  calculate: 'Failed to calculate order price',
  loadOrder: 'Failed to load order',
  unknownOrder: 'Unknown error while fetching order',
  paymentNotConfigured: 'Payment system is not properly configured. Please contact support.',
  loadPaymentMethods: 'Failed to load payment methods. Please try again.',
  unknownPaymentMethods: 'Unknown error while fetching payment methods',
  unknownAttach: 'Unknown error while attaching payment method',
  unknownSetDefault: 'Unknown error while setting default payment method',
  unknownDelete: 'Unknown error while deleting payment method',
  setDefault: 'Failed to set default payment method',
  deletePaymentMethod: 'Failed to delete payment method',
  attach: 'Failed to attach payment method',
  createPaymentMethod: 'Failed to create payment method',
  processCard: 'Failed to process card.',
} as const;

export const OrderingSuccessText = {
  orderPlaced: 'Order placed successfully.',
  attached: 'Payment method attached successfully',
  setDefault: 'Payment method set as default',
  deleted: 'Payment method deleted.',
} as const;

export const PaymentMethodsText = {
  title: 'Payment Methods',
  empty: 'No payment methods added yet.',
  loading: 'Loading payment methods...',
  defaultBadge: 'Default',
  setDefault: 'Set Default',
  delete: 'Delete',
  deleteConfirm: 'Are you sure you want to remove this payment method?',
  /** A default card cannot be deleted while others exist (ordering §4); the button says why. */
  defaultNotDeletable: 'Set another card as default before deleting this one',
  addTitle: 'Add Payment Method',
  add: 'Add Payment Method',
  adding: 'Adding...',
  cancel: 'Cancel',
  cardLabel: 'Card details',
  expires: (month: number, year: number) => `${String(month).padStart(2, '0')}/${year}`,
  card: (brand: string, last4: string) => `${brand} •••• ${last4}`,
} as const;

export const OrderSuccessText = {
  title: 'Order Placed Successfully!',
  orderNumber: 'Order number',
  orderDate: 'Order date',
  items: 'Items',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  lineTotal: 'Line total',
  orderTotal: 'Order total',
  returnToOrders: 'Return to Orders',
  notFound: 'Order Not Found',
  notFoundText: (number: string) => `The order with number "${number}" could not be found.`,
  errorPrefix: 'Error:',
} as const;

/** Names of controls the documents describe without quoting: they give each card's controls their context. */
export const CartLabels = {
  quantityOf: (name: string) => `Quantity of ${name}`,
  cartItems: 'Cart items',
  summary: 'Order summary totals',
} as const;

/** Checkout words the documents describe without quoting, and the §8 practice-load texts. */
export const CheckoutPageText = {
  digitalOrderNote: 'Your results are delivered digitally, so no shipping information is needed.',
  practiceAddressMissing: 'Your practice has no address yet. Add it in',
  organizationSettings: 'organization settings',
  practiceAddressHint: 'or choose Ship to Other Address.',
  savedCards: 'Saved cards',
  practiceLoadFailed: 'Failed to fetch practice data',
  unknownPractice: 'Unknown error while fetching practice data',
} as const;

/** Issue 40 item 5: the refusal of an order naming a product the practice's unit type may not order (product-kinds.ts). */
export const ProductKindText = {
  notOrderable: (names: readonly string[], orders: 'kit' | 'processing' | null) =>
    orders === null
      ? `This practice cannot order products: ${names.join(', ')}`
      : `This practice orders ${orders === 'kit' ? 'test kits' : 'sample processing'} only, so it cannot order: ${names.join(', ')}`,
} as const;

/** Issue 40 item 7: on a phone, the catalogue's cart button that stays at the bottom of the screen and opens the cart. */
export const CartBarText = {
  open: (count: number) => `View Cart (${count === 1 ? '1 item' : `${count} items`})`,
  close: 'Close cart',
} as const;
