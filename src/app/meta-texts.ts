import type { I18n } from '../i18n/i18n-context.ts';
import { LANGUAGES, LOCALES, type Language } from '../i18n/language.ts';

/** Open Graph writes a locale with an underscore: `de_DE`. */
export const ogLocale = (language: Language): string => LOCALES[language].replace('-', '_');

/** A `<meta>` tag that changes with the language: `name="…"` or, for Open Graph, `property="…"`. */
export interface LanguageMetaTag {
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

/**
 * The search and sharing texts in one language: the build writes each document's language's
 * into it, and `<DocumentMeta>` swaps in the active language's in the browser. One function for
 * both, so that they cannot drift apart.
 */
export function languageMetaTags(
  t: I18n['t'],
  language: Language,
  businessName: string,
): LanguageMetaTag[] {
  const title = t('meta.title', { name: businessName });
  const description = t('meta.description', { name: businessName });
  const imageAlt = t('meta.imageAlt', { name: businessName, tagline: t('header.tagline') });
  return [
    { attribute: 'name', key: 'description', content: description },
    { attribute: 'property', key: 'og:title', content: title },
    { attribute: 'property', key: 'og:description', content: description },
    { attribute: 'property', key: 'og:locale', content: ogLocale(language) },
    ...LANGUAGES.filter((other) => other !== language).map((other): LanguageMetaTag => ({
      attribute: 'property',
      key: 'og:locale:alternate',
      content: ogLocale(other),
    })),
    { attribute: 'property', key: 'og:image:alt', content: imageAlt },
    { attribute: 'name', key: 'twitter:title', content: title },
    { attribute: 'name', key: 'twitter:description', content: description },
    { attribute: 'name', key: 'twitter:image:alt', content: imageAlt },
  ];
}
