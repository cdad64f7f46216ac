import { type Page } from '@playwright/test';
import { test, expect, READS_CONTENT } from './support/fixtures.ts';
import { ROUTES, seenText } from './support/page-watch.ts';
import {
  DICTIONARIES,
  expectHomeIn,
  pageTitle,
  languageOptionName,
  text,
  textsOf,
  type Language,
} from './support/translations.ts';

const { de, en } = DICTIONARIES;

/** The language switch of a page in `shown`. */
const languageSwitch = (page: Page, shown: Language) =>
  page.getByRole('navigation', { name: textsOf(shown)('language.label') });
/** Its link to `target`, on a page in `shown`. */
const option = (page: Page, shown: Language, target: Language) =>
  languageSwitch(page, shown).getByRole('link', { name: languageOptionName(target), exact: true });

test.describe('the browser language decides the first language', () => {
  const cases = [
    { locale: 'de-DE', lang: 'de' },
    { locale: 'en-US', lang: 'en' },
    { locale: 'de-AT', lang: 'de' },
    { locale: 'fr-FR', lang: 'de' },
  ] as const;

  for (const { locale, lang } of cases) {
    const t = textsOf(lang);
    test.describe(locale, () => {
      test.use({ locale });

      test(
        `a browser set to ${locale} sees the site in ${lang}`,
        READS_CONTENT,
        async ({ page }) => {
          await page.goto('./#/home');
          expect(await page.evaluate(() => navigator.language)).toBe(locale);
          await expect(page.getByRole('banner')).toContainText(t('header.tagline'));
          await expect(
            page.getByRole('heading', { level: 2, name: t('consulting.title'), exact: true }),
          ).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expectHomeIn(page, lang === 'de' ? de : en, lang);
        },
      );
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
      await expect(page.getByRole('banner')).toContainText(text(en, 'header.tagline'));
      await expect(
        page.getByRole('heading', { level: 2, name: text(en, 'consulting.title'), exact: true }),
      ).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });

  test.describe('a stored choice', () => {
    test.use({ locale: 'en-US' });

    test('wins over the browser language', READS_CONTENT, async ({ page }) => {
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
      await expect(languageSwitch(page, 'de')).toBeVisible();
      // What is seen is the code; the name adds the language's own name (names-and-pause.spec.ts).
      const links = languageSwitch(page, 'de').getByRole('link');
      await expect(links).toHaveCount(2);
      expect([await seenText(links.nth(0)), await seenText(links.nth(1))]).toEqual([
        textsOf('de')('language.de'),
        textsOf('de')('language.en'),
      ]);
      await expect(option(page, 'de', 'de')).toHaveAttribute('aria-current', 'true');
      await expect(option(page, 'de', 'en')).not.toHaveAttribute('aria-current');
    }
  });

  test.describe('in an English browser', () => {
    test.use({ locale: 'en-US' });

    test('is on every page, labelled in English', async ({ page }) => {
      for (const route of ROUTES) {
        await page.goto(`./#/${route}`);
        await expect(languageSwitch(page, 'en')).toBeVisible();
        await expect(option(page, 'en', 'en')).toHaveAttribute('aria-current', 'true');
        await expect(option(page, 'en', 'de')).not.toHaveAttribute('aria-current');
      }
    });
  });

  test('the choice holds for twelve months, then the browser language decides again', async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date('2031-02-03T10:00:00Z'));
    await page.goto('./#/home');
    await option(page, 'de', 'en').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.clock.setFixedTime(new Date('2032-02-01T10:00:00Z'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // A year and a day after the choice (2032 is a leap year): gone, and the de-DE browser decides.
    await page.clock.setFixedTime(new Date('2032-02-04T10:00:00Z'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  });

  test(
    'EN switches every text, and the choice survives navigation and reload without a cookie',
    READS_CONTENT,
    async ({ page, context }) => {
      await page.goto('./#/home');
      await expectHomeIn(page, de, 'de');

      await option(page, 'de', 'en').click();
      await expectHomeIn(page, en, 'en');
      await expect(option(page, 'en', 'en')).toHaveAttribute('aria-current', 'true');
      await expect(option(page, 'en', 'de')).not.toHaveAttribute('aria-current');
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
      await expect(option(page, 'en', 'en')).toHaveAttribute('aria-current', 'true');

      expect(await context.cookies()).toEqual([]);
      expect(await page.evaluate(() => document.cookie)).toBe('');

      // And back to German, which is remembered just the same.
      await option(page, 'en', 'de').click();
      await expectHomeIn(page, de, 'de');
      expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');
      await page.reload();
      await expectHomeIn(page, de, 'de');
      expect(await context.cookies()).toEqual([]);
    },
  );

  test('switching on a legal page switches that page', async ({ page }) => {
    await page.goto('./#/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(de, 'privacy.title'));
    await option(page, 'de', 'en').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(en, 'privacy.title'));
    await expect(page.getByRole('link', { name: text(en, 'close') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('document titles', () => {
  test(
    'name the page in German, and in English after switching',
    READS_CONTENT,
    async ({ page }) => {
      for (const route of ROUTES) {
        await page.goto(`./#/${route}`);
        await expect(page).toHaveTitle(pageTitle('de', route));
      }
      // The switch retitles the page at once, without a navigation.
      await option(page, 'de', 'en').click();
      await expect(page).toHaveTitle(pageTitle('en', 'privacy'));
      for (const route of ROUTES) {
        await page.goto(`./#/${route}`);
        await expect(page).toHaveTitle(pageTitle('en', route));
      }
    },
  );

  test.describe('in an English browser', () => {
    test.use({ locale: 'en-US' });

    test('are English from the start', READS_CONTENT, async ({ page }) => {
      for (const route of ROUTES) {
        await page.goto(`./#/${route}`);
        await expect(page).toHaveTitle(pageTitle('en', route));
      }
    });
  });
});
