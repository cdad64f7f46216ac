/** The year the site was built, set by `define` in vite.config.ts. */
declare const BUILD_YEAR: number;

/**
 * The language of each service name that may differ from its page's, by translation key: English
 * terms (the German file has them word for word as the English one) and names marked in
 * `<area>.itemLanguages`. Set by `define` in tooling/content-constants.ts, worked out by
 * tooling/english-terms.ts.
 */
declare const SERVICE_NAME_LANGUAGES: Readonly<Record<string, 'de' | 'en'>>;

/**
 * The privacy statement's hosting paragraphs for the owner's hosting facts, worked out by the
 * build (`define` in tooling/content-constants.ts, from src/pages/privacy/hosting-paragraphs.ts).
 */
declare const HOSTING_PARAGRAPHS: import('./pages/privacy/hosting-paragraphs.ts').HostingParagraphs;
