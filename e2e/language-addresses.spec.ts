import { test as plain } from '@playwright/test';
import { JSDOM } from 'jsdom';
import { business } from '../src/content/business.ts';
import { test, expect, READS_CONTENT } from './support/fixtures.ts';
import { ROUTES } from './support/page-watch.ts';
import { APP_ROOT_CLASS } from '../src/app/prerendered-view.ts';
import {
  expectHomeIn,
  pageTitle,
  DICTIONARIES as dictionaries,
  languageOptionName,
  text,
  type Language,
} from './support/translations.ts';

/** Each address the build writes, what its served HTML must be, and its public URL. */
const ADDRESSES = [
  { path: './', lang: 'de', url: business.siteUrl },
  { path: './de/', lang: 'de', url: `${business.siteUrl}de/` },
  { path: './en/', lang: 'en', url: `${business.siteUrl}en/` },
] as const;

const homeTitle = (lang: Language) => pageTitle(lang, 'home');

plain.describe('each address, fetched without a browser (what a crawler reads)', () => {
  for (const { path, lang, url } of ADDRESSES) {
    plain(
      `${path} is the ${lang} home page and names every address`,
      READS_CONTENT,
      async ({ request }) => {
        const response = await request.get(path);
        expect(response.status()).toBe(200);
        const { document } = new JSDOM(await response.text()).window;

        expect(document.documentElement.lang).toBe(lang);
        expect(document.title).toBe(homeTitle(lang));
        expect(document.querySelectorAll('main')).toHaveLength(1);
        const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
        expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
        expect(document.querySelector('h1')?.textContent).toContain(business.name);
        expect(document.querySelector('#consulting h2')?.textContent).toBe(
          text(dictionaries[lang], 'consulting.title'),
        );
        // Only this language's words are the page: the other pages are inert templates.
        const other = lang === 'de' ? 'en' : 'de';
        expect(document.querySelector(`.${APP_ROOT_CLASS}`)?.textContent).not.toContain(
          text(dictionaries[other], 'consulting.lead'),
        );

        const meta = (selector: string) =>
          document.querySelector(selector)?.getAttribute('content');
        expect(meta('meta[name="description"]')).toBe(
          text(dictionaries[lang], 'meta.description').replace('{name}', business.name),
        );
        expect(meta('meta[property="og:locale"]')).toBe(lang === 'de' ? 'de_DE' : 'en_US');
        expect(meta('meta[property="og:url"]')).toBe(url);
        expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
        const alternates = [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map(
          (link) => [link.getAttribute('hreflang'), link.getAttribute('href')],
        );
        expect(Object.fromEntries(alternates)).toEqual({
          'x-default': business.siteUrl,
          de: `${business.siteUrl}de/`,
          en: `${business.siteUrl}en/`,
        });
        const data = JSON.parse(
          document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}',
        ) as { inLanguage?: string };
        expect(data.inLanguage).toBe(lang);
      },
    );
  }

  plain(
    'each language address has the translation files beside it',
    READS_CONTENT,
    async ({ request }) => {
      for (const folder of ['', 'de/', 'en/']) {
        for (const lang of ['de', 'en'] as const) {
          const response = await request.get(`./${folder}assets/i18n/${lang}.json`);
          expect(response.status(), `${folder}assets/i18n/${lang}.json`).toBe(200);
          expect(await response.json()).toEqual(dictionaries[lang]);
        }
      }
    },
  );
});

