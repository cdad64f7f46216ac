import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createDictionaryLoader } from './dictionaries.ts';
import { useTranslation } from './i18n-context.ts';
import { I18nProvider } from './i18n-provider.tsx';
import { LANGUAGE_STORAGE_KEY } from './language.ts';

const texts = {
  de: { header: { tagline: 'IT Beratung & Entwicklung' }, nav: { contact: 'Kontakt' } },
  en: { header: { tagline: 'IT Consulting & Development' } },
};

const files: Record<string, unknown> = {
  './assets/i18n/de.json': texts.de,
  './assets/i18n/en.json': texts.en,
};

function Probe() {
  const { t, language, setLanguage } = useTranslation();
  return (
    <>
      <p>{t('header.tagline')}</p>
      <p>{t('nav.contact')}</p>
      <button type="button" onClick={() => setLanguage(language === 'de' ? 'en' : 'de')}>
        switch
      </button>
    </>
  );
}

async function renderProvider() {
  const loader = createDictionaryLoader(async (url) => files[url]);
  await act(async () => {
    render(
      <Suspense fallback={<p>loading</p>}>
        <I18nProvider loader={loader}>
          <Probe />
        </I18nProvider>
      </Suspense>,
    );
  });
}

describe('I18nProvider', () => {
  it('speaks the browser language, with German behind it, and sets <html lang>', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    await renderProvider();
    expect(screen.getByText('IT Consulting & Development')).toBeInTheDocument();
    expect(screen.getByText('Kontakt')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches language and remembers the choice', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    await renderProvider();
    expect(screen.getByText('IT Beratung & Entwicklung')).toBeInTheDocument();
    // The switch is a transition that waits for en.json; act() lets React finish it.
    await act(() => userEvent.click(screen.getByRole('button', { name: 'switch' })));
    expect(screen.getByText('IT Consulting & Development')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('refuses to translate outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow(/I18nProvider/);
  });
});
