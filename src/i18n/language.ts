export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

/** The dictionaries a text is looked up in, in order: the language itself, then German. */
export const lookupOrder = (language: Language): Language[] =>
  language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];

/** Where the visitor's own choice from the language switch is remembered (never a cookie). */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** `en-US` → `en`, `DE-at` → `de`, `fr` → undefined. */
export function toLanguage(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/**
 * The visitor's own choice wins; else the first of the browser's preferred languages that the site
 * speaks; else German.
 */
export function chooseLanguage(
  stored: string | null | undefined,
  preferred: readonly string[],
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be disabled by the visitor; then the browser's languages decide.
    return null;
  }
}

export function detectLanguage(): Language {
  const preferred = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return chooseLanguage(readStoredLanguage(), preferred);
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice still holds for this visit, which is all we can offer.
  }
}
