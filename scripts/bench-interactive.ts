/**
 * `npm run bench:interactive`: how soon after the first paint the page answers a tap, measured in
 * headless Chromium with throttling applied (not simulated) through the DevTools protocol: 150 ms
 * round trip, 1.6 Mbps down, 750 kbps up, 4× CPU slowdown. Every route × language is loaded
 * `--runs` times (5 by default) in a fresh browser context, and the table gives per row the
 * median first contentful paint, the median moment the app is ready (the `app-ready`
 * performance mark it sets once it has taken over and its listeners are live; for a build without
 * the mark, the moment `<html data-interactive>` appears), and their difference.
 *
 * The same run measures the floor, the built home page with every script removed (ready = painted),
 * and, with `--vs DIR`, a peer build (another version of `dist/`), so that ratios come from one run.
 * It exits non-zero when a row of this build misses the target: ready − paint ≤ 600 ms (median).
 * Not part of `npm test`: timings vary with the machine's load. Flags: `--no-build`, `--runs N`,
 * `--vs DIR`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './find-chromium.ts';
import { startStaticServer } from './serve-dist.ts';
import { ROUTES } from '../src/app/routes.ts';

const TARGET_MS = 600;
const THROTTLING = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuSlowdown: 4,
};
const LOCALES = { de: 'de-DE', en: 'en-US' } as const;

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    vs: { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number from 1');

if (!values['no-build']) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

interface Sample {
  fcp: number;
  ready: number;
}

/**
 * Before the page's own scripts (and before `<html>` exists): notes when the app marks `<html>` as
 * taken over, for builds that set no `app-ready` mark.
 */
function watchReady() {
  new MutationObserver(() => {
    if (document.documentElement?.hasAttribute('data-interactive')) {
      (window as unknown as { benchReadyAt?: number }).benchReadyAt ??= performance.now();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-interactive'] });
}

async function load(browser: Browser, url: string, locale: string, hasApp: boolean) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latency,
    downloadThroughput: THROTTLING.downloadThroughput,
    uploadThroughput: THROTTLING.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  await page.addInitScript(watchReady);
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  const sample = await page.waitForFunction(
    (waitForApp) => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      if (fcp === undefined) return null;
      if (!waitForApp) return { fcp, ready: fcp };
      const mark = performance.getEntriesByName('app-ready')[0]?.startTime;
      const observed = (window as unknown as { benchReadyAt?: number }).benchReadyAt;
      const ready = mark ?? observed;
      return ready === undefined ? null : { fcp, ready };
    },
    hasApp,
    { timeout: 60_000, polling: 50 },
  );
  const result = (await sample.jsonValue()) as Sample;
  await context.close();
  return result;
}

const median = (numbers: number[]) => {
  const sorted = numbers.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The built home page with every script removed: what paint alone costs. */
function bareCopy(dist: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<template\b[\s\S]*?<\/template>/g, '');
  writeFileSync(join(folder, 'index.html'), html);
  return folder;
}

/**
 * Where a visitor of the language reaches the page: the root, except the English legal pages,
 * which the root sends to `en/` (decision 23); timing starts with the document that shows them.
 */
const folderOf = (lang: string, route: string) => (lang === 'en' && route !== 'home' ? 'en/' : '');

interface Row {
  build: string;
  route: string;
  lang: string;
  fcp: number;
  ready: number;
  gap: number;
}

async function measure(browser: Browser, build: string, root: string, hasApp: boolean) {
  const server = await startStaticServer({ root });
  const rows: Row[] = [];
  try {
    const routes = hasApp ? ROUTES : (['home'] as const);
    for (const route of routes) {
      for (const [lang, locale] of Object.entries(LOCALES)) {
        const samples: Sample[] = [];
        const url = `${server.url}${folderOf(lang, route)}#/${route}`;
        for (let run = 0; run < runs; run += 1) {
          // One after another: parallel loads would share the throttled line and the CPU.
          // eslint-disable-next-line no-await-in-loop
          samples.push(await load(browser, url, locale, hasApp));
        }
        const fcp = median(samples.map((sample) => sample.fcp));
        const ready = median(samples.map((sample) => sample.ready));
        const gap = median(samples.map((sample) => sample.ready - sample.fcp));
        rows.push({ build, route: `#/${route}`, lang, fcp, ready, gap });
        console.error(
          `${build} #/${route} ${lang}: paint ${fcp.toFixed(0)} ms, ready ${ready.toFixed(0)} ms`,
        );
      }
    }
  } finally {
    await server.close();
  }
  return rows;
}

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
const dist = resolve('dist');
const bare = bareCopy(dist);
let rows: Row[];
try {
  rows = [
    ...(await measure(browser, 'this', dist, true)),
    ...(await measure(browser, 'floor', bare, false)),
    ...(values.vs ? await measure(browser, 'vs', resolve(values.vs), true) : []),
  ];
} finally {
  await browser.close();
  rmSync(bare, { recursive: true, force: true });
}

const header = ['build', 'route', 'lang', 'FCP ms', 'ready ms', 'ready−FCP ms'];
const lines = rows.map((row) => [
  row.build,
  row.route,
  row.lang,
  row.fcp.toFixed(0),
  row.ready.toFixed(0),
  row.gap.toFixed(0),
]);
const widths = header.map((title, column) =>
  Math.max(title.length, ...lines.map((line) => line[column]!.length)),
);
const format = (cells: string[]) =>
  cells
    .map((cell, column) =>
      column < 3 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
    )
    .join('  ');
console.log(
  `\nMedians of ${runs} loads, ${THROTTLING.latency} ms RTT, 1.6 Mbps down, ${THROTTLING.cpuSlowdown}× CPU (${new Date().toISOString().slice(0, 10)}):`,
);
console.log(format(header));
console.log(format(widths.map((width) => '-'.repeat(width))));
for (const line of lines) console.log(format(line));

const misses = rows.filter((row) => row.build === 'this' && row.gap > TARGET_MS);
for (const row of misses) {
  console.error(
    `Missed: ${row.route} ${row.lang} is ready ${row.gap.toFixed(0)} ms after its first paint (target ${TARGET_MS} ms).`,
  );
}
process.exit(misses.length > 0 ? 1 : 0);
