import { expect, test, type Page } from '@playwright/test';
import { business } from '../src/content/business.ts';
import { DICTIONARIES as dictionaries, pageTitle, text } from './support/translations.ts';

/**
 * How the app takes the built page over (issue 29): React 19 is what runs, an address changed at
 * any moment of the start is followed, and a start that fails is logged with the page still there.
 */

test.use({ locale: 'de-DE' });

/**
 * A stand-in for React DevTools' global hook, installed before the page's scripts: React announces
 * each renderer it starts to it (`inject`), with its version and package name.
 */
function watchRenderers() {
  const seen: { version: string; rendererPackageName: string }[] = [];
  Object.assign(window, { seenRenderers: seen });
  Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
    value: {
      supportsFiber: true,
      renderers: new Map(),
      inject(renderer: { version: string; rendererPackageName: string }) {
        seen.push({ version: renderer.version, rendererPackageName: renderer.rendererPackageName });
        return seen.length;
      },
      checkDCE() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      onScheduleFiberRoot() {},
    },
  });
}

for (const path of ['./', './de/', './en/']) {
  test(`the browser runs React 19's own renderer on ${path}`, async ({ page }) => {
    await page.addInitScript(watchRenderers);
    await page.goto(`${path}#/home`);
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    const renderers = await page.evaluate(
      () => (window as unknown as { seenRenderers: unknown[] }).seenRenderers,
    );
    expect(renderers).toEqual([
      { version: expect.stringMatching(/^19\./), rendererPackageName: 'react-dom' },
    ]);
  });
}

/** Holds the app's script back for `ms` (a slow connection), or not at all. */
async function delayAppScript(page: Page, ms: number) {
  if (ms === 0) return;
  await page.route('**/assets/index-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

const de = dictionaries.de;
const imprintHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: text(de, 'imprint.title') });

// The address changes at many moments of the start: before the app's script has arrived (the boot
// script answers), while it is evaluated, while it hydrates, and after. Whenever it happens, the
// imprint is what shows at the end, once, with focus on its heading and its title in the tab.
for (const scriptDelay of [0, 600]) {
  test.describe(`an address changed while the app starts (script ${scriptDelay ? `held ${scriptDelay} ms` : 'at once'})`, () => {
    for (const moments of [
      [0, 100, 200, 300],
      [400, 500, 600, 700],
      [800, 900, 1000, 1100],
      [1200, 1300, 1400, 1500],
    ]) {
      test(`is followed, changed ${moments.join(', ')} ms after the load began`, async ({
        page,
      }) => {
        await delayAppScript(page, scriptDelay);
        for (const moment of moments) {
          await page.goto('about:blank');
          await page.goto('./#/home', { waitUntil: 'commit' });
          await page.waitForTimeout(moment);
          await page.evaluate(() => {
            location.hash = '#/imprint';
          });
          await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
          await expect(page, `changed at ${moment} ms`).toHaveURL(/#\/imprint$/);
          await expect(imprintHeading(page), `changed at ${moment} ms`).toBeVisible();
          await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
          await expect(imprintHeading(page), `changed at ${moment} ms`).toBeFocused();
          await expect(page).toHaveTitle(pageTitle('de', 'imprint'));
          // The next address is followed too: the app listens.
          await page.evaluate(() => {
            location.hash = '#/privacy';
          });
          await expect(
            page.getByRole('heading', { level: 1, name: text(de, 'privacy.title') }),
          ).toBeFocused();
        }
      });
    }
  });
}

test('a first render that throws is logged to the console, and the page stays readable', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The imprint lists its managing directors with Intl.ListFormat while it renders: broken here,
  // after the page has painted, so that only the app's first render meets it.
  await page.addInitScript({
    content: `document.addEventListener('DOMContentLoaded', () => {
      Object.defineProperty(Intl, 'ListFormat', {
        value: function () { throw new Error('Intl.ListFormat broken by the test'); },
      });
    });`,
  });
  await page.goto('./#/imprint');
  await page.locator('html[data-app-started]').waitFor({ state: 'attached' });
  await expect.poll(() => errors.join('\n')).toContain('The website failed to start:');
  expect(errors.join('\n')).toContain('Intl.ListFormat broken by the test');
  await expect(imprintHeading(page)).toBeVisible();
  await expect(page.getByText(business.registerNumber)).toBeVisible();
});
