import { describe, expect, it } from 'vitest';
import { serviceNameLanguages } from './english-terms.ts';

describe('serviceNameLanguages', () => {
  const de = {
    consulting: { items: { '0': 'Enterprise Architecture', '1': 'IT-Strategie' } },
    development: { items: { '0': 'Web Applications' } },
    nav: { contact: 'Kontakt' },
  };
  const en = {
    consulting: { items: { '0': 'Enterprise Architecture', '1': 'IT Strategy' } },
    development: { items: { '0': 'Web Applications' } },
    nav: { contact: 'Kontakt' },
  };

  it('takes the service names the German file leaves in English for English, and only those', () => {
    expect(serviceNameLanguages(de, en)).toEqual({
      'consulting.items.0': 'en',
      'development.items.0': 'en',
    });
  });

  it('follows a mark: a German word kept on the English page is German', () => {
    // In both files alike, as every key is; the name itself is the same in both.
    const marked = (dictionary: typeof de) => ({
      ...dictionary,
      development: {
        items: { ...dictionary.development.items, '1': 'Mittelstand' },
        itemLanguages: { '1': 'de' },
      },
    });
    expect(serviceNameLanguages(marked(de), marked(en))).toEqual({
      'consulting.items.0': 'en',
      'development.items.0': 'en',
      'development.items.1': 'de',
    });
  });

  it('stops at a mark that names no language of the site', () => {
    const wrong = { ...de, consulting: { ...de.consulting, itemLanguages: { '0': 'fr' } } };
    expect(() => serviceNameLanguages(wrong, en)).toThrow(/consulting\.itemLanguages\.0 must be/);
  });
});
