import { getJson } from '../http/request.ts';
import { lookupOrder, type Language } from './language.ts';
import type { Dictionary } from './translate.ts';

/** The specification fixes where translations live: `./assets/i18n/{lang}.json`, relative to the page. */
export const DICTIONARY_URL_PATTERN = './assets/i18n/{lang}.json';

export const dictionaryUrl = (language: Language): string =>
  DICTIONARY_URL_PATTERN.replace('{lang}', language);

function isDictionary(value: unknown): value is Dictionary {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string' || isDictionary(entry))
  );
}

/**
 * How long a translation file may take before the app gives up on it (milliseconds): several times
 * what a slow mobile link needs for it, and short enough that a visitor does not give up on a page
 * whose buttons do nothing meanwhile (decision 01).
 */
export const DICTIONARY_TIMEOUT_MS = 3000;

export type FetchJson = (url: string) => Promise<unknown>;
export type DictionaryLoader = (language: Language) => Promise<readonly Dictionary[]>;
/** The texts a language's page was built with, for when its file cannot be had. */
export type BuiltDictionary = (language: Language) => Promise<Dictionary>;

const fetchDictionary: FetchJson = (url) => getJson(url, { timeoutMs: DICTIONARY_TIMEOUT_MS });

/**
 * The built page shows these texts, so falling back to them never changes what the visitor
 * reads. A chunk per language, fetched only when the file fails, costs no other visit anything
 * (decision 01). The chunk is a hashed script, cached for a year, not the editable file.
 */
const loadBuiltDictionary: BuiltDictionary = async (language) => {
  const module =
    language === 'en'
      ? await import('../../public/assets/i18n/en.json')
      : await import('../../public/assets/i18n/de.json');
  return module.default;
};

/**
 * Returns a loader that resolves to the dictionaries to look texts up in, the active language first
 * and German behind it. It never rejects: a file that cannot be fetched or parsed in time is logged
 * once and replaced by the texts the page was built with, so what the visitor already reads stays;
 * only if those cannot be had either does it become an empty dictionary (German text, then the
 * keys). Nothing is retried, and an answer that comes after the time-out is never used. Each file
 * is fetched once per page view; the promises are kept so that React's `use()` sees the same
 * promise on every render.
 */
export function createDictionaryLoader(
  fetchJson: FetchJson = fetchDictionary,
  builtDictionary: BuiltDictionary = loadBuiltDictionary,
): DictionaryLoader {
  const files = new Map<Language, Promise<Dictionary>>();
  const chains = new Map<Language, Promise<readonly Dictionary[]>>();

  const loadFile = (language: Language): Promise<Dictionary> => {
    let file = files.get(language);
    if (!file) {
      const url = dictionaryUrl(language);
      file = fetchJson(url)
        .then((body) => {
          if (!isDictionary(body)) throw new Error(`${url} is not a dictionary of texts`);
          return body;
        })
        .catch((error: unknown) => {
          console.error(`Could not load the translations from ${url}:`, error);
          // The failure is logged above; this is only the way back to what the page showed.
          return builtDictionary(language).catch((): Dictionary => ({}));
        });
      files.set(language, file);
    }
    return file;
  };

  return (language) => {
    let chain = chains.get(language);
    if (!chain) {
      chain = Promise.all(lookupOrder(language).map(loadFile));
      chains.set(language, chain);
    }
    return chain;
  };
}

/** The app's own loader: one per page view, so each file is fetched once. */
export const loadDictionaries: DictionaryLoader = createDictionaryLoader();
