import { type Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import {
  BROWSER_LANGUAGES,
  ROUTES,
  watchConsoleErrors,
  watchRequests,
} from './support/page-watch.ts';
import { carouselConfig } from '../src/components/carousel/carousel-config.ts';
import { DICTIONARIES as dictionaries, HEADLINE_KEYS, text } from './support/translations.ts';
import { startOver } from './support/start-over.ts';

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

    // One browser context for the three pages, each loaded afresh: what each load requests and
    // reports is judged in its own step, so a failure names the page.
    test('every page: only its own origin, no cookie, no error, no horizontal scroll', async ({
      page,
      context,
      baseURL,
    }) => {
      const origin = new URL(baseURL ?? '').origin;
      const requests = watchRequests(context);
      const errors = watchConsoleErrors(page);

      // The carousel's timers run on Playwright's clock, so its first change is run, not waited for.
      await page.clock.install();
      for (const route of ROUTES) {
        await test.step(`#/${route}: only its own origin, no cookie, no error, no horizontal scroll`, async () => {
          // Each route a first visit, not a change of hash.
          await startOver(page);
          const firstRequest = requests.length;
          const firstError = errors.length;
          await page.setViewportSize({ width: 320, height: 640 });
          await page.goto(`./#/${route}`);
          await expect(page.getByRole('heading', { level: 1 })).toContainText(
            text(dictionaries[lang], HEADLINE_KEYS[route]),
          );
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expectNoHorizontalScroll(page, `on #/${route} at 320 px`);

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
            await expectNoHorizontalScroll(page, `on #/${route} at 320 px while a slide moves in`);
          }

          await page.setViewportSize({ width: 1920, height: 1080 });
          await expectNoHorizontalScroll(page, `on #/${route} at 1920 px`);

          // Let every late request (fonts, images, prefetches) show itself before judging.
          await page.waitForLoadState('networkidle');
          const ownRequests = requests.slice(firstRequest);
          expect(ownRequests.length).toBeGreaterThan(0);
          expect(
            ownRequests.filter((url) => !url.startsWith(`${origin}/`)),
            `requests of #/${route} that leave the origin`,
          ).toEqual([]);
          expect(await context.cookies()).toEqual([]);
          expect(await page.evaluate(() => document.cookie)).toBe('');
          expect(
            errors.slice(firstError),
            `console errors and uncaught exceptions on #/${route}`,
          ).toEqual([]);
        });
      }
    });
  });
}
