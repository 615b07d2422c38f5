import './checkout.css';

/** The class names of checkout.css. */
export const CheckoutClass = {
  section: 'checkout-section',
  sectionTitle: 'checkout-section-title',
  banner: 'checkout-banner',
  notice: 'checkout-notice',
  noticeList: 'checkout-notice-list',
  back: 'checkout-back',
  empty: 'checkout-empty',
  address: 'checkout-address',
  cardBrand: 'checkout-card-brand',
  cardDefault: 'checkout-card-default',
  cardEntry: 'checkout-card-entry',
} as const;
