/** Types for deployment-settings.mjs, which plain-node scripts import as well as the TypeScript tests. */
export declare const DEFAULTED_SETTINGS: readonly string[];
export declare const KEYS_WITHOUT_DEFAULT: readonly string[];
