import { type Page } from '@playwright/test';
import { HOME_SECTIONS } from '../src/content/home-sections.ts';
import { expect, test } from './support/fixtures.ts';
import { textsOf } from './support/translations.ts';

/** The texts of the German page, which the tests visit. */
const t = textsOf('de');

test.use({ viewport: { width: 1280, height: 720 } });

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/**
 * The section starts just below the sticky header, or, for the last section, which cannot scroll
 * that far, the page is scrolled to its end with the section's top in view below the header.
 */
const placedBelowHeader = (selector: string) => {
  const top = document.querySelector(selector)?.getBoundingClientRect().top ?? -1;
  const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  const atEnd = Math.ceil(window.scrollY + window.innerHeight) >= document.body.scrollHeight;
  return top >= headerBottom - 1 && (top < 200 || atEnd);
};

/*
 * The waits below go frame by frame (`polling: 'raf'`): the app scrolls when it commits a new
 * address (a layout effect), so by the next frame it has. A page that behaves is never waited on
 * for a time; one that does not gives up after 5 s, and the assertion after the wait says why.
 */
const FRAMES = { polling: 'raf', timeout: 5_000 } as const;

async function expectScrolledTo(page: Page, selector: string) {
  await page.waitForFunction(placedBelowHeader, selector, FRAMES).catch(() => undefined);
  expect(await page.evaluate(placedBelowHeader, selector), `${selector} below the header`).toBe(
    true,
  );
  expect(await scrollY(page)).toBeGreaterThan(100);
}

/** The page is scrolled to `y`, once the app has had its frame to get there. */
async function expectScrollY(page: Page, y: number) {
  await page
    .waitForFunction((target) => window.scrollY === target, y, FRAMES)
    .catch(() => undefined);
  expect(await scrollY(page)).toBe(y);
}

test.describe('anchors', () => {
  test('#/home#contact scrolls to the contact section on first load', async ({ page }) => {
    await page.goto('./#/home#contact');
    await expectScrolledTo(page, '#contact');
  });

  test('#/home#contact scrolls to contact in a tab that visited the site before', async ({
    page,
  }) => {
    await page.goto('./#/home');
    await expect(page.locator('#consulting')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 150));
    await page
      .getByRole('navigation', { name: t('footer.navLabel') })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(/#\/imprint$/);
    await page.goto('about:blank');
    await page.goto('./#/home#contact');
    await expectScrolledTo(page, '#contact');

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.goto('./#/home#development');
    await expectScrolledTo(page, '#development');
  });

  // One load for the three links: each starts from the top of the page, as a fresh one would.
  test('each header link scrolls to its section below the sticky header, and again when it is the current URL', async ({
    page,
  }) => {
    await page.goto('./#/home');
    const nav = page.getByRole('navigation', { name: t('header.navLabel') });
    for (const section of HOME_SECTIONS.filter((id) => id !== 'intro')) {
      await test.step(`#${section}`, async () => {
        await page.evaluate(() => window.scrollTo(0, 0));
        await expectScrollY(page, 0);
        await nav.locator(`a[href$="#${section}"]`).click();
        await expect(page).toHaveURL(new RegExp(`#/home#${section}$`));
        await expectScrolledTo(page, `#${section}`);
      });
    }
    await test.step('#contact, the current URL, activated again', async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectScrollY(page, 0);
      await nav.getByRole('link', { name: t('nav.contact') }).click();
      await expect(page).toHaveURL(/#\/home#contact$/);
      await expectScrolledTo(page, '#contact');
    });
  });

  test('the links reach the sections from the legal pages too', async ({ page }) => {
    await page.goto('./#/imprint');
    await page
      .getByRole('navigation', { name: t('header.navLabel') })
      .getByRole('link', { name: t('nav.development') })
      .click();
    await expectScrolledTo(page, '#development');
  });
});

test.describe('scroll restoration', () => {
  test('a forward navigation starts at the top and Back restores the position', async ({
    page,
  }) => {
    await page.goto('./#/home');
    await expect(page.locator('#contact')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expectScrollY(page, 400);

    // A real click would first scroll the footer link into view, and so move the saved position.
    await page
      .getByRole('navigation', { name: t('footer.navLabel') })
      .getByRole('link', { name: t('footer.imprint') })
      .dispatchEvent('click');
    await expect(page.getByRole('heading', { level: 1, name: t('imprint.title') })).toBeVisible();
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await expect(
      page.getByRole('heading', { name: t('consulting.title'), exact: true }),
    ).toBeVisible();
    await expectScrollY(page, 400);

    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: t('imprint.title') })).toBeVisible();
    await expectScrollY(page, 0);
  });
});
