import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures.ts';
import {
  checkByteBudget,
  checkDocumentSizes,
  byteCount,
  performanceTargets,
  type AssetKind,
  type BudgetFile,
} from '../perf/performance-targets.ts';
import { codeBytes, contentHashes, factStrings } from '../perf/code-bytes.ts';
import { business } from '../src/content/business.ts';

/*
 * The byte budget of the built site (`npm run check:budget`; in `npm test` with the browser tests):
 * what Chromium requests for `#/home`, in the order it requests it, each file counted at the size a
 * visitor receives: the `.br` file the build wrote beside it (brotli, quality 11), or the file itself
 * where the build wrote none (under 1 KB, or a format that is compressed already). The budget counts
 * each compressed file as brotli compresses it with the hashes in file names fixed and the business
 * facts taken out, so that the owner's words cannot move it (perf/code-bytes.ts).
 * Targets and messages: perf/performance-targets.ts (KB = 1024 bytes).
 */

const DIST = join(import.meta.dirname, '..', 'dist');

const transferBytes = (file: string): number => {
  const compressed = join(DIST, `${file}.br`);
  return statSync(existsSync(compressed) ? compressed : join(DIST, file)).size;
};

const HASHES = contentHashes(
  readdirSync(DIST, { recursive: true, encoding: 'utf8' }).map((path) =>
    path.replaceAll('\\', '/'),
  ),
);

const FACTS = factStrings(business);

/** What the budget counts: the transfer size, without hashes and facts. */
const budgetBytes = (file: string): number =>
  existsSync(join(DIST, `${file}.br`))
    ? codeBytes(readFileSync(join(DIST, file), 'utf8'), { hashes: HASHES, facts: FACTS })
    : statSync(join(DIST, file)).size;

/** Playwright's resource types as the budget's kinds of files. */
const KINDS: Readonly<Record<string, AssetKind>> = {
  document: 'document',
  stylesheet: 'stylesheet',
  script: 'script',
  fetch: 'json',
  xhr: 'json',
  manifest: 'json',
  image: 'image',
  font: 'font',
};

// An English visitor loads both translation files (German is the fallback): the larger case.
test.use({ locale: 'en-US' });

test('#/home loads within the byte budget', async ({ page, baseURL }) => {
  const requests: { url: string; kind: AssetKind }[] = [];
  page.on('request', (request) => {
    const url = request.url();
    // A preloaded translation file is of type "other" until the app takes it from the preload.
    const kind = KINDS[request.resourceType()] ?? (url.endsWith('.json') ? 'json' : 'other');
    requests.push({ url, kind });
  });
  // Returns once the app has taken over, which needs its script and both translation files.
  await page.goto('./#/home');

  const base = new URL(baseURL ?? '');
  const files: (BudgetFile & { servedBytes: number })[] = requests
    .filter(({ url }) => new URL(url).origin === base.origin)
    .map(({ url, kind }) => {
      const path = new URL(url).pathname.slice(base.pathname.length);
      const file = path === '' || path.endsWith('/') ? `${path}index.html` : path;
      return { file, kind, brotliBytes: budgetBytes(file), servedBytes: transferBytes(file) };
    });
  const total = (kind?: AssetKind) =>
    files
      .filter((each) => kind === undefined || each.kind === kind)
      .reduce((sum, { brotliBytes }) => sum + brotliBytes, 0);
  console.log(
    [
      `${'counted'.padStart(12)}  ${'served'.padStart(12)}`,
      ...files.map(
        ({ file, kind, brotliBytes, servedBytes }) =>
          `${byteCount(brotliBytes).padStart(12)}  ${byteCount(servedBytes).padStart(12)}  ${kind.padEnd(10)}  ${file}`,
      ),
      `${byteCount(total('script')).padStart(12)}  of ${byteCount(performanceTargets.maxHomeScriptBytes)} JavaScript`,
      `${byteCount(total()).padStart(12)}  of ${byteCount(performanceTargets.maxHomeTotalBytes)} in ${files.length} requests (at most ${performanceTargets.maxHomeRequests})`,
    ].join('\n'),
  );
  expect(files.map(({ file }) => file)).toContain('assets/i18n/en.json');
  expect(checkByteBudget(files).map(({ message }) => message)).toEqual([]);
});

test('each document arrives in one round trip', () => {
  const documents = readdirSync(DIST, { recursive: true, encoding: 'utf8' })
    .map((path) => path.replaceAll('\\', '/'))
    .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
    .map((file) => ({ file, brotliBytes: transferBytes(file) }));
  expect(documents.map(({ file }) => file).toSorted()).toEqual([
    'de/index.html',
    'en/index.html',
    'index.html',
  ]);
  expect(checkDocumentSizes(documents).map(({ message }) => message)).toEqual([]);
});
