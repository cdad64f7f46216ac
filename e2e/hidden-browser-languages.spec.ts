import { test as plain, type Page } from '@playwright/test';
import { expect, READS_CONTENT } from './support/fixtures.ts';
import { watchConsoleErrors } from './support/page-watch.ts';
import { expectHomeIn, readDictionary, languageOptionName } from './support/translations.ts';

const de = readDictionary('de');
const en = readDictionary('en');

/**
 * Embedded web views and privacy browsers hide the visitor's languages: `navigator.languages` is
 * missing, or empty with `navigator.language` missing too. Playwright's own `test`, because its
 * `goto` must not wait for an app that, on failure, never starts.
 */
const browsers = [
  {
    name: 'no navigator.languages, navigator.language en-US',
    languages: undefined,
    language: 'en-US',
    lang: 'en',
  },
  {
    name: 'no navigator.languages and no navigator.language',
    languages: undefined,
    language: undefined,
    lang: 'de',
  },
  {
    name: 'an empty navigator.languages and no navigator.language',
    languages: [],
    language: undefined,
    lang: 'de',
  },
] as const;

async function hideLanguages(
  page: Page,
  languages: readonly string[] | undefined,
  language: string | undefined,
): Promise<void> {
  await page.addInitScript(
    ([list, single]) => {
      Object.defineProperty(Navigator.prototype, 'languages', { get: () => list ?? undefined });
      Object.defineProperty(Navigator.prototype, 'language', { get: () => single ?? undefined });
    },
    [languages ? [...languages] : null, language ?? null] as const,
  );
}

for (const { name, languages, language, lang } of browsers) {
  plain(
    `a browser with ${name} gets a working site in ${lang}`,
    READS_CONTENT,
    async ({ page }) => {
      const errors = watchConsoleErrors(page);
      await hideLanguages(page, languages, language);
      await page.goto('./#/home');
      // The app took over the prerendered page (it marks <html> when it has).
      await expect(page.locator('html[data-interactive]')).toBeAttached();
      await expectHomeIn(page, lang === 'en' ? en : de, lang);
      // The boot script and the app chose the same page: the switch works from there.
      const other = languageOptionName(lang === 'en' ? 'de' : 'en');
      await page.getByRole('link', { name: other, exact: true }).click();
      await expectHomeIn(page, lang === 'en' ? de : en, lang === 'en' ? 'de' : 'en');
      expect(errors).toEqual([]);
    },
  );
}
