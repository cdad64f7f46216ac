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

/**
 * Holds every request for `url` (a preload and a later fetch of the same file are both held) until
 * `release()`: the phase of the start that waits for this answer lasts, for certain, until the test
 * has acted. `requested` settles when the first request arrives.
 */
async function holdAnswers(page: Page, url: string) {
  let arrived!: () => void;
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    arrived();
    await released;
    await route.continue();
  });
  return { requested, release };
}

/**
 * Goes to the imprint as a typed or bookmarked address would; returns whether the app had begun to
 * take the page over then (`started`), and whether it had finished (`interactive`).
 */
const changeToImprint = (page: Page) =>
  page.evaluate(() => {
    location.hash = '#/imprint';
    return {
      started: document.documentElement.hasAttribute('data-app-started'),
      interactive: document.documentElement.hasAttribute('data-interactive'),
    };
  });

/**
 * Installed before the page's scripts: changes the address to the imprint in the very microtask
 * after the app sets `attribute` on `<html>` (synchronously, so nothing of the app runs between),
 * and keeps the start's state at that moment in `window.changedAt`. The observer watches the
 * document, since `<html>` may not exist yet when this runs.
 */
function changeAddressWhenMarked(attribute: string) {
  const observer = new MutationObserver(() => {
    const html = document.documentElement;
    if (!html.hasAttribute(attribute)) return;
    observer.disconnect();
    location.hash = '#/imprint';
    Object.assign(window, {
      changedAt: {
        started: html.hasAttribute('data-app-started'),
        interactive: html.hasAttribute('data-interactive'),
      },
    });
  });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: [attribute] });
}

const de = dictionaries.de;
const imprintHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: text(de, 'imprint.title') });

/**
 * Once the app has taken over: the imprint shows, once, with focus on its heading and its title in
 * the tab, and the app follows the next address too (it listens).
 */
async function expectImprintFollowed(page: Page) {
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await expect(page).toHaveURL(/#\/imprint$/);
  await expect(imprintHeading(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(imprintHeading(page)).toBeFocused();
  await expect(page).toHaveTitle(pageTitle('de', 'imprint'));
  await page.evaluate(() => {
    location.hash = '#/privacy';
  });
  await expect(
    page.getByRole('heading', { level: 1, name: text(de, 'privacy.title') }),
  ).toBeFocused();
}

// The address changes in each phase of the start, each reached for certain by an event rather than
// after some time: before the app's script has arrived (the boot script answers), once the app has
// begun but hydration waits for the translation files, in the task the app marks its start or its
// end in, and after. Whatever the phase, the imprint is what shows at the end.
test.describe('an address changed while the app starts is followed', () => {
  test("before the app's script has arrived", async ({ page }) => {
    const script = await holdAnswers(page, '**/assets/index-*.js');
    await page.goto('./#/home', { waitUntil: 'commit' });
    await script.requested;
    expect(await changeToImprint(page)).toEqual({ started: false, interactive: false });
    script.release();
    await expectImprintFollowed(page);
  });

  test('while hydration waits for the translation files', async ({ page }) => {
    const translations = await holdAnswers(page, '**/assets/i18n/*.json');
    await page.goto('./#/home', { waitUntil: 'commit' });
    await page.locator('html[data-app-started]').waitFor({ state: 'attached' });
    // The file is held, so the app cannot have finished: the change falls into its start.
    expect(await changeToImprint(page)).toEqual({ started: true, interactive: false });
    translations.release();
    await expectImprintFollowed(page);
  });

  for (const [attribute, phase] of [
    ['data-app-started', { started: true, interactive: false }],
    ['data-interactive', { started: true, interactive: true }],
  ] as const) {
    test(`in the task the app sets ${attribute} in`, async ({ page }) => {
      await page.addInitScript(changeAddressWhenMarked, attribute);
      await page.goto('./#/home', { waitUntil: 'commit' });
      await expectImprintFollowed(page);
      expect(
        await page.evaluate(() => (window as unknown as { changedAt: unknown }).changedAt),
      ).toEqual(phase);
    });
  }

  test('after the app has taken over', async ({ page }) => {
    await page.goto('./#/home');
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    expect(await changeToImprint(page)).toEqual({ started: true, interactive: true });
    await expectImprintFollowed(page);
  });
});

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
