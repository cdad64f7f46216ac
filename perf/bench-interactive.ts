/**
 * `npm run bench:interactive`: how soon after the first paint the page answers a tap, measured in
 * headless Chromium with throttling applied (not simulated) through the DevTools protocol: 150 ms
 * round trip, 1.6 Mbps down, 750 kbps up, 4× CPU slowdown. Every route × language is loaded
 * `--runs` times (9 by default) in a fresh browser context, and the table gives per row the
 * median first contentful paint, the median moment the app is ready (the `app-ready`
 * performance mark it sets once it has taken over and its listeners are live; for a build without
 * the mark, the moment `<html data-interactive>` appears), their difference, and the median
 * largest contentful paint the browser observed.
 *
 * The same run measures the floor, each row's page in the visitor's document with every script
 * removed (ready = painted), and, with `--vs DIR` (repeatable), peer builds (other versions of
 * `dist/`, each named by its folder), the loads interleaved, so that ratios come from one run. It exits non-zero when a row
 * of this build misses a target (medians): ready − paint ≤ 600 ms, and the largest paint at most
 * 1.15× the floor's; the rows that miss the aim (500 ms, 1.10×) are named but pass.
 * Not part of `npm test`: timings vary with the machine's load. Flags: `--no-build`, `--runs N`,
 * `--vs DIR`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/find-chromium.ts';
import { median } from './median.ts';
import { startStaticServer } from './serve-dist.ts';
import { folderShowing } from '../src/app/prerendered-view.ts';
import { ROUTES, type TitleMarker } from '../src/app/routes.ts';
import type { Language } from '../src/i18n/language.ts';

/** Ready within this long after the first paint, with React in the browser (issue 29). */
const TARGET_MS = 600;
/** The largest paint no later than this many times the floor's (issue 29). */
const LCP_TARGET_RATIO = 1.15;
/** What issue 29 aims for, below the targets: reported, not gated. */
const AIM = { ms: 500, ratio: 1.1 };
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
    // Nine: with five or seven, the largest paint of a row moved by ±0.05 of its floor from run to
    // run on this machine (docs/performance.md, 2026-11-24); nine held every row both times.
    runs: { type: 'string', default: '9' },
    vs: { type: 'string', multiple: true },
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
  /** The largest contentful paint observed by the time of the sample. */
  lcp: number;
}

/**
 * Before the page's own scripts (and before `<html>` exists): notes when the app marks `<html>` as
 * taken over, for builds that set no `app-ready` mark, and each largest contentful paint.
 */
function watchReady() {
  const marks = window as unknown as { benchReadyAt?: number; benchLcp?: number };
  new MutationObserver(() => {
    if (document.documentElement?.hasAttribute('data-interactive')) {
      marks.benchReadyAt ??= performance.now();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-interactive'] });
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) marks.benchLcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
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
      const marks = window as unknown as { benchReadyAt?: number; benchLcp?: number };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const lcp = marks.benchLcp;
      if (fcp === undefined || lcp === undefined) return null;
      if (!waitForApp) return { fcp, ready: fcp, lcp };
      const ready = performance.getEntriesByName('app-ready')[0]?.startTime ?? marks.benchReadyAt;
      return ready === undefined ? null : { fcp, ready, lcp };
    },
    hasApp,
    { timeout: 60_000, polling: 50 },
  );
  const result = (await sample.jsonValue()) as Sample;
  await context.close();
  return result;
}

/** Where a visitor of the language is shown the page: the root, or `en/` for what it lacks. */
const folderOf = (lang: string, route: string) =>
  folderShowing(lang as Language, route as TitleMarker);

/**
 * The floor of a row: the document the visitor gets, with every script removed and the row's page
 * in its app root (exchanged with its template, as the boot script would): the same bytes, painted
 * without any script. What painting that page alone costs.
 */
function floorDocument(dist: string, route: string, lang: string): string {
  const html = readFileSync(join(dist, folderOf(lang, route), 'index.html'), 'utf8');
  const view = `${lang}-${route}`;
  const shown = /<div class="app-root" data-view="([^"]+)">([\s\S]*?)<\/div>\n<template/.exec(html);
  if (!shown) throw new Error('The built document has no app root before its templates.');
  let page = html;
  if (shown[1] !== view) {
    const template = new RegExp(`<template data-view="${view}">([\\s\\S]*?)</template>`).exec(html);
    if (!template) throw new Error(`The built document has no page ${view}.`);
    page = html
      .replace(template[0], () => `<template data-view="${shown[1]}">${shown[2]}</template>`)
      .replace(
        shown[0],
        () => `<div class="app-root" data-view="${view}">${template[1]}</div>\n<template`,
      );
  }
  return page.replace(/<script\b[\s\S]*?<\/script>/g, '');
}

