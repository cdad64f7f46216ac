import type { Language } from './language.ts';

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
