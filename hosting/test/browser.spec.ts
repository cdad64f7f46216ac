import { expect, test, type Page } from '@playwright/test';
import { BROWSER_LANGUAGES, ROUTES, watchConsoleErrors } from '../../e2e/support/page-watch.ts';
import { DICTIONARIES as dictionaries, text } from '../../e2e/support/translations.ts';
import { SERVER_NAMES, serverUrl } from './site.ts';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function watchPolicyViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return () => page.evaluate(() => window.cspViolations);
}

for (const server of SERVER_NAMES) {
  test.describe(`${server} in Chromium`, () => {
    for (const { lang, locale } of BROWSER_LANGUAGES) {
      test.describe(`a ${locale} browser`, () => {
        test.use({ locale });

        test('sees every page rendered, with no CSP violation and no console error', async ({
          page,
        }) => {
          const errors = watchConsoleErrors(page);
          // Chromium only warns about a header it cannot use (an unknown Permissions-Policy
          // feature); a warning about our own headers is a mistake all the same.
          const headerWarnings: string[] = [];
          page.on('console', (message) => {
            if (
              /Permissions-Policy|Content-Security-Policy|Strict-Transport/i.test(message.text())
            ) {
              headerWarnings.push(`${message.type()}: ${message.text()}`);
            }
          });
          const violations = await watchPolicyViolations(page);
          // The root address, and this language's own (`en/`), which shows it to every browser.
          for (const route of ROUTES.flatMap((each) => [`#/${each}`, `${lang}/#/${each}`])) {
            const name = route.replace(/^.*#\//, '') as (typeof ROUTES)[number];
            await page.goto(`${serverUrl(server)}${route}`);
            await expect(page.locator('html')).toHaveAttribute('lang', lang);
            await expect(page).toHaveTitle(
              new RegExp(
                `^${text(dictionaries[lang], `titles.${name}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
              ),
            );
            // The app takes over after the first paint: wait for its script and translations.
            await page.waitForLoadState('networkidle');
            await expect(page.getByRole('main')).toBeVisible();
            if (name !== 'home') {
              await expect(
                page.getByRole('heading', {
                  level: 1,
                  name: text(dictionaries[lang], `${name}.title`),
                }),
              ).toBeVisible();
            }
            expect(await violations(), `CSP violations on ${route}`).toEqual([]);
          }
          // Moving between pages inside the app runs its code under the policy too.
          await page
            .getByRole('link', { name: text(dictionaries[lang], 'footer.imprint') })
            .click();
          await expect(page).toHaveURL(/#\/imprint$/);
          await page.waitForLoadState('networkidle');
          expect(await violations(), 'CSP violations after navigating').toEqual([]);
          expect(errors, 'console errors and uncaught exceptions').toEqual([]);
          expect(headerWarnings, 'console messages about the headers').toEqual([]);
        });
      });
    }

    test('the 404 page shows without CSP violation and leads home', async ({ page }) => {
      const errors = watchConsoleErrors(page);
      const violations = await watchPolicyViolations(page);
      const response = await page.goto(`${serverUrl(server)}assets/nope.js`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await violations()).toEqual([]);
      await page
        .getByRole('link', { name: text(dictionaries.en, 'notFound.homeLink'), exact: true })
        .click();
      await expect(page).toHaveURL(`${serverUrl(server)}#/home`);
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
      // The 404 itself is reported in the console as a failed resource load; nothing else is.
      expect(errors.filter((error) => !/404/.test(error))).toEqual([]);
    });
  });
}
