import type { Language } from '../../i18n/language.ts';
import { perLanguage } from '../../i18n/legal-format.ts';
import type { TranslationParams } from '../../i18n/translate.ts';

/** `US` → "Vereinigte Staaten" on the German page, "United States" on the English one. */
const regionNames = perLanguage(
  (language) => new Intl.DisplayNames([language], { type: 'region' }),
);

export const countryName = (code: string, language: Language): string =>
  regionNames(language).of(code) ?? code;

/**
 * A paragraph's params with its `country` code replaced by the country's name in `language`: the
 * facts hold codes, so that no page names a country in the other page's language.
 */
export function withCountryName(
  params: TranslationParams | undefined,
  language: Language,
): TranslationParams | undefined {
  const code = params?.country;
  return typeof code === 'string' ? { ...params, country: countryName(code, language) } : params;
}