/** A copy of `dist` with each row's floor beside its document, as `floor-<route>-<lang>.html`. */
function floorCopy(dist: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  cpSync(dist, folder, { recursive: true });
  for (const route of ROUTES) {
    for (const lang of Object.keys(LOCALES)) {
      const file = join(folder, folderOf(lang, route), `floor-${route}-${lang}.html`);
      writeFileSync(file, floorDocument(dist, route, lang));
    }
  }
  return folder;
}

interface Build {
  name: string;
  root: string;
  hasApp: boolean;
}

interface Row {
  build: string;
  route: string;
  lang: string;
  fcp: number;
  ready: number;
  gap: number;
  lcp: number;
}

/**
 * Every row of every build, the builds' loads interleaved (this, floor, vs, this, …) so that a
 * change in the machine's load touches them alike. One load at a time: parallel loads would share
 * the throttled line and the CPU.
 */
async function measure(browser: Browser, builds: readonly Build[]): Promise<Row[]> {
  const servers = await Promise.all(builds.map(({ root }) => startStaticServer({ root })));
  const rows: Row[] = [];
  try {
    for (const route of ROUTES) {
      for (const [lang, locale] of Object.entries(LOCALES)) {
        const samples = builds.map((): Sample[] => []);
        for (let run = 0; run < runs; run += 1) {
          for (const [index, build] of builds.entries()) {
            const page = build.hasApp ? `#/${route}` : `floor-${route}-${lang}.html`;
            const url = `${servers[index]!.url}${folderOf(lang, route)}${page}`;
            // eslint-disable-next-line no-await-in-loop
            samples[index]!.push(await load(browser, url, locale, build.hasApp));
          }
        }
        for (const [index, build] of builds.entries()) {
          const taken = samples[index]!;
          const row: Row = {
            build: build.name,
            route: `#/${route}`,
            lang,
            fcp: median(taken.map((sample) => sample.fcp)),
            ready: median(taken.map((sample) => sample.ready)),
            gap: median(taken.map((sample) => sample.ready - sample.fcp)),
            lcp: median(taken.map((sample) => sample.lcp)),
          };
          rows.push(row);
          console.error(
            `${row.build} ${row.route} ${lang}: paint ${row.fcp.toFixed(0)} ms, ready ${row.ready.toFixed(0)} ms, LCP ${row.lcp.toFixed(0)} ms`,
          );
        }
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
  return rows;
}

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
const dist = resolve('dist');
const floor = floorCopy(dist);
let rows: Row[];
try {
  rows = await measure(browser, [
    { name: 'this', root: dist, hasApp: true },
    { name: 'floor', root: floor, hasApp: false },
    ...(values.vs ?? []).map((folder) => ({
      name: basename(folder),
      root: resolve(folder),
      hasApp: true,
    })),
  ]);
} finally {
  await browser.close();
  rmSync(floor, { recursive: true, force: true });
}

const floorOf = (row: Row) =>
  rows.find((each) => each.build === 'floor' && each.route === row.route && each.lang === row.lang);
const ratio = (row: Row) => row.lcp / (floorOf(row)?.lcp ?? Number.NaN);

// Each build's rows together, in the order the builds were named.
const buildOrder = [...new Set(rows.map((row) => row.build))];
rows.sort((a, b) => buildOrder.indexOf(a.build) - buildOrder.indexOf(b.build));
const header = [
  'build',
  'route',
  'lang',
  'FCP ms',
  'ready ms',
  'ready−FCP ms',
  'LCP ms',
  'LCP/floor',
];
const lines = rows.map((row) => [
  row.build,
  row.route,
  row.lang,
  row.fcp.toFixed(0),
  row.ready.toFixed(0),
  row.gap.toFixed(0),
  row.lcp.toFixed(0),
  row.build === 'floor' ? '1.00' : ratio(row).toFixed(2),
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

const mine = rows.filter((row) => row.build === 'this');
const misses = [
  ...mine
    .filter((row) => row.gap > TARGET_MS)
    .map(
      (row) =>
        `${row.route} ${row.lang} is ready ${row.gap.toFixed(0)} ms after its first paint (target ${TARGET_MS} ms)`,
    ),
  ...mine
    .filter((row) => !(ratio(row) <= LCP_TARGET_RATIO))
    .map(
      (row) =>
        `${row.route} ${row.lang} paints its largest content at ${ratio(row).toFixed(2)}× the floor's (target ${LCP_TARGET_RATIO})`,
    ),
];
for (const miss of misses) console.error(`Missed: ${miss}.`);
const withinTargets = (row: Row) => row.gap <= TARGET_MS && ratio(row) <= LCP_TARGET_RATIO;
for (const row of mine.filter(withinTargets)) {
  if (row.gap > AIM.ms || ratio(row) > AIM.ratio) {
    console.error(
      `Within the targets but not the aim (${AIM.ms} ms, ${AIM.ratio}×): ${row.route} ${row.lang}, ${row.gap.toFixed(0)} ms, ${ratio(row).toFixed(2)}×.`,
    );
  }
}
process.exit(misses.length > 0 ? 1 : 0);
