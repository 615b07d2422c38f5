/// <reference types="vite/client" />

declare const __APP_VERSION__: string;
declare const __APP_COMMIT__: string;
/** The build carries antd's CSS as files, so antd writes none at runtime (scripts/build/antd-static-styles.ts). */
declare const __ANTD_STATIC_STYLES__: boolean;

interface ImportMetaEnv {
  readonly VITE_API_BASE_PATH?: string;
  readonly VITE_RECAPTCHA_SITE_KEY?: string;
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
  readonly VITE_KIT_REGISTRATION_URL?: string;
  readonly VITE_HELP_CENTER_URL?: string;
  readonly VITE_SUPPORT_EMAIL_PATIENT?: string;
  readonly VITE_SUPPORT_EMAIL_PROVIDER?: string;
  readonly VITE_SUPPORT_EMAIL_RESEARCH?: string;
  readonly VITE_INSPECT?: string;
}