plain.describe('without JavaScript', () => {
  plain.use({ javaScriptEnabled: false, locale: 'de-DE' });

  plain('the English address shows the English home page to a German browser', async ({ page }) => {
    await page.goto('./en/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('#consulting h2')).toHaveText(
      text(dictionaries.en, 'consulting.title'),
    );
  });

  plain('the language switch leads to the other address', async ({ page }) => {
    await page.goto('./en/');
    await page
      .getByRole('navigation', { name: text(dictionaries.en, 'language.label') })
      .getByRole('link', { name: languageOptionName('de'), exact: true })
      .click();
    await expect(page).toHaveURL(/\/de\/#\/home$/);
    await expect(page.locator('#consulting h2')).toHaveText(
      text(dictionaries.de, 'consulting.title'),
    );
  });
});

test.describe("a language's own address shows that language, whatever the browser prefers", () => {
  test.describe('an English browser', () => {
    test.use({ locale: 'en-US' });

    test('on the German address sees German, on every page', READS_CONTENT, async ({ page }) => {
      await page.goto('./de/#/home');
      await expectHomeIn(page, dictionaries.de, 'de');
      for (const route of ROUTES.filter((each) => each !== 'home')) {
        await page.goto(`./de/#/${route}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          text(dictionaries.de, `${route}.title`),
        );
      }
    });
  });

  test.describe('a German browser with English saved as its choice', () => {
    test.use({ locale: 'de-DE' });

    test(
      'on the English address sees English, and on the German one German',
      READS_CONTENT,
      async ({ page }) => {
        await page.addInitScript(() => localStorage.setItem('language', 'de'));
        await page.goto('./en/#/home');
        await expectHomeIn(page, dictionaries.en, 'en');
        await expect(page).toHaveTitle(homeTitle('en'));
      },
    );
  });
});

test.describe('the language switch on a language address', () => {
  test.use({ locale: 'en-US' });

  test('goes to the other address with the same page, and is remembered', async ({ page }) => {
    await page.goto('./en/#/imprint');
    /** On a page in `shown`, its switch's link to `lang`. */
    const switchTo = (lang: Language, shown: Language) =>
      page
        .getByRole('navigation', { name: text(dictionaries[shown], 'language.label') })
        .getByRole('link', { name: languageOptionName(lang), exact: true });
    await expect(switchTo('en', 'en')).toHaveAttribute('aria-current', 'true');
    await switchTo('de', 'en').click();
    await expect(page).toHaveURL(/\/de\/#\/imprint$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(dictionaries.de, 'imprint.title'),
    );
    await expect(switchTo('de', 'de')).toHaveAttribute('aria-current', 'true');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');

    // The root address now follows the remembered choice, though the browser prefers English.
    await page.goto('./#/privacy');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(dictionaries.de, 'privacy.title'),
    );
  });

  test('keeps hash routes, anchors and Back working under the address', async ({ page }) => {
    await page.goto('./en/#/home#contact');
    await expect(page.locator('#contact')).toBeInViewport();
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: text(dictionaries.en, 'footer.privacy') })
      .click();
    await expect(page).toHaveURL(/\/en\/#\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(dictionaries.en, 'privacy.title'),
    );
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/#\/home#contact$/);
    await expect(page.locator('#contact')).toBeInViewport();
  });
});

declare global {
  interface Window {
    __wrongFrames: string[];
    __rootsWhenParsed: (string | null)[];
  }
}

/**
 * Before every frame until the app has taken over, notes any frame in which the page on screen is
 * not the one the boot script chose: a flash of another page.
 */
const watchForFlashes = (rootClass: string) => {
  window.__wrongFrames = [];
  // Before the boot script's own listener: which pages the parser left in app roots.
  document.addEventListener('DOMContentLoaded', () => {
    window.__rootsWhenParsed = [...document.querySelectorAll(`.${rootClass}`)].map((root) =>
      root.getAttribute('data-view'),
    );
  });
  const check = () => {
    const html = document.documentElement;
    // The swap script's copy of the chosen page and the rendered page can both be there a while.
    for (const root of document.querySelectorAll<HTMLElement>(`.${rootClass}`)) {
      if (getComputedStyle(root).display === 'none') continue;
      const shown = root.getAttribute('data-view');
      const chosen = html.getAttribute('data-show');
      if (shown !== null && chosen !== null && shown !== chosen) {
        window.__wrongFrames.push(`${shown} shown, ${chosen} chosen`);
      }
    }
    if (!html.hasAttribute('data-interactive')) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};

for (const { path, lang: rendered } of ADDRESSES) {
  for (const locale of ['de-DE', 'en-US']) {
    test.describe(`${path} in a ${locale} browser`, () => {
      test.use({ locale });

      test('paints no other page than the one it shows', async ({ page }) => {
        await page.addInitScript(watchForFlashes, APP_ROOT_CLASS);
        await page.goto(`${path}#/imprint`);
        const lang = path === './' ? locale.slice(0, 2) : rendered;
        await expect(page.locator('html')).toHaveAttribute('data-show', `${lang}-imprint`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          text(dictionaries[lang as Language], 'imprint.title'),
        );
        expect(await page.evaluate(() => window.__wrongFrames)).toEqual([]);
        // The swap script after the imprint's template put it in while the parser was still early,
        // before the rendered page (the home page of the address it ended on), which waited hidden.
        expect(await page.evaluate(() => window.__rootsWhenParsed)).toEqual([
          `${lang}-imprint`,
          `${lang}-home`,
        ]);
        await expect(page.getByRole('main')).toHaveCount(1);
        await expect(page.locator('template')).toHaveCount(0);
      });
    });
  }
}
