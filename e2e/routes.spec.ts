import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const homeHeading = (page: Page) => page.getByRole('heading', { level: 2, name: 'Beratung' });

test.describe('routes', () => {
  for (const path of ['./', './#', './#/']) {
    test(`the empty path ${path} redirects to #/home`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/#\/home$/);
      await expect(homeHeading(page)).toBeVisible();
    });
  }

  test('#/imprint and #/privacy show their pages with their headlines', async ({ page }) => {
    await page.goto('./#/imprint');
    await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
    await page.goto('./#/privacy');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' }),
    ).toBeVisible();
  });

  const unknown = [
    '#/foo',
    '#/foo/bar?x=1',
    `#/${'a'.repeat(5000)}`,
    '#/<script>window.__injected=1</script>',
    '#/%3Cimg%20src=x%20onerror=window.__injected=1%3E',
  ];
  for (const hash of unknown) {
    test(`an unknown path shows the home page: ${hash.slice(0, 40)}`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`./${hash}`);
      await expect(homeHeading(page)).toBeVisible();
      await expect(page.locator('#intro')).toBeVisible();
      await expect(page).toHaveTitle('IT Beratung & Entwicklung – Muster IT');
      const text = await page.locator('body').innerText();
      expect(text).not.toContain('foo');
      expect(text).not.toContain('script');
      expect(text).not.toContain('aaaaaaaaaa');
      expect(await page.evaluate(() => 'window.__injected' in window && window.__injected)).toBe(
        false,
      );
      expect(errors).toEqual([]);
    });
  }

  test('footer links lead to the legal pages and the close X back home', async ({ page }) => {
    await page.goto('./#/home');
    const legal = page.getByRole('navigation', { name: 'Rechtliches' });
    await legal.getByRole('link', { name: 'Impressum' }).click();
    await expect(page).toHaveURL(/#\/imprint$/);
    await page.getByRole('link', { name: 'Schließen' }).click();
    await expect(page).toHaveURL(/#\/home$/);
    await legal.getByRole('link', { name: 'Datenschutz' }).click();
    await expect(page).toHaveURL(/#\/privacy$/);
    await expect(page.getByRole('link', { name: 'Schließen' })).toHaveText('');
    await page.getByRole('link', { name: 'Schließen' }).click();
    await expect(homeHeading(page)).toBeVisible();
  });
});

declare global {
  interface Window {
    __injected?: number;
  }
}
