import { AxeBuilder } from '@axe-core/playwright';
import { test as plain, type Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { BROWSER_LANGUAGES, ROUTES } from './support/page-watch.ts';
import {
  DICTIONARIES as dictionaries,
  HEADLINE_KEYS,
  text,
  languageOptionName,
} from './support/translations.ts';
import { startOver } from './support/start-over.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's WCAG 2.2 AA findings on the page as it is now, one line per element, for the message. */
async function violationsOf(page: Page): Promise<{ count: number; report: string }> {
  // AxeBuilder evaluates axe's source (half a megabyte) before every run, twice in legacy mode,
  // which cost more than the run itself; the tests run axe several times in one document, so after
  // the first run the source is a no-op and the axe already in the page runs.
  const injected = await page.evaluate(() => 'axe' in window);
  // Legacy mode runs axe in the page (and same-origin frames) alone; the default opens a second page
  // for each run, to gather the results of cross-origin frames, and the site has no frames at all.
  const { violations } = await new AxeBuilder({ page, ...(injected ? { axeSource: ';' } : {}) })
    .withTags(WCAG_TAGS)
    .setLegacyMode()
    .analyze();
  const report = violations
    .map(
      ({ id, impact, help, nodes }) =>
        `${id} (${impact ?? 'unknown'}): ${help}\n` +
        nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
    )
    .join('\n');
  return { count: violations.length, report };
}

const COLOR_SCHEMES = ['light', 'dark'] as const;

// One page load per browser language: the theme follows the emulated colour scheme live (it is CSS
// alone), and the routes are hash routes, so each theme and route is reached without a new load.
for (const { lang, locale } of BROWSER_LANGUAGES) {
  test.describe(`axe in a ${locale} browser`, () => {
    test.use({ locale });

    test(`every route, in both themes, has no WCAG 2.2 AA violations`, async ({ page }) => {
      await page.goto('./#/home');
      for (const colorScheme of COLOR_SCHEMES) {
        await page.emulateMedia({ colorScheme });
        expect(
          await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
          `the page sees the ${colorScheme} colour scheme`,
        ).toBe(colorScheme === 'dark');
        for (const route of ROUTES) {
          await test.step(`#/${route}, ${colorScheme} theme`, async () => {
            await page.goto(`./#/${route}`);
            // Rendered: the headline and the footer are there, in the browser's language.
            await expect(page.getByRole('heading', { level: 1 })).toContainText(
              text(dictionaries[lang], HEADLINE_KEYS[route]),
            );
            await expect(page.getByRole('contentinfo').getByRole('link')).toHaveCount(2);
            await expect(page.locator('html')).toHaveAttribute('lang', lang);

            const { count, report } = await violationsOf(page);
            expect(
              count,
              `axe violations on #/${route} (${lang}, ${colorScheme}):\n${report}`,
            ).toBe(0);
          });
        }
      }
    });
  });
}

test.describe('axe in the states a visit passes through', () => {
  test('a stopped carousel, the language switched in place, a page left and returned to', async ({
    page,
  }) => {
    const de = dictionaries.de;
    await page.goto('./#/home');
    await page
      .locator('#intro')
      .getByRole('button', { name: text(de, 'intro.pause') })
      .click();
    await expect(page.locator('#intro').getByRole('button')).toHaveAccessibleName(
      text(de, 'intro.play'),
    );
    const stopped = await violationsOf(page);
    expect(stopped.count, `stopped carousel:\n${stopped.report}`).toBe(0);

    await page.getByRole('link', { name: languageOptionName('en'), exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const switched = await violationsOf(page);
    expect(switched.count, `switched to English:\n${switched.report}`).toBe(0);

    const en = dictionaries.en;
    await page.getByRole('link', { name: text(en, 'footer.imprint') }).click();
    await page.getByRole('link', { name: text(en, 'close') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    const returned = await violationsOf(page);
    expect(returned.count, `returned home, focus on the heading:\n${returned.report}`).toBe(0);
  });

  // axe is a script, which a context without JavaScript refuses to run. So the document is served
  // as such a browser reads it: without its scripts, and with what <noscript> holds as elements.
  // One load for the three routes: without scripts the hash routes are fragments, which the
  // browser shows (`:target`) and scrolls to without loading the document again.
  plain('without JavaScript, every route as such a browser shows it', async ({ page }) => {
    await page.route(
      (url) => url.pathname === '/',
      async (request) => {
        const response = await request.fetch();
        const body = (await response.text())
          .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
          .replace(/noscript/g, 'no-script');
        await request.fulfill({ response, body });
      },
    );
    for (const route of ROUTES) {
      await plain.step(`./#/${route}`, async () => {
        await page.goto(`./#/${route}`);
        await expect(page.locator('script')).toHaveCount(0);
        if (route !== 'home') {
          await expect(page.locator(`[id="/${route}"] h1`)).toBeInViewport();
        }
        await expect(page.getByRole('button')).toHaveCount(0);
        const { count, report } = await violationsOf(page);
        expect(count, `axe violations on #/${route} without JavaScript:\n${report}`).toBe(0);
      });
    }
  });
});

/** What the focused element is and how its focus shows, as a keyboard user would meet it. */
interface FocusStop {
  name: string;
  tag: string;
  outlineStyle: string;
  outlineWidth: number;
  focusVisible: boolean;
}

async function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const style = getComputedStyle(element);
    const name =
      element.getAttribute('aria-label') ??
      (element.textContent?.trim() || element.getAttribute('title') || '');
    return {
      name,
      tag: element.tagName.toLowerCase(),
      outlineStyle: style.outlineStyle,
      outlineWidth: Number.parseFloat(style.outlineWidth),
      focusVisible: element.matches(':focus-visible'),
    };
  });
}

/** Tabs through the whole page once, from the top, and returns every stop. */
async function tabThrough(page: Page): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let presses = 0; presses < 50; presses += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    // Past the last element, focus leaves the document (or wraps around to the first stop).
    if (stop === null || (stops.length > 0 && stop.name === stops[0]?.name && stop.tag === 'a')) {
      break;
    }
    stops.push(stop);
  }
  return stops;
}

