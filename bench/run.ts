import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/find-chromium.ts';
import { startStaticServer } from '../scripts/serve-dist.ts';
import { folderShowing } from '../src/app/prerendered-view.ts';
import type { BenchOptions, FormFactor, Language } from './args.ts';
import {
  categories,
  dictionaryWords,
  figuresOf,
  type LanguageSeen,
  type Measurement,
  type RunFigures,
} from './figures.ts';

/**
 * Running the bench: builds the site, serves it, and runs Lighthouse in a fresh Chromium for
 * every run of every route × language × form factor, one after another, saving each full report.
 */

const browserLanguage: Record<Language, { lang: string; acceptLanguage: string }> = {
  de: { lang: 'de-DE', acceptLanguage: 'de-DE,de;q=0.9' },
  en: { lang: 'en-US', acceptLanguage: 'en-US,en;q=0.9' },
};

const chromeFlags = ['--headless=new', ...CHROMIUM_FLAGS];

/** `npm run build`; false (after saying so) when it failed. */
export function buildSite(): boolean {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('npm run build failed');
    return false;
  }
  return true;
}

/** Opens the route in the benchmark's own browser and reads what language the app chose. */
async function languageSeen(port: number, url: string): Promise<LanguageSeen> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    const seen = await page.evaluate(() => ({
      htmlLang: document.documentElement.lang,
      navigatorLanguages: [...navigator.languages],
    }));
    await page.close();
    return seen;
  } finally {
    await browser.close();
  }
}

async function measure(
  url: string,
  origin: string,
  language: Language,
  formFactor: FormFactor,
  checkLanguage: boolean,
  dictionaries: Record<Language, Set<string>>,
  reportPath: string,
) {
  const { lang, acceptLanguage } = browserLanguage[language];
  let chrome: LaunchedChrome | undefined;
  try {
    chrome = await launch({
      chromePath: findChromium(),
      ignoreDefaultFlags: true,
      chromeFlags: [...chromeFlags, `--lang=${lang}`, `--accept-lang=${acceptLanguage}`],
      prefs: { intl: { accept_languages: acceptLanguage.replace(/;q=[0-9.]+/g, '') } },
      logLevel: 'silent',
    });
    const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
        extraHeaders: { 'Accept-Language': acceptLanguage },
      },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    mkdirSync(dirname(reportPath), { recursive: true });
    writeFileSync(reportPath, JSON.stringify(result.lhr));
    const figures = figuresOf(result.lhr, origin, dictionaries);
    const seen = checkLanguage ? await languageSeen(chrome.port, url) : undefined;
    return { figures, seen };
  } finally {
    chrome?.kill();
  }
}

/** Serves the built site and measures every picked combination `options.runs` times. */
export async function measureAll(
  options: BenchOptions,
): Promise<{ startedAt: Date; measurements: Measurement[] }> {
  const { runs } = options;
  const root = resolve(options.dist);
  const dictionaries = {
    de: dictionaryWords(join(root, 'assets/i18n/de.json')),
    en: dictionaryWords(join(root, 'assets/i18n/en.json')),
  };
  const server = await startStaticServer({ root });
  const origin = new URL(server.url).origin;
  const startedAt = new Date();
  const measurements: Measurement[] = [];
  const reportsFolder = join(dirname(resolve(options.out)), 'reports');
  try {
    console.error(
      `Lighthouse ${runs}× each: ${options.routes.length} route(s) × ${options.languages.length} language(s) × ${options.formFactors.length} form factor(s), Chromium ${findChromium()}, serving ${root} at ${server.url}`,
    );
    for (const route of options.routes) {
      for (const language of options.languages) {
        for (const formFactor of options.formFactors) {
          // Where the site shows the page to a visitor of the language (the root lacks some).
          const url = `${server.url}${folderShowing(language, route)}#/${route}`;
          const all: RunFigures[] = [];
          let seen: LanguageSeen | undefined;
          for (let run = 0; run < runs; run += 1) {
            const started = Date.now();
            // Runs must not overlap: each one needs the machine to itself.
            // oxlint-disable-next-line no-await-in-loop
            const result = await measure(
              url,
              origin,
              language,
              formFactor,
              run === 0,
              dictionaries,
              join(reportsFolder, `${route}-${language}-${formFactor}-${run + 1}.json`),
            );
            all.push(result.figures);
            seen ??= result.seen;
            console.error(
              `  #/${route} ${language} ${formFactor} run ${run + 1}/${runs}: LCP ${Math.round(result.figures.lcpMs)} ms, perf ${result.figures.scores.performance} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
            );
          }
          measurements.push({ route, language, formFactor, all, seen });
        }
      }
    }
  } finally {
    await server.close();
  }
  return { startedAt, measurements };
}

/** The installed Lighthouse's version (bench/node_modules), for the report. */
export function lighthouseVersion(): string {
  const manifest = JSON.parse(
    readFileSync(join(import.meta.dirname, 'node_modules/lighthouse/package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}
