import type { Language } from './language.ts';
import type { TranslationParams } from './translate.ts';
import type { TranslationKey } from './translation-key.ts';

type Translate = (key: TranslationKey, params?: TranslationParams) => string;

/** `['A', 'B', 'C']` → "A, B und C" in German, "A, B, and C" in English. */
export function formatNames(names: readonly string[], language: Language): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
}

/**
 * `2026-11-23` → "23. November 2026" / "November 23, 2026". Read as a UTC day, so the prerendered
 * text and the app's agree in every time zone.
 */
export function formatDay(isoDay: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}

/** "Geschäftsführer: Max Mustermann": the imprint's line for the GmbH's managing director(s). */
export function managingDirectorsLine(
  t: Translate,
  names: readonly string[],
  language: Language,
): string {
  const key = names.length === 1 ? 'imprint.managingDirector' : 'imprint.managingDirectors';
  return t(key, { names: formatNames(names, language) });
}
