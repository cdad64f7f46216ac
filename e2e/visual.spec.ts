import { join } from 'node:path';
import { preview } from 'vite';
import { test as siteTest, expect } from './support/fixtures.ts';
import { BROWSER_LANGUAGES, ROUTES } from './support/page-watch.ts';

/*
 * Visual regression: every page in both languages, both themes, on a phone and a desktop, held
 * against the pictures in e2e/__screenshots__/. The pictures are of the design, not of the owner's
 * words: they are drawn from the specimen in e2e/visual-specimen/ (fixed facts and texts), built
 * into dist-visual/ by `npm run build:visual`. A changed name, phone, service or sentence in the
 * owner's files leaves them as they are; a changed colour, spacing or layout does not. An intended
 * change of the look redraws them in the same commit: `npm run test:visual -- --update-snapshots`,
 * then look at the diff.
 */

/** Each worker serves the specimen's build as `npm start` serves dist/ (Vite's preview server). */
const test = siteTest.extend<object, { specimenUrl: string }>({
  specimenUrl: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern; it needs none
    async ({}, provide) => {
      const server = await preview({
        root: join(import.meta.dirname, '..'),
        logLevel: 'warn',
        build: { outDir: 'dist-visual' },
        preview: { host: '127.0.0.1', port: 0 },
      }).catch((error: unknown) => {
        throw new Error(`Serving dist-visual/ failed; run \`npm run build:visual\` first.`, {
          cause: error,
        });
      });
      const url = server.resolvedUrls?.local[0];
      if (!url) throw new Error('The preview server of dist-visual/ gave no address.');
      await provide(url);
      await server.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ specimenUrl }, provide) => provide(specimenUrl),
});

// The footer shows the current year; a fixed date keeps the pictures from changing on 1 January.
const FIXED_NOW = new Date('2026-06-15T10:00:00Z');

// One load per page, language and width draws both themes: the stylesheet follows
// prefers-color-scheme live, so switching it needs no second load.
for (const { lang, locale } of BROWSER_LANGUAGES) {
  for (const width of [360, 1280] as const) {
    test.describe(`${lang}, ${width} px`, () => {
      // Reduced motion keeps the carousel on its first sentence.
      test.use({
        locale,
        reducedMotion: 'reduce',
        viewport: { width, height: width === 360 ? 740 : 800 },
        deviceScaleFactor: 1,
      });

      for (const route of ROUTES) {
        test(`#/${route} looks as designed, light and dark`, async ({ page }) => {
          await page.clock.setFixedTime(FIXED_NOW);
          await page.goto(`./#/${route}`);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await page.evaluate(() => document.fonts.ready);
          for (const colorScheme of ['light', 'dark'] as const) {
            await test.step(colorScheme, async () => {
              await page.emulateMedia({ colorScheme });
              expect(
                await page.evaluate(
                  (scheme) => matchMedia(`(prefers-color-scheme: ${scheme})`).matches,
                  colorScheme,
                ),
              ).toBe(true);
              await expect(page).toHaveScreenshot(`${route}-${lang}-${colorScheme}-${width}.png`, {
                fullPage: true,
              });
            });
          }
        });
      }
    });
  }
}
