import type { Plugin } from 'vite';
import { businessSchema } from '../src/content/business-schema.ts';
import type { Language } from '../src/i18n/language.ts';
import { hostingParagraphs } from '../src/pages/privacy/hosting-paragraphs.ts';
import { serviceNameLanguages } from './english-terms.ts';
import { loadTranslationFiles, TRANSLATION_FILES } from './translation-files.ts';

/**
 * What the build works out from the owner's content and hands the app as constants (`define`,
 * declared in src/build-constants.d.ts), so that the visitor's browser gets answers, not rules:
 * `SERVICE_NAME_LANGUAGES`, the language of each service name that may differ from its page's
 * (tooling/english-terms.ts), and `HOSTING_PARAGRAPHS`, the privacy statement's hosting and mail
 * paragraphs for the facts (src/pages/privacy/hosting-paragraphs.ts). Broken files or malformed
 * facts give none here; the content check (content-check-plugin.ts) then stops the build, naming
 * the mistake.
 */
export function contentConstants(
  facts: unknown,
  paths: Readonly<Record<Language, string>> = TRANSLATION_FILES,
): Plugin {
  return {
    name: 'content-constants',
    config() {
      const { de, en } = loadTranslationFiles(paths);
      const languages =
        de.dictionary && en.dictionary ? serviceNameLanguages(de.dictionary, en.dictionary) : {};
      const business = businessSchema.safeParse(facts);
      const hosting = business.success ? hostingParagraphs(business.data) : null;
      return {
        define: {
          SERVICE_NAME_LANGUAGES: JSON.stringify(languages),
          HOSTING_PARAGRAPHS: JSON.stringify(hosting),
        },
      };
    },
  };
}
