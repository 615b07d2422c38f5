/** Build settings (README, "Settings"): read once, so the rest of the app never touches import.meta.env. */

const env = import.meta.env ?? {};

function setting(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export const config = {
  apiBasePath: setting(env.VITE_API_BASE_PATH),
  captchaSiteKey: setting(env.VITE_RECAPTCHA_SITE_KEY),
  cardProviderKey: setting(env.VITE_STRIPE_PUBLISHABLE_KEY),
  kitRegistrationUrl: setting(env.VITE_KIT_REGISTRATION_URL),
  helpCenterUrl: setting(env.VITE_HELP_CENTER_URL),
  supportEmails: {
    patient: setting(env.VITE_SUPPORT_EMAIL_PATIENT),
    provider: setting(env.VITE_SUPPORT_EMAIL_PROVIDER),
    research: setting(env.VITE_SUPPORT_EMAIL_RESEARCH),
  },
  build: {
    /** A development build (`npm run dev`): only it honours the debug override of ordering §1. */
    development: env.DEV === true,
    version: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0',
    commit: typeof __APP_COMMIT__ === 'string' ? __APP_COMMIT__ : 'unknown',
  },
};
