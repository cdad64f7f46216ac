import { expect, test, type Page } from '@playwright/test';
import { BROWSER_LANGUAGES, LEGAL_ROUTES, ROUTES, type RouteName } from './support/page-watch.ts';
import { business } from '../src/content/business.ts';
import {
  DICTIONARIES as dictionaries,
  languageOptionName,
  text,
  type Language,
} from './support/translations.ts';
import { READS_CONTENT } from './support/fixtures.ts';
import { startOver } from './support/start-over.ts';

/** The headline a visitor sees first on each page. */
function headline(page: Page, route: RouteName, language: Language) {
  return route === 'home'
    ? page
        .locator('#consulting')
        .getByRole('heading', { level: 2, name: consultingTitle(language) })
    : page.getByRole('heading', { level: 1, name: text(dictionaries[language], `${route}.title`) });
}

const consultingTitle = (language: Language) => text(dictionaries[language], 'consulting.title');

/** Keeps the app's JavaScript from ever arriving: what the visitor sees before it runs. */
const withoutAppScript = (page: Page) => page.route('**/assets/*.js', (route) => route.abort());

declare global {
  interface Window {
    __layoutShifts: string[];
    __prerenderedHeading?: Element | null;
  }
}

test.describe('before the JavaScript arrives', () => {
  for (const { lang, locale } of BROWSER_LANGUAGES) {
    test.describe(`a ${locale} browser`, () => {
      test.use({ locale });

      test('sees each page in its language, and only that page', async ({ page }) => {
        await withoutAppScript(page);
        for (const route of ROUTES) {
          await test.step(`#/${route}`, async () => {
            await startOver(page);
            await page.goto(`./#/${route}`);
            await expect(headline(page, route, lang)).toBeVisible();
            await expect(page.locator('html')).toHaveAttribute('lang', lang);
            await expect(page.getByRole('main')).toHaveCount(1);
            await expect(page.getByRole('banner')).toHaveCount(1);
            const other = lang === 'de' ? 'en' : 'de';
            await expect(
              page.getByText(consultingTitle(other), { exact: true }).filter({ visible: true }),
            ).toHaveCount(0);
            const title = text(dictionaries[lang], `titles.${route}`);
            await expect(page).toHaveTitle(
              new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
            );
          });
        }
      });
    });
  }

  test.describe('an en-US browser asking the root for a legal page', () => {
    test.use({ locale: 'en-US' });

    for (const route of LEGAL_ROUTES) {
      test(`is sent to en/#/${route}, which has it`, async ({ page }) => {
        await withoutAppScript(page);
        await page.goto(`./#/${route}`);
        await expect(headline(page, route, 'en')).toBeVisible();
        expect(new URL(page.url()).pathname).toMatch(/\/en\/$/);
        expect(new URL(page.url()).hash).toBe(`#/${route}`);
      });
    }

    test('is sent there from a changed address too, which Back leaves', async ({ page }) => {
      await withoutAppScript(page);
      await page.goto('./#/home');
      await page.evaluate(() => (location.hash = '#/privacy'));
      await expect(headline(page, 'privacy', 'en')).toBeVisible();
      expect(new URL(page.url()).pathname).toMatch(/\/en\/$/);
      // The root's address was replaced, not added: Back leads to where the visitor was.
      await page.goBack();
      await expect(headline(page, 'home', 'en')).toBeVisible();
      expect(new URL(page.url()).pathname).not.toMatch(/\/en\/$/);
    });
  });

  test('a stored choice of English wins over a German browser', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await withoutAppScript(page);
    await page.goto('./#/privacy');
    await expect(headline(page, 'privacy', 'en')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('an unknown path shows the home page, and the empty path becomes #/home', async ({
    page,
  }) => {
    await withoutAppScript(page);
    await page.goto('./#/no-such-page');
    await expect(headline(page, 'home', 'de')).toBeVisible();
    await page.goto('./');
    await expect(headline(page, 'home', 'de')).toBeVisible();
    expect(new URL(page.url()).hash).toBe('#/home');
  });
});

test.describe('without JavaScript at all', () => {
  test.use({ javaScriptEnabled: false });

  test('the German home page is there to read', READS_CONTENT, async ({ page }) => {
    await page.goto('./');
    await expect(headline(page, 'home', 'de')).toBeVisible();
    // The root's other pages are in the HTML too, as inert templates: one page is shown.
    await expect(page.locator('#contact:visible')).toContainText(business.owner);
    await expect(page.getByRole('main')).toHaveCount(1);
  });
});

test.describe('when the app takes over', () => {
  test('it keeps the prerendered page instead of drawing it again', async ({ page }) => {
    let release: (() => void) | undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('./#/home', { waitUntil: 'commit' });
    await expect(headline(page, 'home', 'de')).toBeVisible();
    await page.evaluate(() => {
      window.__prerenderedHeading = document.querySelector('#consulting h2');
    });
    release?.();

    // Once the app's listeners are live, the language switch is the app's; the heading it changes
    // must be the very node the HTML brought.
    await expect(page.locator('[data-view]')).toHaveCount(0);
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await page.getByRole('link', { name: languageOptionName('en'), exact: true }).click();
    await expect(headline(page, 'home', 'en')).toBeVisible();
    expect(
      await page.evaluate(
        () =>
          window.__prerenderedHeading?.isConnected === true &&
          window.__prerenderedHeading.textContent,
      ),
    ).toBe(consultingTitle('en'));
  });

  for (const { lang, locale } of BROWSER_LANGUAGES) {
    test.describe(`in a ${locale} browser`, () => {
      test.use({ locale });

      for (const route of ROUTES) {
        test(
          `#/${route}: nothing moves, nothing is fetched twice, React has nothing to repair`,
          READS_CONTENT,
          async ({ page }) => {
            const complaints: string[] = [];
            page.on('console', (message) => {
              if (['warning', 'error'].includes(message.type())) complaints.push(message.text());
            });
            const dictionaryRequests: string[] = [];
            page.on('request', (request) => {
              if (request.url().includes('/assets/i18n/')) dictionaryRequests.push(request.url());
            });
            await page.addInitScript(() => {
              // Each shift with what moved, so that a failure says where to look.
              window.__layoutShifts = [];
              type Shift = PerformanceEntry & { value: number; sources: { node?: Node }[] };
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as Shift[]) {
                  const moved = entry.sources.map((source) =>
                    source.node instanceof Element
                      ? source.node.outerHTML.slice(0, 120)
                      : String(source.node?.nodeName),
                  );
                  window.__layoutShifts.push(`${entry.value} at ${entry.startTime}: ${moved}`);
                }
              }).observe({ type: 'layout-shift', buffered: true });
            });

            // The carousel's timer runs on Playwright's clock, so its first change comes on cue.
            await page.clock.install();
            await page.goto(`./#/${route}`);
            await expect(headline(page, route, lang)).toBeVisible();
            // The app runs once the switch answers; on the home page, let a slide change too.
            await expect(
              page.getByRole('link', { name: languageOptionName(lang), exact: true }),
            ).toHaveAttribute('aria-current', 'true');
            await expect(page.locator('[data-view]')).toHaveCount(0);
            // Taken over: hydration waits for the translation files, and the clock below must not
            // run their time-out while they are on their way.
            await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
            if (route === 'home') {
              const second = text(dictionaries[lang], 'carousel.1');
              await page.clock.runFor(3000);
              await expect(page.getByText(second)).toBeVisible();
            }

            expect(await page.evaluate(() => window.__layoutShifts)).toEqual([]);
            const expected = lang === 'de' ? ['de'] : ['en', 'de'];
            expect(
              dictionaryRequests
                .map((url) => url.replace(/.*\/i18n\/(\w+)\.json$/, '$1'))
                .toSorted(),
            ).toEqual(expected.toSorted());
            expect(complaints).toEqual([]);
          },
        );
      }
    });
  }
});
