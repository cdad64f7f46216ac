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

/** What the build works out from the owner's content, as a module: answers, not rules. */
export function contentConstants(
  facts: unknown,
  paths: Readonly<Record<Language, string>> = TRANSLATION_FILES,
): Plugin {
  return {
    name: 'content-constants',
    resolveId: (id) => (id === CONTENT_CONSTANTS_MODULE ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const { de, en } = loadTranslationFiles(paths);
      const business = businessSchema.safeParse(facts);
      const constants = {
        SERVICE_NAME_LANGUAGES:
          de.dictionary && en.dictionary ? serviceNameLanguages(de.dictionary, en.dictionary) : {},
        HOSTING_PARAGRAPHS: business.success ? hostingParagraphs(business.data) : null,
        IMPRINT_LINES: business.success ? imprintLines(business.data) : null,
      };
      return Object.entries(constants)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join('\n');
    },
  };
}
