import type { I18n } from '../i18n/i18n-context.ts';
import type { Language } from '../i18n/language.ts';

/** Open Graph names languages with their region. */
export const OG_LOCALES: Readonly<Record<Language, string>> = { de: 'de_DE', en: 'en_US' };

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
  const other: Language = language === 'de' ? 'en' : 'de';
  return [
    { attribute: 'name', key: 'description', content: description },
    { attribute: 'property', key: 'og:title', content: title },
    { attribute: 'property', key: 'og:description', content: description },
    { attribute: 'property', key: 'og:locale', content: OG_LOCALES[language] },
    { attribute: 'property', key: 'og:locale:alternate', content: OG_LOCALES[other] },
    { attribute: 'property', key: 'og:image:alt', content: imageAlt },
    { attribute: 'name', key: 'twitter:title', content: title },
    { attribute: 'name', key: 'twitter:description', content: description },
    { attribute: 'name', key: 'twitter:image:alt', content: imageAlt },
  ];
}
