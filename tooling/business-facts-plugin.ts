import type { Plugin } from 'vite';
import { validateBusiness } from '../src/content/business-schema.ts';
import { translate } from '../src/i18n/translate.ts';
import { escapeHtml } from './escape-html.ts';
import { readTranslationFile } from './translation-files.ts';

/**
 * Writes the German home title into `index.html`, so that the tab and search engines have the right
 * title before any script runs. (The facts themselves are checked before the build starts, by
 * content-check-plugin.ts.)
 */
export function businessFacts(facts: unknown, germanDictionaryPath: string): Plugin {
  return {
    name: 'business-facts',
    transformIndexHtml(html) {
      const { name } = validateBusiness(facts);
      const german = readTranslationFile(germanDictionaryPath);
      const page = translate([german], 'titles.home');
      const title = translate([german], 'titles.template', { page, name });
      return html.replace(/<title>.*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    },
  };
}
