import { describe, expect, it } from 'vitest';
import { translate } from './translate.ts';

const german = { header: { tagline: 'IT Beratung & Entwicklung' }, only: { de: 'Nur deutsch' } };
const english = { header: { tagline: 'IT Consulting & Development' } };

describe('translate', () => {
  it('finds a nested key in the active language first', () => {
    expect(translate([english, german], 'header.tagline')).toBe('IT Consulting & Development');
  });

  it('falls back to German when the active language lacks the key', () => {
    expect(translate([english, german], 'only.de')).toBe('Nur deutsch');
  });

  it('shows the key itself when no language has it', () => {
    expect(translate([english, german], 'nowhere.to.be.found')).toBe('nowhere.to.be.found');
  });

  it('shows the key when the path ends on a group instead of a text', () => {
    expect(translate([german], 'header')).toBe('header');
    expect(translate([german], 'header.tagline.deeper')).toBe('header.tagline.deeper');
  });

  it('does not find inherited object properties', () => {
    expect(translate([german], 'toString')).toBe('toString');
    expect(translate([german], 'header.constructor')).toBe('header.constructor');
  });

  it('fills in placeholders and leaves unknown ones visible', () => {
    const dictionary = { slide: '{current} von {total}', odd: '{unknown} bleibt' };
    expect(translate([dictionary], 'slide', { current: 2, total: 5 })).toBe('2 von 5');
    expect(translate([dictionary], 'odd', {})).toBe('{unknown} bleibt');
  });

  it.each([undefined, null, ''])('throws without a key (%j)', (key) => {
    expect(() => translate([german], key)).toThrow(new Error('Parameter "key" required'));
  });
});
