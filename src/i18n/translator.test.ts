import { describe, expect, it } from 'vitest';
import { translatorFor } from './translator.ts';

const dictionaries = {
  de: { notFound: { title: 'Seite nicht gefunden', text: 'Zurück zu {name}' } },
  en: { notFound: { title: 'Page not found' } },
};

describe('translatorFor (the build and the prerender look texts up as the app does)', () => {
  it('gives the language its own text and fills in its placeholders', () => {
    expect(translatorFor(dictionaries, 'en')('notFound.title')).toBe('Page not found');
    expect(translatorFor(dictionaries, 'de')('notFound.text', { name: 'Muster' })).toBe(
      'Zurück zu Muster',
    );
  });

  it('falls back to German where English lacks a text, never German to English', () => {
    expect(translatorFor(dictionaries, 'en')('notFound.text', { name: 'Muster' })).toBe(
      'Zurück zu Muster',
    );
    expect(translatorFor({ de: {}, en: dictionaries.en }, 'de')('notFound.title')).toBe(
      'notFound.title',
    );
  });
});
