import { test, expect } from './support/fixtures';
import { BROWSER_LANGUAGES, ROUTES } from './support/page-watch';

/*
 * Visual regression: every page in both languages, both themes, on a phone and a desktop, held
 * against the pictures in e2e/__screenshots__/. An intended change of the look redraws them in the
 * same commit: `npm run build && npm run test:visual -- --update-snapshots`, then look at the diff.
 */

// The footer shows the current year; a fixed date keeps the pictures from changing on 1 January.
const FIXED_NOW = new Date('2026-06-15T10:00:00Z');

for (const { lang, locale } of BROWSER_LANGUAGES) {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [360, 1280] as const) {
      test.describe(`${lang}, ${colorScheme}, ${width} px`, () => {
        // Reduced motion keeps the carousel on its first sentence.
        test.use({
          locale,
          colorScheme,
          reducedMotion: 'reduce',
          viewport: { width, height: width === 360 ? 740 : 800 },
          deviceScaleFactor: 1,
        });

        for (const route of ROUTES) {
          test(`#/${route} looks as designed`, async ({ page }) => {
            await page.clock.setFixedTime(FIXED_NOW);
            await page.goto(`./#/${route}`);
            await expect(page.locator('html')).toHaveAttribute('lang', lang);
            await page.evaluate(() => document.fonts.ready);
            await expect(page).toHaveScreenshot(`${route}-${lang}-${colorScheme}-${width}.png`, {
              fullPage: true,
            });
          });
        }
      });
    }
  }
}
