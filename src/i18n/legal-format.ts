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

/** The word the owner chose for the role; unset, the neutral one ("Geschäftsführung"). */
export type RoleWord = 'neutral' | 'feminine' | 'masculine';

const DIRECTOR_KEYS = {
  neutral: ['imprint.managementOne', 'imprint.managementMany'],
  feminine: ['imprint.managingDirectorFemale', 'imprint.managingDirectorsFemale'],
  masculine: ['imprint.managingDirector', 'imprint.managingDirectors'],
} as const satisfies Record<RoleWord, readonly [TranslationKey, TranslationKey]>;

/** "Geschäftsführer: Max Mustermann": the imprint's line for a company's managing director(s). */
export function managingDirectorsLine(
  t: Translate,
  names: readonly string[],
  language: Language,
  roleWord: RoleWord = 'neutral',
): string {
  const [one, many] = DIRECTOR_KEYS[roleWord];
  return t(names.length === 1 ? one : many, { names: formatNames(names, language) });
}

const OWNER_KEYS = {
  neutral: 'imprint.ownerNeutral',
  feminine: 'imprint.ownerFemale',
  masculine: 'imprint.ownerMale',
} as const satisfies Record<RoleWord, TranslationKey>;

/** "Inhaberin: Erika Musterfrau": the imprint's line for the owner of an e.K. */
export function ownerLine(t: Translate, name: string, roleWord: RoleWord = 'neutral'): string {
  return t(OWNER_KEYS[roleWord], { name });
}
