/**
 * Photographs the built site (`dist/`, so run `npm run build` first) with headless Chromium.
 *
 *   npm run screenshots           the README's four pictures into docs/screenshots/ (commit them)
 *   npm run screenshots -- --all  every route × language × theme × width into
 *                                 node_modules/.cache/screenshots/, to look at while designing
 *
 * Reduced motion keeps the carousel on its first sentence, so the pictures are repeatable.
 */
// One page after another: pictures taken in parallel would compete for the CPU and gain nothing.
/* oxlint-disable no-await-in-loop */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from '../system-tools/find-chromium.ts';
import { startStaticServer } from '../perf/serve-dist.ts';
import { HOME_ROUTE, ROUTES, type TitleMarker } from '../src/content/routes.ts';
import { LANGUAGES, LOCALES, type Language } from '../src/i18n/language.ts';

type Shot = [TitleMarker, Language, 'light' | 'dark', 360 | 1280, file?: string];

const all = process.argv.includes('--all');
const outDir = all ? 'node_modules/.cache/screenshots' : 'docs/screenshots';
const shots: Shot[] = all
  ? ROUTES.flatMap((route) =>
      LANGUAGES.flatMap((language) =>
        (['light', 'dark'] as const).flatMap((theme) =>
          ([360, 1280] as const).map((width): Shot => [route, language, theme, width]),
        ),
      ),
    )
  : [
      [HOME_ROUTE, 'de', 'light', 1280, 'home-desktop-light.png'],
      [HOME_ROUTE, 'de', 'dark', 1280, 'home-desktop-dark.png'],
      [HOME_ROUTE, 'en', 'light', 360, 'home-phone-light.png'],
      [HOME_ROUTE, 'en', 'dark', 360, 'home-phone-dark.png'],
    ];
mkdirSync(outDir, { recursive: true });

const server = await startStaticServer({ root: 'dist' });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
try {
  for (const [route, language, theme, width, name] of shots) {
    const file = name ?? `${route}-${language}-${theme}-${width}.png`;
    const context = await browser.newContext({
      viewport: { width, height: width === 360 ? 740 : 800 },
      deviceScaleFactor: 1,
      locale: LOCALES[language],
      colorScheme: theme,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}#/${route}`);
    // Once the app has taken over, the carousel shows its state under reduced motion (stopped).
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${outDir}/${file}`, fullPage: all });
    await context.close();
  }
  console.log(`Wrote ${shots.length} screenshot(s) to ${outDir}/`);
} finally {
  await browser.close();
  await server.close();
}
