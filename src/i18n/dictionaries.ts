import { getJson } from '../http/request';
import { lookupOrder, type Language } from './language';
import type { Dictionary } from './translate';

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

export type FetchJson = (url: string) => Promise<unknown>;
export type DictionaryLoader = (language: Language) => Promise<readonly Dictionary[]>;

/**
 * Returns a loader that resolves to the dictionaries to look texts up in, the active language first
 * and German behind it. It never rejects: a file that cannot be fetched or parsed is logged and
 * replaced by an empty dictionary, so the page still renders (German text or the keys) at once,
 * without retries. Each file is fetched once per page view; the promises are kept so that React's
 * `use()` sees the same promise on every render.
 */
export function createDictionaryLoader(fetchJson: FetchJson = getJson): DictionaryLoader {
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
          return {};
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
