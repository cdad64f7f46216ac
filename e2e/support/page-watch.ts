import type { BrowserContext, Locator, Page } from '@playwright/test';

/**
 * Collects what a developer would see in the console as errors: `console.error` calls, failed
 * resource loads that the browser reports there, and uncaught exceptions.
 */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
  return errors;
}

/** Collects the URL of every request the pages of `context` make, from the first one on. */
export function watchRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
}

export { LEGAL_ROUTES, ROUTES, type TitleMarker as RouteName } from '../../src/content/routes.ts';

/** The two browsers the site must serve: a German one and an English one. */
export const BROWSER_LANGUAGES = [
  { lang: 'de', locale: 'de-DE' },
  { lang: 'en', locale: 'en-US' },
] as const;

/**
 * The text a sighted visitor reads in `locator`: its text without what is there only for screen
 * readers (`.visually-hidden`, clipped to nothing, which `innerText` would still include).
 */
export function seenText(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const copy = element.cloneNode(true) as Element;
    copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
    return (copy.textContent ?? '').trim();
  });
}
