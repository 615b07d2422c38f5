/**
 * The deployment settings the documents name but do not give. Each has a default in the committed
 * .env, so that every build shows the element it stands for; the two keys have none on purpose.
 */
export const DEFAULTED_SETTINGS = [
  'VITE_KIT_REGISTRATION_URL',
  'VITE_SUPPORT_EMAIL_PATIENT',
  'VITE_SUPPORT_EMAIL_PROVIDER',
  'VITE_SUPPORT_EMAIL_RESEARCH',
  'VITE_HELP_CENTER_URL',
];

export const KEYS_WITHOUT_DEFAULT = ['VITE_STRIPE_PUBLISHABLE_KEY', 'VITE_RECAPTCHA_SITE_KEY'];
