import { describe, expect, it } from 'vitest';
import { businessProblems } from '../src/content/business-schema.ts';
import { business } from '../src/content/business.ts';
import { readTranslationFiles } from '../site-build/content-check/translation-files.ts';
import { otherFacts, otherTexts, replacedValues, shifted, shiftedHost } from './shifted-content.ts';

describe('shifted', () => {
  it('moves letters one on and digits one up, wrapping, and leaves placeholders alone', () => {
    expect(shifted('Muster IT 12345')).toBe('Nvtufs JU 23456');
    expect(shifted('Zoo 909, {name}!')).toBe('App 010, {name}!');
    expect(shiftedHost('www.muster-it.de')).toBe('www.nvtufs-ju.de');
  });
});

describe('the changed content', () => {
  const texts = readTranslationFiles();
  const changed = { facts: otherFacts(business), texts: otherTexts(texts) };

  it('is valid, and differs from the owner in every fact and changed text', () => {
    expect(businessProblems(changed.facts)).toEqual([]);
    const unchanged = Object.entries(business).filter(
      ([field, value]) => typeof value === 'string' && changed.facts[field as 'name'] === value,
    );
    expect(unchanged).toEqual([]);
    expect(changed.texts.de['carousel']).not.toEqual(texts.de['carousel']);
    expect(changed.texts.de['meta']).toEqual(texts.de['meta']);
    expect(replacedValues({ facts: business, texts }, changed)).toContain(business.name);
  });
});
