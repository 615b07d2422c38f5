import { BillingType, OrderingExperience } from './enums';

/** Access §9 and §7: business constants, used exactly as given. */

export const API_BASE_PATH = '/portalApi';

export const REQUEST_TIMEOUT_MS = 30_000;
export const ORDER_REQUEST_TIMEOUT_MS = 60_000;
export const REPORT_REQUEST_TIMEOUT_MS = 100_000;

export const TOAST_DURATION_MS = 3_000;
export const REDIRECT_AFTER_RESET_MS = 3_000;

export const MIN_PASSWORD_LENGTH = 8;
export const MIN_PASSWORD_STRENGTH = 3;
export const PASSWORD_CHECK_COUNT = 5;

export const REMEMBER_ME_DEFAULT = false;
export const SWITCH_ACCOUNT_REMEMBER_ME = true;

export const THEME_STORAGE_KEY = 'vite-ui-theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemePreference = 'system';
export const PATIENT_PORTAL_DEFAULT_THEME: ThemePreference = 'light';

/** Kits §7: the patient portal's queries are retried fewer than 3 times and stay fresh for 5 minutes. */
export const PATIENT_QUERY_RETRIES = 2;
export const PATIENT_QUERY_FRESH_MS = 5 * 60_000;

export const DEFAULT_ORDERING_EXPERIENCE = OrderingExperience.Checkout;
export const DEFAULT_BILLING_TYPE = BillingType.Net30;

/** Browser storage key of the stored session (user, tokens, unit type, user type). */
export const SESSION_STORAGE_KEY = 'portal-session';

/**
 * The product's name, as index.html's <title> says it before the app starts (a view test keeps the two
 * equal). The specification calls the product the portal of a diagnostics laboratory and gives no brand.
 */
export const PRODUCT_NAME = 'Diagnostics Portal';

/**
 * An Auth call that needs the signed-in user's token (password change, switch, migration) is not
 * retried after a 401, so a token this close to its expiry is refreshed first: it could expire in flight.
 */
export const LIVE_TOKEN_MARGIN_MS = 10_000;

/**
 * How long a tab that waited for another tab's token refresh waits for that tab's new pair to reach its own
 * storage (Chromium grants the lock before the write made under it reaches every tab). A refresh that failed
 * clears the storage, which ends the wait too; this bound only covers a tab that closed mid-refresh.
 */
export const ROTATION_WAIT_MS = 2_000;

/**
 * How long a token refresh cut off before any answer waits before its one more try. A reload or a link that
 * leaves the page cuts the refresh off while the page still runs (Firefox always, Chromium for intercepted
 * requests); by then the next page has usually taken over, and it finds the tokens where they were.
 */
export const REFRESH_RETRY_DELAY_MS = 1_000;
