import type { Language } from './language.ts';

/** `['A', 'B', 'C']` → "A, B und C" in German, "A, B, and C" in English. */
export function formatNames(names: readonly string[], language: Language): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
}

/**
 * `2026-11-23` → "23. November 2026" / "23 November 2026": day before month in English too, as a
 * reader of a German business's page in Europe writes it. Read as a UTC day, so the prerendered
 * text and the app's agree in every time zone.
 */
export function formatDay(isoDay: string, language: Language): string {
  const locale = language === 'en' ? 'en-GB' : language;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}
