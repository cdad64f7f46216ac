import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../public/assets/i18n/de.json';
import en from '../../public/assets/i18n/en.json';
import { createDictionaryLoader } from '../i18n/dictionaries.ts';
import { useTranslation } from '../i18n/i18n-context.ts';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import { business } from '../content/business.ts';
import { translate, type TranslationParams } from '../i18n/translate.ts';
import { DocumentMeta } from './document-meta.tsx';

/** A text of the shipped files, placeholders filled in with the shipped business name. */
const text = (dictionary: typeof de, key: string, params: TranslationParams = {}) =>
  translate([dictionary], key, { name: business.name, ...params });

const files: Record<string, unknown> = {
  './assets/i18n/de.json': de,
  './assets/i18n/en.json': en,
};

function LanguageButton() {
  const { language, setLanguage } = useTranslation();
  return (
    <button type="button" onClick={() => setLanguage(language === 'de' ? 'en' : 'de')}>
      switch
    </button>
  );
}

async function renderMeta() {
  const loader = createDictionaryLoader(async (url) => files[url]);
  await act(async () => {
    render(
      <Suspense fallback={null}>
        <I18nProvider loader={loader}>
          <DocumentMeta />
          <LanguageButton />
        </I18nProvider>
      </Suspense>,
    );
  });
}

const meta = (selector: string) =>
  document.head.querySelector<HTMLMetaElement>(`meta[${selector}]`)?.content;

// The German tags as the build writes them into index.html (abridged).
const STATIC_URL = 'https://static.example/';
const STATIC_HEAD = `
  <meta name="description" content="static German description" />
  <meta property="og:title" content="static German title" />
  <meta property="og:locale" content="de_DE" />
  <meta property="og:locale:alternate" content="en_US" />
  <meta property="og:url" content="${STATIC_URL}" />`;

describe('DocumentMeta', () => {
  beforeEach(() => {
    document.head.innerHTML = STATIC_HEAD;
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('writes the German texts for a German browser', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    await renderMeta();
    expect(meta('name="description"')).toBe(text(de, 'meta.description'));
    expect(meta('property="og:title"')).toBe(text(de, 'meta.title'));
    expect(meta('property="og:locale"')).toBe('de_DE');
    expect(meta('property="og:locale:alternate"')).toBe('en_US');
  });

  it('switches description, Open Graph and Twitter texts with the language, and back', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    await renderMeta();
    await act(() => userEvent.click(screen.getByRole('button', { name: 'switch' })));

    const description = text(en, 'meta.description');
    const title = text(en, 'meta.title');
    const imageAlt = text(en, 'meta.imageAlt', { tagline: text(en, 'header.tagline') });
    expect(meta('name="description"')).toBe(description);
    expect(meta('property="og:description"')).toBe(description);
    expect(meta('name="twitter:description"')).toBe(description);
    expect(meta('property="og:title"')).toBe(title);
    expect(meta('name="twitter:title"')).toBe(title);
    expect(meta('property="og:image:alt"')).toBe(imageAlt);
    expect(meta('name="twitter:image:alt"')).toBe(imageAlt);
    expect(meta('property="og:locale"')).toBe('en_US');
    expect(meta('property="og:locale:alternate"')).toBe('de_DE');
    // Tags that do not depend on the language stay as the build wrote them.
    expect(meta('property="og:url"')).toBe(STATIC_URL);
    // Each tag exists once: updated in place, not added again.
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);

    await act(() => userEvent.click(screen.getByRole('button', { name: 'switch' })));
    expect(meta('name="description"')).toBe(text(de, 'meta.description'));
    expect(meta('property="og:locale"')).toBe('de_DE');
  });
});
