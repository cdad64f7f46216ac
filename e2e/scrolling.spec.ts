import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { textsOf } from './support/translations.ts';

/** The texts of the German page, which the tests visit. */
const t = textsOf('de');

test.use({ viewport: { width: 1280, height: 720 } });

/** The section's top edge, relative to the viewport. */
const topOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.getBoundingClientRect().top);

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Where the sticky header ends; a section scrolled to must start below it. */
const headerBottom = (page: Page) =>
  page
    .locator('header')
    .first()
    .evaluate((element) => element.getBoundingClientRect().bottom);

/**
 * The section starts just below the header, or, for the last section, which cannot scroll that
 * far, the page is scrolled to its end with the section's top in view below the header.
 */
async function expectScrolledTo(page: Page, selector: string) {
  await expect
    .poll(async () => {
      const top = await topOf(page, selector);
      const atEnd = await page.evaluate(
        () => Math.ceil(window.scrollY + window.innerHeight) >= document.body.scrollHeight,
      );
      return top >= (await headerBottom(page)) - 1 && (top < 200 || atEnd);
    })
    .toBe(true);
  expect(await scrollY(page)).toBeGreaterThan(100);
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
  test('each header link scrolls to its section below the sticky header', async ({ page }) => {
    await page.goto('./#/home');
    const nav = page.getByRole('navigation', { name: t('header.navLabel') });
    for (const section of ['consulting', 'development', 'contact'] as const) {
      await test.step(`#${section}`, async () => {
        await page.evaluate(() => window.scrollTo(0, 0));
        expect(await scrollY(page), `#${section}: starts at the top`).toBe(0);
        await nav.locator(`a[href$="#${section}"]`).click();
        await expect(page).toHaveURL(new RegExp(`#/home#${section}$`));
        await expectScrolledTo(page, `#${section}`);
      });
    }
  });

  test('activating the link to the current URL scrolls to its anchor again', async ({ page }) => {
    await page.goto('./#/home');
    const contactLink = page
      .getByRole('navigation', { name: t('header.navLabel') })
      .getByRole('link', { name: t('nav.contact') });
    await contactLink.click();
    await expectScrolledTo(page, '#contact');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => scrollY(page)).toBe(0);
    await contactLink.click();
    await expect(page).toHaveURL(/#\/home#contact$/);
    await expectScrolledTo(page, '#contact');
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
    await expect.poll(() => scrollY(page)).toBe(400);

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
    await expect.poll(() => scrollY(page)).toBe(400);

    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: t('imprint.title') })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
  });
});
