import { test as siteTest, expect } from './support/fixtures.ts';
import { BROWSER_LANGUAGES, ROUTES } from './support/page-watch.ts';
import { servedFrom, SPECIMENS } from './support/specimens.ts';

/*
 * Visual regression: every page in both languages, both themes, on a phone and a desktop, held
 * against the pictures in e2e/__screenshots__/. The pictures are of the design, not of the owner's
 * words: they are drawn from the specimens in e2e/ (fixed facts and texts), built by
 * `npm run build:visual`. A changed name, phone, service or sentence in the owner's files leaves
 * them as they are; a changed colour, spacing or layout does not. An intended change of the look
 * redraws them all in the same commit, `npm run test:visual -- --update-snapshots=all`, then look
 * at the diff.
 */

// The footer shows the current year; a fixed date keeps the pictures from changing on 1 January.
const FIXED_NOW = new Date('2026-06-15T10:00:00Z');

/**
 * What is drawn: the design specimen on a phone and a desktop in both themes, and the long
 * specimen where long words are hardest to place, on the narrowest and the commonest phones.
 */
const DRAWINGS = [
  { specimen: SPECIMENS.visual, prefix: '', widths: [360, 1280], themes: ['light', 'dark'] },
  { specimen: SPECIMENS.long, prefix: 'long-', widths: [320, 390], themes: ['light'] },
] as const;

for (const { specimen, prefix, widths, themes } of DRAWINGS) {
  /** Each worker serves the specimen's build. */
  const test = siteTest.extend(servedFrom(specimen));

  // One load per page, language and width draws every theme: the stylesheet follows
  // prefers-color-scheme live, so switching it needs no second load.
  for (const { lang, locale } of BROWSER_LANGUAGES) {
    for (const width of widths) {
      test.describe(`${specimen.folder}, ${lang}, ${width} px`, () => {
        // Reduced motion keeps the carousel on its first sentence.
        test.use({
          locale,
          reducedMotion: 'reduce',
          viewport: { width, height: width < 1000 ? 740 : 800 },
          deviceScaleFactor: 1,
        });

        for (const route of ROUTES) {
          test(`#/${route} looks as designed, ${themes.join(' and ')}`, async ({ page }) => {
            await page.clock.setFixedTime(FIXED_NOW);
            await page.goto(`./#/${route}`);
            await expect(page.locator('html')).toHaveAttribute('lang', lang);
            await page.evaluate(() => document.fonts.ready);
            for (const colorScheme of themes) {
              await test.step(colorScheme, async () => {
                await page.emulateMedia({ colorScheme });
                expect(
                  await page.evaluate(
                    (scheme) => matchMedia(`(prefers-color-scheme: ${scheme})`).matches,
                    colorScheme,
                  ),
                ).toBe(true);
                await expect(page).toHaveScreenshot(
                  `${prefix}${route}-${lang}-${colorScheme}-${width}.png`,
                  { fullPage: true },
                );
              });
            }
          });
        }
      });
    }
  }
}