for (const { lang, locale } of BROWSER_LANGUAGES) {
  test.describe(`keyboard in a ${locale} browser`, () => {
    test.use({ locale });
    const texts = dictionaries[lang];
    const t = (key: string) => text(texts, key);

    // One test for the keyboard on the three routes, each Tab walk from a first visit in the same
    // page (`startOver`): after a hash navigation the app moves focus to the new page's heading, so
    // the next Tab would start there and not at the top.
    test('the skip link moves focus to the content, and every element reached by Tab on every route shows a focus outline', async ({
      page,
    }) => {
      await test.step('#/home: the first Tab reaches the skip link, which moves focus to the content', async () => {
        await page.goto('./#/home');
        await expect(page.locator('#consulting')).toBeVisible();

        await page.keyboard.press('Tab');
        const skip = page.getByRole('link', { name: t('header.skipLink') });
        await expect(skip).toBeFocused();
        await expect(skip).toHaveText(t('header.skipLink'));
        await expect(skip).toBeInViewport();

        await page.keyboard.press('Enter');
        await expect(page.locator('main')).toBeFocused();
        // The route stays where it was: the skip link is no hash route.
        await expect(page).toHaveURL(/#\/home$/);
        // The next Tab continues inside the content, past the header.
        await page.keyboard.press('Tab');
        await expect(page.locator('main :focus')).toHaveCount(1);
        await expect(page.getByRole('banner').locator(':focus')).toHaveCount(0);
      });

      for (const route of ROUTES) {
        let firstStop: string | undefined;
        await test.step(`#/${route}: every element reached by Tab shows a focus outline`, async () => {
          await startOver(page);
          await page.goto(`./#/${route}`);
          await expect(
            page.getByRole('heading', { level: 1 }),
            `#/${route}: the headline`,
          ).toContainText(t(HEADLINE_KEYS[route]));

          const stops = await tabThrough(page);
          const names = stops.map((stop) => stop.name);
          firstStop = names[0];
          // The ones a visitor uses most are among them: header links, switch, footer links.
          expect(names, `#/${route}: the elements reached by Tab`).toEqual(
            expect.arrayContaining([
              t('header.skipLink'),
              t('nav.consulting'),
              t('nav.contact'),
              languageOptionName('de'),
              languageOptionName('en'),
              t('footer.imprint'),
              t('footer.privacy'),
              ...(route === 'home' ? [] : [t('close')]),
            ]),
          );
          const withoutRing = stops.filter(
            (stop) => !stop.focusVisible || stop.outlineStyle === 'none' || stop.outlineWidth <= 0,
          );
          expect(
            withoutRing,
            `#/${route}: focused by keyboard, but without a visible outline`,
          ).toEqual([]);
        });
        if (route === 'home') continue;
        await test.step(`#/${route}: the skip link moves focus to the content`, async () => {
          // The first Tab of the arrival above reached the skip link; the Tabs after it went on
          // through the page, so focus is put back on the skip link directly.
          expect(firstStop, `#/${route}: the first Tab`).toBe(t('header.skipLink'));
          await page.getByRole('link', { name: t('header.skipLink') }).focus();
          await page.keyboard.press('Enter');
          await expect(page.locator('main'), `#/${route}: the skip link's target`).toBeFocused();
          await page.keyboard.press('Tab');
          await expect(
            page.getByRole('link', { name: t('close') }),
            `#/${route}: the first Tab in the content`,
          ).toBeFocused();
        });
      }
    });
  });
}
