/**
 * Photographs every page of the built site (`dist/`, so build first) in Firefox ESR and WebKitGTK:
 * both languages, 360 (WebKit's MiniBrowser: 447, its narrowest) and 1280 px wide, light and dark, the top of each page as a visitor first
 * sees it, into node_modules/.cache/screenshots/engines/, to look at beside Chromium's.
 *
 *   npm run screenshots:engines
 */
// One page after another: each picture waits for its page, and the engines share two cores.
/* oxlint-disable no-await-in-loop */
import { mkdirSync } from 'node:fs';
import { ROUTES } from '../../src/content/routes.ts';
import { launchFirefox, launchWebKit } from './engines.ts';
import { startSite } from './site.ts';

// Beside Chromium's (`npm run screenshots -- --all`); Playwright empties test-results/ at each run.
const OUT = 'node_modules/.cache/screenshots/engines';
const PORT = Number(process.env.ENGINES_PORT ?? 4384);

mkdirSync(OUT, { recursive: true });
const site = await startSite(PORT, PORT + 1);
try {
  for (const [engineName, launch] of [
    ['firefox', launchFirefox],
    ['webkit', launchWebKit],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const engine = await launch({ dark: theme === 'dark' });
      try {
        for (const width of [360, 1280]) {
          await engine.resize(width, 800);
          for (const language of ['de', 'en']) {
            for (const route of ROUTES) {
              await engine.open(site.fresh);
              await engine.open(`${site.origin}${language}/#/${route}`);
              for (let tries = 0; tries < 100; tries++) {
                if (
                  await engine.run(() => document.documentElement.hasAttribute('data-interactive'))
                )
                  break;
                await new Promise((resolve) => setTimeout(resolve, 100));
              }
              const file = `${OUT}/${engineName}-${route}-${language}-${theme}-${width}.png`;
              await engine.screenshot(file);
              console.log(file);
            }
          }
        }
      } finally {
        await engine.close();
      }
    }
  }
} finally {
  await site.close();
}
