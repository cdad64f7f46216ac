import { expect, test, type Page } from '@playwright/test';
import { readDictionary, languageOptionName, text } from './support/translations.ts';

const de = readDictionary('de');
const en = readDictionary('en');

/**
 * Holds the app's script back until `release()`, like a slow connection: the page is painted and
 * readable, but nothing of the app runs yet. What the visitor does meanwhile must not be lost.
 */
async function holdAppScript(page: Page): Promise<() => Promise<void>> {
  let release: (() => void) | undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/index-*.js', async (route) => {
    await gate;
    await route.continue();
  });
  return async () => {
    release?.();
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  };
}

/** Opens `path` and returns once the page has painted, with the app's script held back. */
async function openBeforeTheApp(page: Page, path: string) {
  const release = await holdAppScript(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('#consulting h2, main h1').first()).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-app-started');
  return release;
}

/**
 * The carousel offers "play" and keeps its slide over more than one autoplay interval: stopped,
 * not merely paused until the next tick. The interval passes on Playwright's clock (installed
 * before every test of this file), at once.
 */
async function expectStoppedForGood(page: Page) {
  const play = page.getByRole('button', { name: text(de, 'intro.play') });
  await expect(play).toBeVisible();
  const shown = page.locator('#intro [aria-roledescription="slide"]:not([inert])');
  const first = await shown.textContent();
  await page.clock.runFor(3 * 3000);
  await expect(shown).toHaveText(first ?? '');
  await expect(play).toBeVisible();
}

test.use({ locale: 'de-DE' });

// Time runs on as usual, until a test moves it on by itself (`expectStoppedForGood`).
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test.describe('used before the app has started, every control still has its effect, once', () => {
  test('EN switches the page to English at once, and the app keeps it', async ({ page }) => {
    const release = await openBeforeTheApp(page, './#/home');
    const switchLink = (label: string, name: string) =>
      page.getByRole('navigation', { name: label }).getByRole('link', { name, exact: true });
    await switchLink(text(de, 'language.label'), languageOptionName('en')).click();
    await expect(page.locator('#consulting h2')).toHaveText(text(en, 'consulting.title'));
    // Switched in place: the root address adapts, it does not send the visitor to en/.
    await expect(page).toHaveURL(/\/#\/home$/);
    expect(new URL(page.url()).pathname).not.toContain('/en/');
    await release();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('#consulting h2')).toHaveText(text(en, 'consulting.title'));
    await expect(switchLink(text(en, 'language.label'), languageOptionName('en'))).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
  });

  test('the carousel toggle stops the rotation once the app is there, and only once', async ({
    page,
  }) => {
    const release = await openBeforeTheApp(page, './#/home');
    await page.getByRole('button', { name: text(de, 'intro.pause') }).click();
    await release();
    await expectStoppedForGood(page);
  });

  test('a visitor who paused, came back and pressed the toggle at once finds it paused', async ({
    page,
  }) => {
    // The pause, chosen while the app ran, is kept for the visit (stop-choice.ts).
    await page.goto('./#/home');
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: text(de, 'intro.pause') }).click();
    await expect(page.getByRole('button', { name: text(de, 'intro.play') })).toBeVisible();

    // Back on the page before the app: the toggle is prerendered as "pause", and pressed as such.
    const release = await holdAppScript(page);
    await page.reload({ waitUntil: 'commit' });
    await expect(page.locator('#consulting h2')).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-app-started');
    await page.getByRole('button', { name: text(de, 'intro.pause') }).click();
    await release();

    // What the visitor meant: stopped, not started again by the press.
    await expectStoppedForGood(page);
  });

  test('the imprint link in the footer shows the imprint at the top at once', async ({ page }) => {
    const release = await openBeforeTheApp(page, './#/home');
    await page
      .getByRole('navigation', { name: text(de, 'footer.navLabel') })
      .getByRole('link', { name: text(de, 'footer.imprint') })
      .click();
    const heading = page.getByRole('heading', { level: 1, name: text(de, 'imprint.title') });
    await expect(heading).toBeVisible();
    await expect(page).toHaveURL(/#\/imprint$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await release();
    await expect(heading).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Back returns to the home page, with the app now answering.
    await page.goBack();
    await expect(page.locator('#consulting h2')).toHaveText(text(de, 'consulting.title'));
  });

  test('on the imprint, EN leads to en/#/imprint, as the root has no English imprint', async ({
    page,
  }) => {
    await openBeforeTheApp(page, './#/imprint');
    await page
      .getByRole('navigation', { name: text(de, 'language.label') })
      .getByRole('link', { name: languageOptionName('en'), exact: true })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: text(en, 'imprint.title') }),
    ).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/\/en\/$/);
    expect(new URL(page.url()).hash).toBe('#/imprint');
  });

  test('the close X, pressed with Enter, leads home', async ({ page }) => {
    const release = await openBeforeTheApp(page, './#/privacy');
    await page.getByRole('link', { name: text(de, 'close') }).press('Enter');
    await expect(page.locator('#consulting h2')).toHaveText(text(de, 'consulting.title'));
    await expect(page).toHaveURL(/#\/home$/);
    await release();
    await expect(page.locator('#consulting h2')).toHaveText(text(de, 'consulting.title'));
  });

  test('a section link in the header scrolls to its section', async ({ page }) => {
    const release = await openBeforeTheApp(page, './#/imprint');
    await page
      .getByRole('navigation', { name: text(de, 'header.navLabel') })
      .getByRole('link', { name: text(de, 'nav.contact') })
      .click();
    await expect(page).toHaveURL(/#\/home#contact$/);
    await expect(page.locator('#contact')).toBeInViewport();
    await release();
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('the skip link, reached with Tab and pressed with Enter, moves focus to the content', async ({
    page,
  }) => {
    const release = await openBeforeTheApp(page, './#/home');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: text(de, 'header.skipLink') });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/#\/home$/);
    await release();
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/#\/home$/);
  });
});

test.describe('an en-US browser on the root, before the app has started', () => {
  test.use({ locale: 'en-US' });

  test('the legal notice link leads to en/#/imprint, where that page is', async ({ page }) => {
    await openBeforeTheApp(page, './#/home');
    await page
      .getByRole('navigation', { name: text(en, 'footer.navLabel') })
      .getByRole('link', { name: text(en, 'footer.imprint') })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: text(en, 'imprint.title') }),
    ).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/\/en\/$/);
    // A step of its own: Back returns to the root's home page.
    await page.goBack();
    await expect(page.locator('#consulting h2')).toHaveText(text(en, 'consulting.title'));
  });
});
