import { expect, type Page, type Route } from '@playwright/test';
import {
  readTranslationFile,
  TRANSLATION_FILES,
} from '../../site-build/content-check/translation-files.ts';
import { textAt } from '../../src/i18n/translate.ts';
import type { TitleMarker } from '../../src/content/routes.ts';
import { business } from '../../src/content/business.ts';
import { HOME_SECTIONS, itemPositions, SERVICE_AREAS } from '../../src/content/home-sections.ts';

export type Language = 'de' | 'en';

/** A translation file as it lies on disk: nested groups whose leaves are the texts. */
export interface Dictionary {
  [key: string]: string | Dictionary;
}

/**
 * The real translation file from `public/assets/i18n/`, read as the build reads it, so tests
 * compare against the live texts: they hold what the site does, not what the example says.
 */
export function readDictionary(language: Language): Dictionary {
  return readTranslationFile(TRANSLATION_FILES[language]);
}

/** Both translation files. */
export const DICTIONARIES: Readonly<Record<Language, Dictionary>> = {
  de: readDictionary('de'),
  en: readDictionary('en'),
};

/** The text under a dotted key (`consulting.title`); throws when the file has no such text. */
export function text(dictionary: Dictionary, key: string): string {
  const found = textAt(dictionary, key);
  if (found === undefined) throw new Error(`The translation file has no text "${key}"`);
  return found;
}

/**
 * A language's texts by key, `{placeholders}` filled in from `params` (those not given stay), e.g.
 * `textsOf('en')('footer.copyrightName', { year: 2031, name })`.
 */
export function textsOf(language: Language) {
  return (key: string, params: Readonly<Record<string, string | number>> = {}): string =>
    text(DICTIONARIES[language], key).replace(/\{(\w+)\}/g, (placeholder, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : placeholder,
    );
}

/**
 * The document title of a page in a language, e.g. "Impressum – Muster IT": the file's title
 * template around the page's name and the business's.
 */
export function pageTitle(language: Language, route: TitleMarker): string {
  const t = textsOf(language);
  return t('titles.template', { page: t(`titles.${route}`), name: business.name });
}

/**
 * The accessible name of a language switch option: its visible code, then the language's own name
 * ("DE Deutsch"), both from that language's file.
 */
export function languageOptionName(language: Language): string {
  const own = readDictionary(language);
  return `${text(own, `language.${language}`)} ${text(own, `language.${language}Name`)}`;
}

/** A deep copy of `dictionary` whose text at `key` is replaced, or removed when `value` is undefined. */
export function withText(
  dictionary: Dictionary,
  key: string,
  value: string | undefined,
): Dictionary {
  const copy = structuredClone(dictionary);
  const parts = key.split('.');
  const last = parts.pop() ?? key;
  let group: Dictionary = copy;
  for (const part of parts) {
    const next = group[part];
    if (typeof next !== 'object') throw new Error(`The translation file has no group "${part}"`);
    group = next;
  }
  if (value === undefined) {
    if (!(last in group)) throw new Error(`The translation file has no text "${key}"`);
    delete group[last];
  } else {
    group[last] = value;
  }
  return copy;
}

/** The glob that matches the app's request for one translation file, whatever the page's path. */
export const dictionaryUrl = (language: Language) => `**/assets/i18n/${language}.json`;

/** Answers the request for `language`'s file with `dictionary` instead of the file on disk. */
export async function serveDictionary(page: Page, language: Language, dictionary: Dictionary) {
  await page.route(dictionaryUrl(language), (route: Route) => route.fulfill({ json: dictionary }));
}

/**
 * Asserts that every text of the home page (header, navigation, carousel, the three content
 * sections, footer, language switch) is the one `dictionary` holds, and, when `lang` is given, that
 * `<html lang>` says so.
 */
export async function expectHomeIn(page: Page, dictionary: Dictionary, lang?: Language) {
  const t = (key: string) => text(dictionary, key);
  if (lang) await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('banner')).toContainText(t('header.tagline'));
  await expect(
    page.getByRole('navigation', { name: t('header.navLabel') }).getByRole('link'),
  ).toHaveText(HOME_SECTIONS.map((section) => t(`nav.${section}`)));
  await expect(page.getByRole('navigation', { name: t('language.label') })).toBeVisible();
  await expect(page.getByRole('region', { name: t('intro.label') })).toBeVisible();
  await expect(page.locator('#intro [aria-roledescription="slide"]')).toHaveText(
    [0, 1, 2, 3, 4].map((index) => t(`carousel.${index}`)),
  );
  for (const area of SERVICE_AREAS) {
    const section = page.locator(`#${area}`);
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(t(`${area}.title`));
    await expect(section).toContainText(t(`${area}.lead`));
    await expect(section.getByRole('listitem').getByRole('heading', { level: 3 })).toHaveText(
      itemPositions(area).map((index) => t(`${area}.items.${index}`)),
    );
    await expect(section.getByRole('listitem').locator('p')).toHaveText(
      itemPositions(area).map((index) => t(`${area}.descriptions.${index}`)),
    );
  }
  const contact = page.locator('#contact');
  await expect(contact.getByRole('heading', { level: 2 })).toHaveText(t('contact.title'));
  await expect(contact).toContainText(t('contact.lead'));
  await expect(contact.locator('dt')).toHaveText([t('contact.phone'), t('contact.email')]);
  await expect(
    page.getByRole('navigation', { name: t('footer.navLabel') }).getByRole('link'),
  ).toHaveText([t('footer.imprint'), t('footer.privacy')]);
}

/** The privacy statement's sections, in order, by their key under `privacy.` in the files. */
export const PRIVACY_SECTIONS = [
  'duty',
  'controller',
  'hosting',
  'contact',
  'storage',
  'none',
  'rights',
  'objection',
] as const;

/** The key of each page's own headline: the brand's tagline on the home page, the title elsewhere. */
export const HEADLINE_KEYS: Readonly<Record<TitleMarker, string>> = {
  home: 'header.tagline',
  imprint: 'imprint.title',
  privacy: 'privacy.title',
};
