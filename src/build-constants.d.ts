/** The year the site was built, set by `define` in vite.config.ts. */
declare const BUILD_YEAR: number;

/**
 * Translation keys of service names that are English terms (the German file has them word for word
 * as the English one), set by `define` in vite.config.ts from build/english-terms.ts.
 */
declare const ENGLISH_TERM_KEYS: readonly string[];
