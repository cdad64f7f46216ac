import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LANGUAGE_CHOICE_LIFETIME_MS,
  LANGUAGE_STORAGE_KEY,
  detectLanguage,
  storeLanguage,
} from './language.ts';

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

describe('the language choice expires twelve months after it was made', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const EXPIRES = `${LANGUAGE_STORAGE_KEY}-expires`;

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('holds for twelve months from the choice, then is deleted and the browser decides', () => {
    vi.useFakeTimers({ now: new Date('2027-01-10T12:00:00Z') });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    expect(LANGUAGE_CHOICE_LIFETIME_MS).toBe(365 * DAY);
    storeLanguage('en');
    vi.advanceTimersByTime(364 * DAY);
    expect(detectLanguage()).toBe('en');
    vi.advanceTimersByTime(2 * DAY);
    expect(detectLanguage()).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(EXPIRES)).toBeNull();
  });

  it('counts from the last choice', () => {
    vi.useFakeTimers({ now: new Date('2027-01-10T12:00:00Z') });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    storeLanguage('en');
    vi.advanceTimersByTime(300 * DAY);
    storeLanguage('en');
    vi.advanceTimersByTime(300 * DAY);
    expect(detectLanguage()).toBe('en');
  });

  it('gives a choice stored without its expiry (by an earlier version) twelve months from now', () => {
    vi.useFakeTimers({ now: new Date('2027-01-10T12:00:00Z') });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(detectLanguage()).toBe('en');
    expect(Number(localStorage.getItem(EXPIRES))).toBe(Date.now() + 365 * DAY);
    vi.advanceTimersByTime(366 * DAY);
    expect(detectLanguage()).toBe('de');
  });

  it('stores nothing while the visitor has not chosen', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(detectLanguage()).toBe('en');
    expect(localStorage.length).toBe(0);
  });
});
