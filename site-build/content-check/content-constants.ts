import type { Plugin } from 'vite';
import { businessSchema } from '../../src/content/business-schema.ts';
import type { Language } from '../../src/i18n/language.ts';
import { imprintLines } from '../../src/pages/imprint/imprint-lines.ts';
import { hostingParagraphs } from '../../src/pages/privacy/hosting-paragraphs.ts';
import { serviceNameLanguages } from './english-terms.ts';
import { loadTranslationFiles, TRANSLATION_FILES } from './translation-files.ts';

/** The module the app imports these answers from; its types are in src/build-constants.d.ts. */
export const CONTENT_CONSTANTS_MODULE = 'virtual:content-constants';
const RESOLVED_ID = `\0${CONTENT_CONSTANTS_MODULE}`;

/** What the module exports, for the owner's facts and translation files. */
function contentConstantsOf(
  facts: unknown,
  paths: Readonly<Record<Language, string>> = TRANSLATION_FILES,
) {
  const { de, en } = loadTranslationFiles(paths);
  const business = businessSchema.safeParse(facts);
  return {
    SERVICE_NAME_LANGUAGES:
      de.dictionary && en.dictionary ? serviceNameLanguages(de.dictionary, en.dictionary) : {},
    HOSTING_PARAGRAPHS: business.success ? hostingParagraphs(business.data) : null,
    IMPRINT_LINES: business.success ? imprintLines(business.data) : null,
  };
}

/**
 * What the build works out from the owner's content and hands the app as the module
 * `virtual:content-constants`, so that the visitor's browser gets answers, not rules:
 * `SERVICE_NAME_LANGUAGES`, the language of each service name that may differ from its page's
 * (site-build/content-check/english-terms.ts), and `HOSTING_PARAGRAPHS`, the privacy statement's hosting and mail
 * paragraphs for the facts (src/pages/privacy/hosting-paragraphs.ts), and `IMPRINT_LINES`, who
 * represents the business and in which register (src/pages/imprint/imprint-lines.ts). Broken files or malformed
 * facts give none here; the content check (content-check-plugin.ts) then stops the build, naming
 * the mistake.
 */
export function contentConstants(
  facts: unknown,
  paths: Readonly<Record<Language, string>> = TRANSLATION_FILES,
): Plugin {
  return {
    name: 'content-constants',
    resolveId: (id) => (id === CONTENT_CONSTANTS_MODULE ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      return Object.entries(contentConstantsOf(facts, paths))
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join('\n');
    },
  };
}
