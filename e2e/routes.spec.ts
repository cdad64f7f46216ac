import { type Page } from '@playwright/test';
import { expect, test, READS_CONTENT } from './support/fixtures.ts';
import { startOver } from './support/start-over.ts';
import { pageTitle, textsOf } from './support/translations.ts';

const t = textsOf('de');
const homeHeading = (page: Page) =>
  page.getByRole('heading', { level: 2, name: t('consulting.title'), exact: true });

test.describe('routes', () => {
  // Each address is a first visit of its own, in one page (see `startOver`).
  test('the empty paths ./, ./# and ./#/ redirect to #/home', async ({ page }) => {
    for (const path of ['./', './#', './#/']) {
      await test.step(path, async () => {
        await startOver(page);
        await page.goto(path);
        await expect(page).toHaveURL(/#\/home$/);
        await expect(homeHeading(page)).toBeVisible();
      });
    }
  });

  // One load for both: the footer's links are followed in the page the headline check opened.
  test('#/imprint and #/privacy show their pages with their headlines, and the footer links lead to them', async ({
    page,
  }) => {
    await test.step('#/imprint and #/privacy show their pages with their headlines', async () => {
      await page.goto('./#/imprint');
      await expect(page.getByRole('heading', { level: 1, name: t('imprint.title') })).toBeVisible();
      await page.goto('./#/privacy');
      await expect(page.getByRole('heading', { level: 1, name: t('privacy.title') })).toBeVisible();
    });

    await test.step('footer links lead to the legal pages and the close X back home', async () => {
      await page.goto('./#/home');
      const legal = page.getByRole('navigation', { name: t('footer.navLabel') });
      await legal.getByRole('link', { name: t('footer.imprint') }).click();
      await expect(page).toHaveURL(/#\/imprint$/);
      await page.getByRole('link', { name: t('close') }).click();
      await expect(page).toHaveURL(/#\/home$/);
      await legal.getByRole('link', { name: t('footer.privacy') }).click();
      await expect(page).toHaveURL(/#\/privacy$/);
      await expect(page.getByRole('link', { name: t('close') })).toHaveText('');
      await page.getByRole('link', { name: t('close') }).click();
      await expect(homeHeading(page)).toBeVisible();
    });
  });

  const unknown = [
    '#/no-such-page',
    '#/no-such-page/bar?x=1',
    `#/${'a'.repeat(5000)}`,
    '#/<script>window.__injected=1</script>',
    '#/%3Cimg%20src=x%20onerror=window.__injected=1%3E',
  ];
  test('an unknown path shows the home page', READS_CONTENT, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const hash of unknown) {
      await test.step(hash.slice(0, 40), async () => {
        await startOver(page);
        errors.splice(0);
        await page.goto(`./${hash}`);
        await expect(homeHeading(page)).toBeVisible();
        await expect(page.locator('#intro')).toBeVisible();
        await expect(page).toHaveTitle(pageTitle('de', 'home'));
        const text = await page.locator('body').innerText();
        // Nothing of the path shows (words no text of the site would have).
        expect(text).not.toContain('no-such-page');
        expect(text).not.toContain('__injected');
        expect(text).not.toContain('aaaaaaaaaa');
        expect(await page.evaluate(() => 'window.__injected' in window && window.__injected)).toBe(
          false,
        );
        expect(errors).toEqual([]);
      });
    }
  });
});

declare global {
  interface Window {
    __injected?: number;
  }
}
