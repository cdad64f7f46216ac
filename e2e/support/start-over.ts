import type { Page } from '@playwright/test';

/**
 * Readies `page` for another first visit, so that one test can make several: clears the storage
 * the site left (a chosen language, a stopped carousel, scroll positions) and leaves for
 * about:blank, so that the next `page.goto` loads a new document even where its address is the
 * one shown now. The page keeps its browser process, which makes such a load cheaper than a new
 * test (one context, page and renderer each). What it cannot reset stays the
 * caller's to mind: routes, init scripts, listeners, the clock, and the HTTP cache, which routing
 * turns off.
 */
export async function startOver(page: Page): Promise<void> {
  if (/^https?:/.test(page.url())) {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  }
  await page.goto('about:blank');
}
