import { type Page } from '@playwright/test';
import { test, expect, READS_CONTENT } from './support/fixtures.ts';
import {
  BROWSER_LANGUAGES,
  ROUTES,
  watchConsoleErrors,
  watchRequests,
} from './support/page-watch.ts';
import { business, legalName } from '../src/content/business.ts';
import { carouselConfig } from '../src/components/carousel/carousel-config.ts';
import {
  DICTIONARIES as dictionaries,
  HEADLINE_KEYS,
  languageOptionName,
  text,
  textsOf,
} from './support/translations.ts';

/**
 * Asserts (softly, so the other checks still run) that the page does not scroll sideways, naming
 * the elements that stick out past the right edge when it does.
 */
async function expectNoHorizontalScroll(page: Page, when: string) {
  const { overflow, culprits } = await page.evaluate(() => {
    const root = document.documentElement;
    const edge = root.clientWidth;
    return {
      overflow: root.scrollWidth - root.clientWidth,
      culprits: [...document.body.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().right > edge + 0.5)
        .slice(0, 5)
        .map((element) => {
          const right = Math.round(element.getBoundingClientRect().right);
          const content = (element.textContent ?? '').trim().slice(0, 30);
          return `<${element.tagName.toLowerCase()}> "${content}" ends at ${right}px`;
        }),
    };
  });
  expect
    .soft(overflow, `horizontal scroll ${when}; sticking out: ${culprits.join(', ')}`)
    .toBeLessThanOrEqual(0);
}

for (const { lang, locale } of BROWSER_LANGUAGES) {
  test.describe(`hygiene in a ${locale} browser`, () => {
    test.use({ locale });

    for (const route of ROUTES) {
      test(`#/${route}: only its own origin, no cookie, no error, no horizontal scroll`, async ({
        page,
        context,
        baseURL,
      }) => {
        const origin = new URL(baseURL ?? '').origin;
        const requests = watchRequests(context);
        const errors = watchConsoleErrors(page);

        // The carousel's timers run on Playwright's clock, so its first change is run, not waited for.
        await page.clock.install();
        await page.setViewportSize({ width: 320, height: 640 });
        await page.goto(`./#/${route}`);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(
          text(dictionaries[lang], HEADLINE_KEYS[route]),
        );
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expectNoHorizontalScroll(page, 'at 320 px');

        if (route === 'home') {
          // The carousel moves its slides sideways; even mid-slide the page must not get wider.
          // (The app has taken over, the translation files are in: the clock may run.)
          await page.clock.runFor(carouselConfig.autoplayMs);
          await expect(
            page.locator('#intro [aria-roledescription="slide"]:not([inert])'),
          ).toHaveAttribute(
            'aria-label',
            text(dictionaries[lang], 'intro.slide')
              .replace('{current}', '2')
              .replace('{total}', '5'),
          );
          await expectNoHorizontalScroll(page, 'at 320 px while a slide moves in');
        }

        await page.setViewportSize({ width: 1920, height: 1080 });
        await expectNoHorizontalScroll(page, 'at 1920 px');

        // Let every late request (fonts, images, prefetches) show itself before judging.
        await page.waitForLoadState('networkidle');
        expect(requests.length).toBeGreaterThan(0);
        expect(
          requests.filter((url) => !url.startsWith(`${origin}/`)),
          'requests that leave the origin',
        ).toEqual([]);
        expect(await context.cookies()).toEqual([]);
        expect(await page.evaluate(() => document.cookie)).toBe('');
        expect(errors, 'console errors and uncaught exceptions').toEqual([]);
      });
    }
  });
}

for (const { lang, locale } of BROWSER_LANGUAGES) {
  test.describe(`legal pages in a ${locale} browser`, () => {
    test.use({ locale });

    test('the privacy statement has all its sections', READS_CONTENT, async ({ page }) => {
      const t = textsOf(lang);
      await page.goto('./#/privacy');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('privacy.title'));
      const article = page.getByRole('article');
      // (What the sections must say is held by src/pages/privacy/privacy-texts.test.ts.)
      const region = (key: string) => article.getByRole('region', { name: t(`${key}.title`) });

      await expect(region('privacy.duty').getByRole('paragraph')).toHaveText(
        t('privacy.duty.text'),
      );
      await expect(region('privacy.contact')).toContainText(t('privacy.contact.text'));
      const email = business.email;
      await expect(region('privacy.rights')).toContainText(t('privacy.rights.text', { email }));
      await expect(region('privacy.rights')).toContainText(t('privacy.rights.complaint'));
      await expect(region('privacy.storage')).toContainText(t('privacy.storage.text'));

      // The controller's address, so the visitor knows whom to ask.
      await expect(article).toContainText(legalName);
      await expect(article).toContainText(business.email);

      const close = page.getByRole('link', { name: t('close') });
      await expect(close).toHaveAttribute('href', '#/home');
    });

    test('names one item per entry the site keeps in the browser, after using everything that keeps one', async ({
      page,
    }) => {
      await page.goto('./#/home');
      // Pause the carousel, switch the language twice, and leave a page: each keeps an entry.
      await page.locator('#intro button').click();
      for (const target of ['en', 'de', lang] as const) {
        await page.getByRole('link', { name: languageOptionName(target), exact: true }).click();
      }
      await page.locator('footer a[href="#/privacy"]').click();
      const keys = await page.evaluate(() => [
        ...Object.keys(localStorage),
        ...Object.keys(sessionStorage),
      ]);
      // The language choice's expiry is kept beside it, and its item names it ("with the date it
      // expires"): one item for the two.
      const entries = keys.filter(
        (key) => !(key.endsWith('-expires') && keys.includes(key.slice(0, -'-expires'.length))),
      );
      expect(keys).toContain('language-expires');
      expect(entries.length).toBeGreaterThanOrEqual(3);
      const storage = page
        .getByRole('article')
        .getByRole('region', { name: textsOf(lang)('privacy.storage.title') });
      await expect(storage.getByRole('listitem')).toHaveCount(entries.length);
    });

    test(
      'the imprint names the legal entity, and its close link leads home',
      READS_CONTENT,
      async ({ page }) => {
        const t = textsOf(lang);
        await page.goto('./#/imprint');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('imprint.title'));
        const article = page.getByRole('article');
        const address = article.locator('address');
        await expect(address).toContainText(legalName);
        await expect(address).toContainText(business.street);
        await expect(address).toContainText(`${business.postalCode} ${business.town}`);
        await expect(article).toContainText(business.vatId);
        await expect(article.locator('dt', { hasText: t('imprint.registerCourt') })).toBeVisible();
        await expect(
          article.locator('dt', { hasText: t('imprint.registerCourt') }).locator('+ dd'),
        ).toHaveText(business.registerCourt);
        await expect(
          article.locator('dt', { hasText: t('imprint.registerNumber') }).locator('+ dd'),
        ).toHaveText(business.registerNumber);

        const image = article.locator('img');
        await expect(image).toHaveCount(1);
        await expect(image).toHaveAttribute('alt', '');
        await expect(image).toHaveAttribute('width', /^\d+$/);
        await expect(image).toHaveAttribute('height', /^\d+$/);
        await expect(image).toBeVisible();
        await expect
          .poll(() =>
            image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
          )
          .toBeGreaterThan(0);

        const close = page.getByRole('link', { name: t('close') });
        await expect(close).toHaveAttribute('href', '#/home');
        await close.click();
        await expect(page).toHaveURL(/#\/home$/);
        await expect(page.locator('#consulting').getByRole('heading', { level: 2 })).toHaveText(
          t('consulting.title'),
        );
      },
    );
  });
}
