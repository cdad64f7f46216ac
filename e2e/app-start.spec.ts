import { expect, test, type Page } from '@playwright/test';
import { business } from '../src/content/business.ts';
import type { Business } from '../src/content/business-schema.ts';
import {
  DICTIONARIES as dictionaries,
  pageTitle,
  text,
  type Language,
} from './support/translations.ts';
import { READS_CONTENT } from './support/fixtures.ts';
import { COMPILE_HINT } from '../site-build/compile-hint.ts';

/**
 * How the app takes the built page over (issue 29): React 19 is what runs, an address changed in
 * any phase of the start is followed, and a start that fails is logged with the page still there.
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
 * Installed before the page's scripts: changes the address to the imprint in the same task as the
 * app sets `attribute` on `<html>` (a mutation observer's callback is a microtask of that task), so
 * none of the app's later tasks runs before the change (at `data-app-started`, hydration has not
 * begun and nothing listens to the history through React yet). Keeps the start's state at that
 * moment in `window.changedAt`. It watches the whole document: `<html>` does not exist yet when
 * init scripts run.
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

const imprintHeading = (page: Page, language: Language) =>
  page.getByRole('heading', { level: 1, name: text(dictionaries[language], 'imprint.title') });

/**
 * Opens the home page of the document at `path` (`./`, `./de/`, `./en/`) with React's renderers
 * watched; returns as soon as the document has begun to load. Each test reaches its phase by an
 * event it waits for after this, not by the moment this returns.
 */
async function openHome(page: Page, path: string) {
  await page.addInitScript(watchRenderers);
  await page.goto(`${path}#/home`, { waitUntil: 'commit' });
}

/**
 * Once the app has taken over: React 19's own renderer runs it (one renderer, `react-dom`); the
 * imprint shows, once, with focus on its heading and its title in the tab; and the app follows
 * the next address too (it listens).
 */
async function expectImprintFollowed(page: Page, language: Language) {
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  const renderers = await page.evaluate(
    () => (window as unknown as { seenRenderers: unknown[] }).seenRenderers,
  );
  expect(renderers, "React 19's own renderer").toEqual([
    { version: expect.stringMatching(/^19\./), rendererPackageName: 'react-dom' },
  ]);
  await expect(page).toHaveURL(/#\/imprint$/);
  await expect(imprintHeading(page, language)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(imprintHeading(page, language)).toBeFocused();
  await expect(page).toHaveTitle(pageTitle(language, 'imprint'));
  await page.evaluate(() => {
    location.hash = '#/privacy';
  });
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: text(dictionaries[language], 'privacy.title'),
    }),
  ).toBeFocused();
}

// On each of the three documents (the root, which is German here, and each language's address)
// React 19 takes the page over, and follows an address changed in a phase of the start. Each
// phase is reached for certain by an event rather than after some time: before the app's script
// has arrived (the boot script answers), once the app has begun but hydration waits for the
// translation files, in the same task as the app marks its start or its end, and after. Whatever the
// phase, the imprint is what shows at the end. Each document has at least one phase; a phase
// needs a page load of its own. The tab's title they expect holds the business name, so the
// content proof runs them too (READS_CONTENT).
test.describe(
  'React 19 takes the page over, and an address changed while it starts is followed',
  READS_CONTENT,
  () => {
    test("before the app's script has arrived, on ./", async ({ page }) => {
      const script = await holdAnswers(page, '**/assets/index-*.js');
      await openHome(page, './');
      await script.requested;
      expect(await changeToImprint(page)).toEqual({ started: false, interactive: false });
      script.release();
      await expectImprintFollowed(page, 'de');
    });

    test('while hydration waits for the translation files, on ./en/', async ({ page }) => {
      // Both files: English, and German behind it.
      const translations = await holdAnswers(page, '**/assets/i18n/*.json');
      await openHome(page, './en/');
      await page.locator('html[data-app-started]').waitFor({ state: 'attached' });
      // The files are held, so the app cannot have finished: the change falls into its start.
      expect(await changeToImprint(page)).toEqual({ started: true, interactive: false });
      translations.release();
      await expectImprintFollowed(page, 'en');
    });

    for (const [attribute, path, language, phase] of [
      ['data-app-started', './de/', 'de', { started: true, interactive: false }],
      ['data-interactive', './', 'de', { started: true, interactive: true }],
    ] as const) {
      test(`in the same task as the app sets ${attribute}, on ${path}`, async ({ page }) => {
        await page.addInitScript(changeAddressWhenMarked, attribute);
        await openHome(page, path);
        await expectImprintFollowed(page, language);
        expect(
          await page.evaluate(() => (window as unknown as { changedAt: unknown }).changedAt),
        ).toEqual(phase);
      });
    }

    test('after the app has taken over, on ./en/', async ({ page }) => {
      await openHome(page, './en/');
      await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
      expect(await changeToImprint(page)).toEqual({ started: true, interactive: true });
      await expectImprintFollowed(page, 'en');
    });
  },
);

test(
  'a first render that throws is logged to the console, and the page stays readable',
  READS_CONTENT,
  async ({ page }) => {
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
    await expect(imprintHeading(page, 'de')).toBeVisible();
    // The register number where the legal form has one; a sole trader's imprint has the owner.
    const facts: Business = business;
    await expect(page.getByText(facts.registerNumber ?? facts.owner).first()).toBeVisible();
  },
);

test('each script the page starts with asks Chromium to compile it while it arrives', async ({
  page,
}) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('./#/home');
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  const bodies = await Promise.all(scripts);
  expect(bodies).not.toHaveLength(0);
  for (const body of bodies) expect(body.split('\n', 1)[0]).toBe(COMPILE_HINT);
});
