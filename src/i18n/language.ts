export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

/**
 * Each language with a region, as a browser that prefers it names its locale (`de-DE`): the
 * tools visit the site as such a browser, and the sharing tags name the page's locale by it.
 */
export const LOCALES = { de: 'de-DE', en: 'en-US' } as const satisfies Record<Language, string>;

/** The dictionaries a text is looked up in, in order: the language itself, then German. */
export const lookupOrder = (language: Language): Language[] =>
  language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];

/** Where the visitor's own choice from the language switch is remembered (never a cookie). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** How long that choice is kept: twelve months from the choice, as the privacy statement says. */
export const LANGUAGE_CHOICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The visitor's language choice in local storage, kept for `lifetime` ms from when it was made.
 * With `value`, stores it and the moment it expires (under `key` + "-expires"); without, returns
 * the stored choice, or null, deleting both entries once it has expired. A choice stored without
 * its expiry (by an earlier version of the site) is given one now, so that it too ends.
 *
 * The inline boot script receives this function by its source text, as it does pickLanguage, so
 * the two always agree: it must use nothing but its arguments and the browser's globals.
 */
export function languageChoice(key: string, lifetime: number, value?: string): string | null {
  const expiry = `${key}-expires`;
  try {
    if (value !== undefined) {
      localStorage.setItem(key, value);
      localStorage.setItem(expiry, String(Date.now() + lifetime));
      return value;
    }
    const stored = localStorage.getItem(key);
    if (stored === null) return null;
    const until = Number(localStorage.getItem(expiry));
    if (!until) localStorage.setItem(expiry, String(Date.now() + lifetime));
    if (!until || until > Date.now()) return stored;
    localStorage.removeItem(key);
    localStorage.removeItem(expiry);
  } catch {
    // Storage disabled by the visitor: nothing is kept, and the browser's languages decide.
  }
  return null;
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** What the rule reads of `navigator`; either may be missing in embedded web views. */
export interface BrowserLanguages {
  languages?: readonly (string | null | undefined)[] | null | undefined;
  language?: string | null | undefined;
}

/**
 * The one language rule, used by the app and by the inline boot script alike: the visitor's own
 * choice wins; else the first of the browser's preferred languages that the site speaks; else the
 * default. `navigator.languages` is missing or empty in some embedded web views and privacy
 * browsers, and `navigator.language` then too: those fall through to the default.
 *
 * The boot script is inlined by its source text and may import nothing, so it receives this
 * function's source (`String(pickLanguage)`): the function must use nothing but its arguments.
 */
export function pickLanguage(
  stored: string | null | undefined,
  browser: BrowserLanguages | null | undefined,
  languages: readonly string[],
  fallback: string,
): string {
  if (typeof stored === 'string' && languages.includes(stored)) return stored;
  const list = browser?.languages;
  const tags = list && list.length > 0 ? list : [browser?.language];
  for (const tag of tags) {
    if (typeof tag !== 'string') continue;
    // `en-US` → `en`, `DE-at` → `de`.
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    if (languages.includes(primary)) return primary;
  }
  return fallback;
}

export function detectLanguage(): Language {
  const picked = pickLanguage(
    languageChoice(LANGUAGE_STORAGE_KEY, LANGUAGE_CHOICE_LIFETIME_MS),
    typeof navigator === 'undefined' ? undefined : navigator,
    LANGUAGES,
    DEFAULT_LANGUAGE,
  );
  return isLanguage(picked) ? picked : DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language): void {
  // Without storage the choice still holds for this visit, which is all we can offer.
  languageChoice(LANGUAGE_STORAGE_KEY, LANGUAGE_CHOICE_LIFETIME_MS, language);
}
