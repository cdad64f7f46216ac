import { describe, expect, it } from 'vitest';
import { formatDay, formatNames, perLanguage } from './legal-format.ts';

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
    expect(formatDay('2026-03-01', 'en')).toBe('1 March 2026');
  });
});

describe('perLanguage', () => {
  it('makes each language’s formatter once', () => {
    const made: string[] = [];
    const formatter = perLanguage((language) => {
      made.push(language);
      return { language };
    });
    expect(formatter('de')).toBe(formatter('de'));
    expect(formatter('en').language).toBe('en');
    expect(made).toEqual(['de', 'en']);
  });
});
