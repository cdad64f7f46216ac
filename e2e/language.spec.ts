import { type Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { ROUTES, seenText } from './support/page-watch';
import { expectHomeIn, readDictionary, text, languageOptionName } from './support/translations';

const de = readDictionary('de');
const en = readDictionary('en');

const languageSwitch = (page: Page, label: string) => page.getByRole('navigation', { name: label });
const option = (page: Page, label: string, code: 'DE' | 'EN') =>
  languageSwitch(page, label).getByRole('link', {
    name: languageOptionName(code === 'DE' ? 'de' : 'en'),
    exact: true,
  });

test.describe('the browser language decides the first language', () => {
  const cases = [
    { locale: 'de-DE', lang: 'de', tagline: 'IT Beratung & Entwicklung', heading: 'Beratung' },
    { locale: 'en-US', lang: 'en', tagline: 'IT Consulting & Development', heading: 'Consulting' },
    { locale: 'de-AT', lang: 'de', tagline: 'IT Beratung & Entwicklung', heading: 'Beratung' },
    { locale: 'fr-FR', lang: 'de', tagline: 'IT Beratung & Entwicklung', heading: 'Beratung' },
  ] as const;

  for (const { locale, lang, tagline, heading } of cases) {
    test.describe(locale, () => {
      test.use({ locale });

      test(`a browser set to ${locale} sees the site in ${lang}`, async ({ page }) => {
        await page.goto('./#/home');
        expect(await page.evaluate(() => navigator.language)).toBe(locale);
        await expect(page.getByRole('banner')).toContainText(tagline);
        await expect(
          page.getByRole('heading', { level: 2, name: heading, exact: true }),
        ).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expectHomeIn(page, lang === 'de' ? de : en, lang);
      });
    });
  }

  test.describe('a French browser that also accepts English', () => {
    test.use({ locale: 'fr-FR' });

    test('sees English, the first language of its list that the site speaks', async ({ page }) => {
      await page.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'languages', {
          configurable: true,
          get: () => Object.freeze(['fr-FR', 'en-GB']),
        });
      });
      await page.goto('./#/home');
      expect(await page.evaluate(() => [...navigator.languages])).toEqual(['fr-FR', 'en-GB']);
      await expect(page.getByRole('banner')).toContainText('IT Consulting & Development');
      await expect(page.getByRole('heading', { level: 2, name: 'Consulting' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });

  test.describe('a stored choice', () => {
    test.use({ locale: 'en-US' });

    test('wins over the browser language', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('language', 'de'));
      await page.goto('./#/home');
      await expectHomeIn(page, de, 'de');
    });
  });
});

test.describe('the DE/EN switch', () => {
  test('is on every page, the active language pressed', async ({ page }) => {
    for (const route of ROUTES) {
      await page.goto(`./#/${route}`);
      await expect(languageSwitch(page, 'Sprache')).toBeVisible();
      // What is seen is the code; the name adds the language's own name (names-and-pause.spec.ts).
      const links = languageSwitch(page, 'Sprache').getByRole('link');
      await expect(links).toHaveCount(2);
      expect([await seenText(links.nth(0)), await seenText(links.nth(1))]).toEqual(['DE', 'EN']);
      await expect(option(page, 'Sprache', 'DE')).toHaveAttribute('aria-current', 'true');
      await expect(option(page, 'Sprache', 'EN')).not.toHaveAttribute('aria-current');
    }
  });

  test.describe('in an English browser', () => {
    test.use({ locale: 'en-US' });

    test('is on every page, labelled in English', async ({ page }) => {
      for (const route of ROUTES) {
        await page.goto(`./#/${route}`);
        await expect(languageSwitch(page, 'Language')).toBeVisible();
        await expect(option(page, 'Language', 'EN')).toHaveAttribute('aria-current', 'true');
        await expect(option(page, 'Language', 'DE')).not.toHaveAttribute('aria-current');
      }
    });
  });

  test('EN switches every text, and the choice survives navigation and reload without a cookie', async ({
    page,
    context,
  }) => {
    await page.goto('./#/home');
    await expectHomeIn(page, de, 'de');

    await option(page, 'Sprache', 'EN').click();
    await expectHomeIn(page, en, 'en');
    await expect(option(page, 'Language', 'EN')).toHaveAttribute('aria-current', 'true');
    await expect(option(page, 'Language', 'DE')).not.toHaveAttribute('aria-current');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

    // To the imprint and back by the site's own links.
    await page
      .getByRole('navigation', { name: text(en, 'footer.navLabel') })
      .getByRole('link', { name: text(en, 'footer.imprint') })
      .click();
    await expect(page).toHaveURL(/#\/imprint$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(en, 'imprint.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('link', { name: text(en, 'close') }).click();
    await expect(page).toHaveURL(/#\/home$/);
    await expectHomeIn(page, en, 'en');

    await page.reload();
    await expectHomeIn(page, en, 'en');
    await expect(option(page, 'Language', 'EN')).toHaveAttribute('aria-current', 'true');

    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).toBe('');

    // And back to German, which is remembered just the same.
    await option(page, 'Language', 'DE').click();
    await expectHomeIn(page, de, 'de');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');
    await page.reload();
    await expectHomeIn(page, de, 'de');
    expect(await context.cookies()).toEqual([]);
  });

  test('switching on a legal page switches that page', async ({ page }) => {
    await page.goto('./#/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutzerklärung');
    await option(page, 'Sprache', 'EN').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    await expect(page.getByRole('link', { name: 'Close' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('document titles', () => {
  const titles = {
    de: {
      home: 'IT Beratung & Entwicklung – Muster IT',
      imprint: 'Impressum – Muster IT',
      privacy: 'Datenschutzerklärung – Muster IT',
    },
    en: {
      home: 'IT Consulting & Development – Muster IT',
      imprint: 'Legal notice – Muster IT',
      privacy: 'Privacy policy – Muster IT',
    },
  } as const;

  test('name the page in German, and in English after switching', async ({ page }) => {
    for (const route of ROUTES) {
      await page.goto(`./#/${route}`);
      await expect(page).toHaveTitle(titles.de[route]);
    }
    // The switch retitles the page at once, without a navigation.
    await option(page, 'Sprache', 'EN').click();
    await expect(page).toHaveTitle(titles.en.privacy);
    for (const route of ROUTES) {
      await page.goto(`./#/${route}`);
      await expect(page).toHaveTitle(titles.en[route]);
    }
  });

  test.describe('in an English browser', () => {
    test.use({ locale: 'en-US' });

    test('are English from the start', async ({ page }) => {
      for (const route of ROUTES) {
        await page.goto(`./#/${route}`);
        await expect(page).toHaveTitle(titles.en[route]);
      }
    });
  });
});
