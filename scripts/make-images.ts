/**
 * `npm run images`: draws the favicon from the brand's mark, then with Chromium the link preview
 * image and the PNG icons into `public/`. Run it after changing the business name, the tagline or
 * the brand, and commit the files it writes.
 */
import { statSync, writeFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { palette } from '../site-build/content-check/brand-colors.ts';
import { escapeHtml } from '../src/prerender/escape.ts';
import { IMAGES } from '../site-build/search-and-sharing-plugin.ts';
import {
  readTranslationFile,
  TRANSLATION_FILES,
} from '../site-build/content-check/translation-files.ts';
import { validateBusiness } from '../src/content/business-schema.ts';
import { business } from '../src/content/business.ts';
import { translatorFor } from '../src/i18n/translator.ts';
import { CHROMIUM_FLAGS, findChromium } from '../system-tools/find-chromium.ts';

const PUBLIC = new URL('../public/', import.meta.url);

// Like the page's font stack, with the fonts a Linux machine has for Helvetica and Arial.
const FONTS = `'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', sans-serif`;

const facts = validateBusiness(business);
const { brand } = facts;
// The light theme's colours, as the stylesheet gets them (site-build/content-check/brand-colors.ts).
const COLORS = palette('light', brand.accent);
// The logo mark as an icon: the owner's letters on the accent colour, like the page's mark.
const favicon =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
  `<rect width="32" height="32" rx="7" fill="${COLORS.accent}"/>` +
  `<text x="16" y="16" dy="0.35em" text-anchor="middle" font-family="${escapeHtml(FONTS)}" ` +
  `font-size="${[...brand.mark].length > 1 ? 15 : 20}" font-weight="800" fill="${COLORS.onAccent}">` +
  `${escapeHtml(brand.mark)}</text></svg>\n`;
writeFileSync(new URL(IMAGES.svg.path, PUBLIC), favicon);
console.log(`public/${IMAGES.svg.path}  the logo mark "${brand.mark}"`);
const faviconUrl = `data:image/svg+xml;base64,${Buffer.from(favicon).toString('base64')}`;

const german = readTranslationFile(TRANSLATION_FILES.de);
const tagline = translatorFor({ de: german, en: {} }, 'de')('header.tagline');
const { og, favicon: small, appleTouch, icon192, icon512 } = IMAGES;
const ogHtml = `<!doctype html><html lang="de"><head><meta charset="utf-8"><style>
    html, body { margin: 0; width: ${og.width}px; height: ${og.height}px; }
    body {
      box-sizing: border-box; display: flex; flex-direction: column; justify-content: center;
      gap: 40px; padding: 0 96px; font-family: ${FONTS}; color: ${COLORS.heading};
      background: ${COLORS.background};
      border-left: 24px solid ${COLORS.accent};
    }
    .brand { display: flex; align-items: center; gap: 40px; }
    img { width: 152px; height: 152px; flex: none; }
    h1 { margin: 0; font-size: 96px; line-height: 1.05; font-weight: 700; letter-spacing: -1px; }
    p { margin: 0; font-size: 48px; line-height: 1.2; color: ${COLORS.muted}; }
    .rule { width: 160px; height: 8px; border-radius: 4px; background: ${COLORS.accent}; }
    .host { position: absolute; right: 96px; bottom: 56px; font-size: 28px; color: ${COLORS.muted}; }
  </style></head><body>
    <div class="brand"><img src="${faviconUrl}" alt=""><h1>${escapeHtml(facts.name)}</h1></div>
    <div class="rule"></div>
    <p>${escapeHtml(tagline)}</p>
    <div class="host">${escapeHtml(new URL(facts.siteUrl).host)}</div>
  </body></html>`;

/** The favicon at `size` pixels; on an opaque square for iOS, else with its transparent corners. */
function iconHtml(size: number, opaque: boolean): string {
  return `<!doctype html><html><head><style>
    html, body { margin: 0; width: ${size}px; height: ${size}px; background: ${opaque ? COLORS.accent : 'transparent'}; }
    img { display: block; width: ${size}px; height: ${size}px; }
  </style></head><body><img src="${faviconUrl}" alt=""></body></html>`;
}

async function draw(browser: Browser, html: string, width: number, height: number, file: string) {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  await page.setContent(html);
  await page.evaluate(() => document.fonts.ready);
  await page.$eval('img', (image: HTMLImageElement) => image.decode());
  const path = new URL(file, PUBLIC);
  await page.screenshot({ path: path.pathname, omitBackground: true, type: 'png' });
  await page.close();
  console.log(`public/${file}  ${width}×${height}  ${(statSync(path).size / 1024).toFixed(1)} KB`);
}

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
try {
  await Promise.all([
    draw(browser, ogHtml, og.width, og.height, og.path),
    ...[small, icon192, icon512, appleTouch].map(({ path, size }) =>
      draw(browser, iconHtml(size, path === appleTouch.path), size, size, path),
    ),
  ]);
} finally {
  await browser.close();
}
