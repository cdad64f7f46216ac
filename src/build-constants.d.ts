/** The year the site was built, set by `define` in vite.config.ts. */
declare const BUILD_YEAR: number;

/** What the build works out from the owner's content: site-build/content-check/content-constants.ts. */
declare module 'virtual:content-constants' {
  /**
   * The language of each service name that may differ from its page's, by translation key:
   * English terms (the German file has them word for word as the English one) and names marked in
   * `<area>.itemLanguages` (site-build/content-check/english-terms.ts).
   */
  export const SERVICE_NAME_LANGUAGES: Readonly<
    Record<string, import('./i18n/language.ts').Language>
  >;
  /** The privacy statement's hosting paragraphs for the owner's hosting facts. */
  export const HOSTING_PARAGRAPHS: import('./pages/privacy/hosting-paragraphs.ts').HostingParagraphs;
  /** Who represents the business and its register, as the imprint says them for the legal form. */
  export const IMPRINT_LINES: import('./pages/imprint/imprint-lines.ts').ImprintLines;
}
