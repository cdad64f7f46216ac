import { test as base, type Page } from '@playwright/test';

/** The attribute the app sets on `<html>` once it has taken over the prerendered page. */
const INTERACTIVE = 'html[data-interactive]';

/**
 * Playwright's `test`, whose `page.goto` and `page.reload` return once the app has taken over the
 * prerendered page. Before that the page is readable but its buttons do nothing yet, and the other
 * pages are still in the document as templates; a visitor's first tap comes later than a
 * test's. Tests of what shows before the script runs use Playwright's own `test`.
 */
export const test = base.extend<{ page: Page }>({
  page: async ({ page, javaScriptEnabled }, provide) => {
    const waitForApp = async () => {
      if (javaScriptEnabled) await page.locator(INTERACTIVE).waitFor({ state: 'attached' });
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (!/^(about|data):/.test(url)) await waitForApp();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await waitForApp();
      return response;
    };
    await provide(page);
  },
});

export { expect } from '@playwright/test';

/**
 * Marks a test whose outcome depends on the owner's content: it compares what the site shows with
 * the business facts or the translation files. `npm run test:content-proof` runs exactly these
 * tests again on a copy with other facts and texts, and its `--audit` finds the tests that should
 * carry the mark (scripts/content-proof.ts).
 */
export const READS_CONTENT = { tag: '@content' } as const;
