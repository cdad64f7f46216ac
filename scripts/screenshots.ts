/**
 * `npm run screenshots`: the README's four pictures of the built site (`dist/`, so run
 * `npm run build` first) into docs/screenshots/ (commit them), with headless Chromium. Reduced
 * motion keeps the carousel on its first sentence, so the pictures are repeatable.
 */
// One page after another: pictures taken in parallel would compete for the CPU and gain nothing.
/* oxlint-disable no-await-in-loop */
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from '../system-tools/find-chromium.ts';
import { startStaticServer } from '../perf/serve-dist.ts';
import { HOME_ROUTE } from '../src/content/routes.ts';
import { LOCALES } from '../src/i18n/language.ts';

const SHOTS = [
  ['de', 'light', 1280, 'home-desktop-light.png'],
  ['de', 'dark', 1280, 'home-desktop-dark.png'],
  ['en', 'light', 360, 'home-phone-light.png'],
  ['en', 'dark', 360, 'home-phone-dark.png'],
] as const;

const server = await startStaticServer({ root: 'dist' });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
try {
  for (const [language, theme, width, file] of SHOTS) {
    const context = await browser.newContext({
      viewport: { width, height: width === 360 ? 740 : 800 },
      deviceScaleFactor: 1,
      locale: LOCALES[language],
      colorScheme: theme,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}#/${HOME_ROUTE}`);
    // Once the app has taken over, the carousel shows its state under reduced motion (stopped).
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `docs/screenshots/${file}` });
    await context.close();
  }
  console.log(`Wrote ${SHOTS.length} screenshots to docs/screenshots/`);
} finally {
  await browser.close();
  await server.close();
}
