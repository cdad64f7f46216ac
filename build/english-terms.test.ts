import { describe, expect, it } from 'vitest';
import { englishTermKeys } from './english-terms';

describe('englishTermKeys', () => {
  it('names the service names the German file leaves in English, and only those', () => {
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
    expect(englishTermKeys(de, en)).toEqual(['consulting.items.0', 'development.items.0']);
  });
});
