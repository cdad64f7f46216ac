import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, detectLanguage, storeLanguage } from './language.ts';

describe('detectLanguage', () => {
  it.each([
    [null, ['de-DE'], 'de'],
    ['en', ['de-DE'], 'en'], // the visitor's own choice wins
    ['de', ['en-US'], 'de'],
    ['fr', ['en-GB'], 'en'], // a stored value that is no language of the site is ignored
    [null, ['fr-FR', 'en-US', 'de'], 'en'], // the first preferred language the site speaks
    [null, ['it', 'DE-ch', 'en'], 'de'],
    [null, ['de_AT'], 'de'],
    [null, ['fr', 'es'], 'de'], // else German
  ])('stored %j, browser %j → %j', (stored, preferred, expected) => {
    if (stored !== null) localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(preferred);
    expect(detectLanguage()).toBe(expected);
  });
});

describe('detectLanguage and storeLanguage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads navigator.languages and the stored choice', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'de']);
    expect(detectLanguage()).toBe('en');
    storeLanguage('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(detectLanguage()).toBe('de');
  });

  it('still decides when storage is unavailable', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en']);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => storeLanguage('de')).not.toThrow();
    expect(detectLanguage()).toBe('en');
  });

  it.each([
    ['no navigator.languages, navigator.language en-GB', undefined, 'en-GB', 'en'],
    ['no navigator.languages and no navigator.language', undefined, undefined, 'de'],
    ['an empty list and no navigator.language', [], undefined, 'de'],
    ['an empty list and navigator.language en', [], 'en', 'en'],
  ])('starts with %s', (_name, languages, language, expected) => {
    localStorage.clear();
    // The type says these always exist; embedded web views and privacy browsers disagree.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages as unknown as string[]);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(language as unknown as string);
    expect(detectLanguage()).toBe(expected);
  });
});
