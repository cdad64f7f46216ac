import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { validateBusiness } from '../src/content/business-schema.ts';
import { translate, type Dictionary } from '../src/i18n/translate.ts';

import { escapeHtml } from './escape-html.ts';

/**
 * Checks the owner's facts before anything is built, and stops the build (and the dev server) with
 * a message naming each malformed field. It also writes the German home title into `index.html`, so
 * the tab and search engines have the right title before any script runs.
 */
export function businessFacts(facts: unknown, germanDictionaryPath: string): Plugin {
  return {
    name: 'business-facts',
    buildStart() {
      validateBusiness(facts);
    },
    transformIndexHtml(html) {
      const { name } = validateBusiness(facts);
      const german = JSON.parse(readFileSync(germanDictionaryPath, 'utf8')) as Dictionary;
      const page = translate([german], 'titles.home');
      const title = translate([german], 'titles.template', { page, name });
      return html.replace(/<title>.*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    },
  };
}
