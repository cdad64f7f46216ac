import { describe, expect, it } from 'vitest';
import german from '../../public/assets/i18n/de.json';
import english from '../../public/assets/i18n/en.json';
import { formatDay, formatNames, managingDirectorsLine } from './legal-format.ts';
import { translate, type Dictionary } from './translate.ts';
import type { TranslationKey } from './translation-key.ts';

const translator = (dictionary: Dictionary) => (key: TranslationKey, params?: object) =>
  translate([dictionary], key, params as Record<string, string>);

describe('formatNames', () => {
  it('joins names the way each language does', () => {
    expect(formatNames(['Anna Beispiel'], 'de')).toBe('Anna Beispiel');
    expect(formatNames(['A', 'B'], 'de')).toBe('A und B');
    expect(formatNames(['A', 'B', 'C'], 'de')).toBe('A, B und C');
    expect(formatNames(['A', 'B'], 'en')).toBe('A and B');
  });
});

describe('formatDay', () => {
  it('writes the day in full in each language, whatever the time zone', () => {
    expect(formatDay('2026-03-01', 'de')).toBe('1. März 2026');
    expect(formatDay('2026-03-01', 'en')).toBe('March 1, 2026');
  });
});

describe('managingDirectorsLine', () => {
  it('names one managing director with the singular label', () => {
    expect(managingDirectorsLine(translator(german), ['Anna Beispiel'], 'de', 'masculine')).toBe(
      german.imprint.managingDirector.replace('{names}', 'Anna Beispiel'),
    );
    expect(managingDirectorsLine(translator(english), ['Anna Beispiel'], 'en', 'masculine')).toBe(
      english.imprint.managingDirector.replace('{names}', 'Anna Beispiel'),
    );
  });

  it('names several with the plural label', () => {
    expect(managingDirectorsLine(translator(english), ['A B', 'C D'], 'en', 'masculine')).toBe(
      english.imprint.managingDirectors.replace('{names}', 'A B and C D'),
    );
  });

  it('says "Geschäftsführung" unless the owner chose a word, and "Geschäftsführerin" when chosen', () => {
    expect(managingDirectorsLine(translator(german), ['Erika Musterfrau'], 'de')).toBe(
      'Geschäftsführung: Erika Musterfrau',
    );
    expect(managingDirectorsLine(translator(german), ['Erika Musterfrau'], 'de', 'feminine')).toBe(
      'Geschäftsführerin: Erika Musterfrau',
    );
  });
});
