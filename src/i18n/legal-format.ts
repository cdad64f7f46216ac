import type { Language } from './language.ts';

/**
 * One formatter per language and kind, made when first asked for: making one loads the locale's
 * data, which would otherwise be paid again on every render of a legal page.
 */
export function perLanguage<Formatter>(
  make: (language: Language) => Formatter,
): (language: Language) => Formatter {
  const made = new Map<Language, Formatter>();
  return (language) => {
    let formatter = made.get(language);
    if (formatter === undefined) {
      formatter = make(language);
      made.set(language, formatter);
    }
    return formatter;
  };
}

const listFormat = perLanguage(
  (language) => new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }),
);
const dayFormat = perLanguage(
  (language) =>
    new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
      dateStyle: 'long',
      timeZone: 'UTC',
    }),
);

/** `['A', 'B', 'C']` → "A, B und C" in German, "A, B, and C" in English. */
export function formatNames(names: readonly string[], language: Language): string {
  return listFormat(language).format(names);
}

/**
 * `2026-11-23` → "23. November 2026" / "23 November 2026": day before month in English too, as a
 * reader of a German business's page in Europe writes it. Read as a UTC day, so the prerendered
 * text and the app's agree in every time zone.
 */
export function formatDay(isoDay: string, language: Language): string {
  return dayFormat(language).format(new Date(`${isoDay}T00:00:00Z`));
}
