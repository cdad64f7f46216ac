import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { watchConsoleErrors } from '../../e2e/support/page-watch.ts';
import { DICTIONARIES, text, type Dictionary } from '../../e2e/support/translations.ts';
import { MANIFEST_NAME } from '../plan.ts';
import type { DeployResult } from '../deploy.ts';
import { CHANGED_KEY } from './variant-build.ts';
import { CONTENT_HASH, HASHED_FILE } from '../../hosting/header-policy.ts';

/**
 * Two builds published in turn, ten times, while two browsers (a German and an English one)
 * load the pages from a server that serves the target folder: what every transport of
 * `npm run deploy` must survive without a visitor noticing.
 */

export const PAGES = ['#/home', '#/imprint', 'de/', 'en/'] as const;

/** Every file below `root` with the hash of its content. */
export function contentOf(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(root, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return files;
}

const hashedScripts = (root: string) =>
  readdirSync(join(root, 'assets')).filter((name) =>
    new RegExp(`^index-${CONTENT_HASH}\\.js$`).test(name),
  );

type Texts = Record<'de' | 'en', Dictionary>;

/** Loads one page afresh and checks that it shows whole, in one build's words or the other's. */
export async function loadWhole(
  page: Page,
  baseUrl: string,
  path: (typeof PAGES)[number],
  count: number,
  changedTexts: Texts,
) {
  // The query makes every load a new document, even for the hash routes.
  const address = path.startsWith('#') ? `?load=${count}${path}` : `${path}?load=${count}`;
  await page.goto(new URL(address, baseUrl).href);
  await page.waitForLoadState('networkidle');
  const lang = (await page.locator('html').getAttribute('lang')) as 'de' | 'en';
  expect(['de', 'en']).toContain(lang);
  const words = DICTIONARIES[lang];
  await expect(page.getByRole('main')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: text(words, 'footer.navLabel') }).getByRole('link'),
  ).toHaveText([text(words, 'footer.imprint'), text(words, 'footer.privacy')]);
  if (path === '#/imprint') {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(words, 'imprint.title'));
  } else {
    const heading = await page.locator('#contact').getByRole('heading', { level: 2 }).innerText();
    expect([text(words, CHANGED_KEY), text(changedTexts[lang], CHANGED_KEY)]).toContain(heading);
  }
}

/** Watches a visitor's page: every answer must be 200, the console free of errors. */
export async function watchVisitor(page: Page) {
  const errors = watchConsoleErrors(page);
  page.on('response', (response) => {
    if (response.status() !== 200) errors.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // For a page the root document does not carry in the visitor's language, the boot script
    // moves to the language's own address at once, and Chromium reports the left document as aborted.
    const left =
      request.isNavigationRequest() && request.failure()?.errorText === 'net::ERR_ABORTED';
    if (!left) errors.push(`failed ${request.url()}: ${request.failure()?.errorText}`);
  });
  // Every load asks the server for every file, as a first visit does.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return errors;
}

export interface LoadOptions {
  page: Page;
  browser: Browser;
  /** The server that serves `site`. */
  baseUrl: string;
  /** The target folder, as the server's file system holds it. */
  site: string;
  /** dist/ and the variant build: the first goes up first and last. */
  builds: [string, string];
  changedTexts: Texts;
  publish: (source: string) => Promise<DeployResult>;
}

export async function publishUnderLoad(options: LoadOptions) {
  const { page, browser, baseUrl, site, builds, changedTexts, publish } = options;
  const [first, other] = builds;
  await publish(first);
  // Two visitors: an English browser (the root moves it to en/ for the imprint) and a German one.
  const german = await browser.newContext({ locale: 'de-DE' });
  const visitors = [page, await german.newPage()];
  const problems = await Promise.all(visitors.map(watchVisitor));
  const state = { deploying: true };
  let loads = 0;
  const visiting = visitors.map(async (visitor) => {
    while (state.deploying) {
      for (const path of PAGES) {
        // oxlint-disable-next-line no-await-in-loop -- a visitor loads one page at a time
        await loadWhole(visitor, baseUrl, path, loads++, changedTexts);
      }
    }
  });
  const published: string[] = [];
  try {
    for (let round = 0; round < 10; round++) {
      const source = round % 2 === 0 ? other : first;
      // oxlint-disable-next-line no-await-in-loop -- the builds go up one after the other
      const { plan } = await publish(source);
      expect(plan.uploads.length, `round ${round} uploads the other build`).toBeGreaterThan(0);
      published.push(source);
      // The script of the build before is still there for a page that names it.
      const before = round === 0 ? first : published[round - 1]!;
      for (const script of hashedScripts(before)) {
        expect(readdirSync(join(site, 'assets'))).toContain(script);
      }
    }
  } finally {
    state.deploying = false;
    await Promise.allSettled(visiting);
  }
  await Promise.all(visiting);
  await german.close();
  expect(loads, 'pages loaded while the builds went up').toBeGreaterThanOrEqual(PAGES.length * 2);
  expect(problems.flat(), 'answers other than 200, console errors').toEqual([]);

  // The folder holds the first build exactly, the other's hashed files, the manifest, no temporaries.
  const remote = contentOf(site);
  const expected = contentOf(first);
  for (const [path, hash] of expected) expect(remote.get(path), path).toBe(hash);
  const previous = contentOf(other);
  const extra = [...remote.keys()].filter((path) => !expected.has(path));
  for (const path of extra) {
    if (path === MANIFEST_NAME) continue;
    expect(previous.get(path), `${path} is the previous build's`).toBe(remote.get(path));
    expect(path).toMatch(new RegExp(`^${HASHED_FILE}`));
  }
  expect(extra).toContain(MANIFEST_NAME);
  // The manifest is the deploy's, not the visitors'.
  expect((await page.request.get(new URL(MANIFEST_NAME, baseUrl).href)).status()).toBe(404);
  return loads;
}
