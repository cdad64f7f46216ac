import { describe, expect, it } from 'vitest';
import de from '../../public/assets/i18n/de.json';
import en from '../../public/assets/i18n/en.json';
import { LANGUAGES } from './language.ts';
import { translate, type Dictionary } from './translate.ts';

/** `{ a: { b: 'x' } }` → `['a.b']`; throws on a value that is neither text nor group. */
function leafKeys(dictionary: Dictionary, prefix = ''): string[] {
  return Object.entries(dictionary).flatMap(([key, value]) => {
    if (typeof value === 'string') return [`${prefix}${key}`];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return leafKeys(value, `${prefix}${key}.`);
    }
    throw new Error(`"${prefix}${key}" must be a text or a group of texts`);
  });
}

describe('translation files', () => {
  const german = leafKeys(de);
  const english = leafKeys(en);

  // The failure message lists the keys, so the owner knows what to add where.
  it('en.json has every key of de.json', () => {
    expect(german.filter((key) => !english.includes(key))).toEqual([]);
  });

  it('de.json has every key of en.json', () => {
    expect(english.filter((key) => !german.includes(key))).toEqual([]);
  });

  it('names a missing key', () => {
    const keys = leafKeys({ a: { b: 'x', c: 'y' } });
    expect(keys.filter((key) => !['a.b'].includes(key))).toEqual(['a.c']);
  });

  it.each([
    ['de', german],
    ['en', english],
  ])('%s.json has the five carousel slides the specification names', (_, keys) => {
    expect(keys).toEqual(expect.arrayContaining([0, 1, 2, 3, 4].map((i) => `carousel.${i}`)));
  });

  // The language switch announces each option by the language's own name, in that language
  // ("Deutsch" on the English page too), so every file must give the same name.
  it.each(LANGUAGES)('names %s in that language, the same in every file', (option) => {
    const key = `language.${option}Name` as const;
    const own = translate([option === 'de' ? de : en], key);
    expect(translate([de], key)).toBe(own);
    expect(translate([en], key)).toBe(own);
  });
});
