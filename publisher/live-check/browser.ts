/**
 * The live check's browser part: every page in both languages in the headless Chromium the tests
 * use, watched for what the privacy statement rules out (another origin, a cookie, a storage entry
 * it does not name) and for what a visitor would see broken (console errors, CSP violations, no
 * heading).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { ROUTES, type TitleMarker } from '../../src/content/routes.ts';
import { STOP_CHOICE_KEY_PREFIX } from '../../src/components/carousel/stop-choice.ts';
import {
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  LOCALES,
  type Language,
} from '../../src/i18n/language.ts';
import { textAt } from '../../src/i18n/translate.ts';
import type { Dictionary } from '../../src/i18n/translate.ts';
import { CHROMIUM_FLAGS, findTestChromium } from '../../system-tools/find-chromium.ts';
import { failed, pass, unnamedStorage, type CheckResult, type Problem } from './check-live.ts';

/** The entries the privacy statement names (its storage section): language choice, scroll, carousel. */
export const NAMED_STORAGE = {
  exact: [LANGUAGE_STORAGE_KEY, `${LANGUAGE_STORAGE_KEY}-expires`, 'scroll-positions'],
  prefixes: [STOP_CHOICE_KEY_PREFIX],
};

/** The text each page's first-level heading holds, by its key in the translation file. */
const HEADING_KEYS: Record<TitleMarker, string> = {
  home: 'header.tagline',
  imprint: 'imprint.title',
  privacy: 'privacy.title',
};

const BROWSERS = LANGUAGES.map((lang) => ({ lang, locale: LOCALES[lang] }));

declare global {
  interface Window {
    checkLiveViolations?: string[];
  }
}

interface PageFindings {
  foreign: string[];
  storage: string[];
  console: string[];
  heading: string[];
}

async function visit(
  context: BrowserContext,
  site: URL,
  address: string,
  heading: string,
  into: PageFindings,
): Promise<void> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // Chromium only warns about a header it cannot use; for our own headers that is a mistake too.
    const aboutHeaders = /Permissions-Policy|Content-Security-Policy|Strict-Transport/i;
    if (message.type() === 'error' || aboutHeaders.test(message.text())) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== site.origin) {
      into.foreign.push(`${address}: ${url.origin} (${url.href})`);
    }
  });
  try {
    await page.goto(new URL(address, site).href, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    const shown = await page
      .locator('h1')
      .first()
      .filter({ hasText: heading })
      .waitFor({ state: 'visible', timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (!shown) into.heading.push(`${address}: no heading "${heading}"`);
    const { violations, storage } = await page.evaluate(() => ({
      violations: window.checkLiveViolations ?? [],
      storage: [
        ...Object.keys(localStorage).map((key) => `localStorage ${key}`),
        ...Object.keys(sessionStorage).map((key) => `sessionStorage ${key}`),
      ],
    }));
    into.console.push(...violations.map((line) => `${address}: CSP: ${line}`));
    const unnamed = unnamedStorage(
      storage.map((entry) => entry.replace(/^\w+ /, '')),
      NAMED_STORAGE,
    );
    into.storage.push(
      ...storage
        .filter((entry) => unnamed.includes(entry.replace(/^\w+ /, '')))
        .map((entry) => `${address}: ${entry}`),
    );
  } catch (error) {
    into.heading.push(
      `${address}: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
    );
  } finally {
    into.console.push(...errors.map((line) => `${address}: ${line}`));
    await page.close();
  }
}

const row = (check: string, list: string[], problem: Problem, ok: string): CheckResult =>
  list.length === 0 ? pass(check, ok) : failed(check, problem, [...new Set(list)]);

/** Every page in both languages: the root address in a German and an English browser, de/ and en/. */
export async function checkPages(site: URL, dist: string): Promise<CheckResult[]> {
  const dictionaries = Object.fromEntries(
    await Promise.all(
      BROWSERS.map(async ({ lang }) => [
        lang,
        JSON.parse(await readFile(join(dist, `assets/i18n/${lang}.json`), 'utf8')) as Dictionary,
      ]),
    ),
  ) as Record<Language, Dictionary>;
  const browser = await chromium.launch({
    executablePath: findTestChromium(),
    args: CHROMIUM_FLAGS,
  });
  const findings: PageFindings = { foreign: [], storage: [], console: [], heading: [] };
  const cookies = new Set<string>();
  // The two browsers side by side, each visiting its pages one after another, as a visitor does.
  const browse = async ({ lang, locale }: (typeof BROWSERS)[number]) => {
    // The certificate was judged by the TLS check; here only the pages count.
    const context = await browser.newContext({ locale, ignoreHTTPSErrors: true });
    await context.addInitScript(() => {
      window.checkLiveViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.checkLiveViolations?.push(
          `${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`,
        );
      });
    });
    const visits = ROUTES.flatMap((route) =>
      [`#/${route}`, `${lang}/#/${route}`].map((address) => ({
        address,
        heading: textAt(dictionaries[lang], HEADING_KEYS[route]) ?? '',
      })),
    );
    for (const { address, heading } of visits) {
      // oxlint-disable-next-line no-await-in-loop -- one page at a time, as a visitor
      await visit(context, site, address, heading, findings);
    }
    for (const cookie of await context.cookies()) cookies.add(`${cookie.name} (${cookie.domain})`);
    await context.close();
  };
  try {
    await Promise.all(BROWSERS.map(browse));
  } finally {
    await browser.close();
  }
  const pages = BROWSERS.length * ROUTES.length * 2;
  return [
    row(
      'Browser: own origin only',
      findings.foreign,
      'foreign-origin',
      `${pages} pages, nothing from elsewhere`,
    ),
    row('Browser: no cookies', [...cookies], 'cookie', 'none'),
    row(
      'Browser: storage named',
      findings.storage,
      'storage',
      'only what the privacy statement names',
    ),
    row('Browser: no errors', findings.console, 'console', 'no console error, no CSP violation'),
    row('Browser: headings shown', findings.heading, 'heading', 'every page shows its heading'),
  ];
}
