/**
 * `npm run bench:interactive`: how soon after the first paint the page answers a tap, measured in
 * headless Chromium under the throttling of `THROTTLING`. Every route × language is loaded `--runs`
 * times (a page its document renders, `DOCUMENT_ROW_LOAD_FACTOR` times as often) in a fresh
 * browser context, interleaved with its floor (the same document with every script removed) and
 * any `--vs DIR` builds, so that ratios come from one run. Per row it prints
 * the medians: first paint, ready (the `app-ready` mark, or `<html data-interactive>` for a build
 * without it) and where the time between them went, the CPU probe, and the largest paint over the
 * floor's. It exits non-zero when this build misses a target (`interactiveMisses`).
 * Not part of `npm test`: its figures are the machine's as much as the site's.
 * Flags: `--no-build`, `--runs N`, `--vs DIR`, `--only PAGE` (a page as `de-home`; measures only
 * the pages named, with more loads in the same time, and checks no target).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from '../system-tools/find-chromium.ts';
import { cpuProbe } from './cpu-probe.ts';
import {
  DOCUMENT_ROW_LOAD_FACTOR,
  interactiveMisses,
  lcpTargetOf,
  readinessLimitMs,
  startProbes,
  THROTTLING,
  type InteractiveRow,
} from './interactive-targets.ts';
import { median } from './median.ts';
import { startStaticServer } from './serve-dist.ts';
import { folderShowing } from '../src/app/prerendered-view.ts';
import { HOME_ROUTE, ROUTES, type TitleMarker } from '../src/content/routes.ts';
import { DEFAULT_LANGUAGE, LOCALES, type Language } from '../src/i18n/language.ts';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    // With fewer loads, a row's medians wander from run to run more than the gate's margins.
    runs: { type: 'string', default: '9' },
    vs: { type: 'string', multiple: true },
    only: { type: 'string', multiple: true },
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
  /** The scripts fetched before ready: their compressed bytes, first request and last byte. */
  scriptBytes: number;
  scriptAsked: number;
  scriptArrived: number;
  /** The compressed bytes of the translation files fetched before ready. */
  translationBytes: number;
  /** The CPU probe's time, run in the blank page before the load. */
  probe: number;
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
    latency: THROTTLING.roundTripMs,
    downloadThroughput: THROTTLING.downloadBitsPerSecond / 8,
    uploadThroughput: THROTTLING.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  // The machine's speed just before the load, in a page with nothing else to do.
  const probe = await page.evaluate(cpuProbe);
  await page.addInitScript(watchReady);
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  const sample = await page.waitForFunction(
    (waitForApp) => {
      const marks = window as unknown as { benchReadyAt?: number; benchLcp?: number };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const lcp = marks.benchLcp;
      if (fcp === undefined || lcp === undefined) return null;
      if (!waitForApp)
        return {
          fcp,
          ready: fcp,
          lcp,
          scriptBytes: 0,
          scriptAsked: fcp,
          scriptArrived: fcp,
          translationBytes: 0,
        };
      const ready = performance.getEntriesByName('app-ready')[0]?.startTime ?? marks.benchReadyAt;
      if (ready === undefined) return null;
      // No named functions here: the bundler would wrap them in a helper the page lacks.
      const before = (
        performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      ).filter((entry) => entry.responseEnd <= ready);
      const scripts = before.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
      const texts = before.filter((entry) => new URL(entry.name).pathname.endsWith('.json'));
      return {
        fcp,
        ready,
        lcp,
        scriptBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        scriptAsked: Math.min(...scripts.map((entry) => entry.startTime)),
        scriptArrived: Math.max(...scripts.map((entry) => entry.responseEnd)),
        translationBytes: texts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      };
    },
    hasApp,
    { timeout: 60_000, polling: 50 },
  );
  const taken = (await sample.jsonValue()) as Omit<Sample, 'probe'>;
  await context.close();
  return { ...taken, probe };
}

/** Where a visitor of the language is shown the page: the root, or `en/` for what it lacks. */
const folderOf = (lang: string, route: string) =>
  folderShowing(lang as Language, route as TitleMarker);

/** Where an element that opens at `from` with `<div` ends: just after its matching `</div>`. */
function divEnd(html: string, from: number): number {
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = from;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) return tags.lastIndex;
  }
  throw new Error('The built document has an app root that is not closed.');
}

/**
 * The pages of a built document, by view name, and the stretch of the body they take (the app
 * root, the templates and anything between them, as the swap script), whatever their order.
 */
function pagesOf(html: string): { pages: Map<string, string>; start: number; end: number } {
  const pages = new Map<string, string>();
  let start = Infinity;
  let end = 0;
  for (const template of html.matchAll(/<template data-view="([^"]+)">([\s\S]*?)<\/template>/g)) {
    pages.set(template[1]!, template[2]!);
    start = Math.min(start, template.index);
    end = Math.max(end, template.index + template[0].length);
  }
  const root = /<div class="app-root" data-view="([^"]+)">/.exec(html);
  if (!root) throw new Error('The built document has no app root with a page.');
  const rootEnd = divEnd(html, root.index);
  pages.set(root[1]!, html.slice(root.index + root[0].length, rootEnd - '</div>'.length));
  return { pages, start: Math.min(start, root.index), end: Math.max(end, rootEnd) };
}

/**
 * The floor of a row: the document the visitor gets, with every script removed, the row's page
 * rendered into its app root and the others as templates after it: the same bytes, painted
 * without any script, in the order that paints soonest. What painting that page alone costs.
 */
function floorDocument(dist: string, route: string, lang: string): string {
  const html = readFileSync(join(dist, folderOf(lang, route), 'index.html'), 'utf8');
  const view = `${lang}-${route}`;
  const { pages, start, end } = pagesOf(html);
  const page = pages.get(view);
  if (page === undefined) throw new Error(`The built document has no page ${view}.`);
  const others = [...pages].filter(([name]) => name !== view);
  const body = [
    `<div class="app-root" data-view="${view}">${page}</div>`,
    ...others.map(([name, markup]) => `<template data-view="${name}">${markup}</template>`),
  ].join('\n');
  return (html.slice(0, start) + body + html.slice(end)).replace(
    /<script\b[\s\S]*?<\/script>/g,
    '',
  );
}

/** Whether the row's document renders its page, or carries it as a template. */
function shownFrom(dist: string, route: string, lang: string): InteractiveRow['shownFrom'] {
  const html = readFileSync(join(dist, folderOf(lang, route), 'index.html'), 'utf8');
  const root = /<div class="app-root" data-view="([^"]+)">/.exec(html);
  return root?.[1] === `${lang}-${route}` ? 'document' : 'template';
}

/**
 * A copy of `dist` with each row's floor beside its document, as `floor-<route>-<lang>.html`, with
 * a brotli copy, so that it arrives compressed as the document does.
 */
function floorCopy(dist: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  cpSync(dist, folder, { recursive: true });
  for (const route of ROUTES) {
    for (const lang of Object.keys(LOCALES)) {
      const file = join(folder, folderOf(lang, route), `floor-${route}-${lang}.html`);
      const floor = floorDocument(dist, route, lang);
      writeFileSync(file, floor);
      writeFileSync(`${file}.br`, brotliCompressSync(floor));
    }
  }
  return folder;
}

interface Build {
  name: string;
  root: string;
  hasApp: boolean;
}

interface Row extends InteractiveRow {
  build: string;
  fcp: number;
  /** First paint → the first script's request → its last byte → ready. */
  asked: number;
  transfer: number;
  start: number;
  lcp: number;
}

/** The row of one build from its samples, paired load by load with the floor's. */
function rowOf(
  build: Build,
  route: TitleMarker,
  lang: string,
  from: InteractiveRow['shownFrom'],
  taken: readonly Sample[],
  floor: readonly Sample[],
  probeMs: number,
): Row {
  const middle = (value: (sample: Sample, index: number) => number) =>
    median(taken.map((sample, index) => value(sample, index)));
  return {
    build: build.name,
    route,
    lang,
    shownFrom: from,
    fcp: middle((sample) => sample.fcp),
    readyAfterPaintMs: middle((sample) => sample.ready - sample.fcp),
    asked: middle((sample) => sample.scriptAsked - sample.fcp),
    transfer: middle((sample) => sample.scriptArrived - sample.scriptAsked),
    start: middle((sample) => sample.ready - sample.scriptArrived),
    scriptBytes: middle((sample) => sample.scriptBytes),
    translationBytes: middle((sample) => sample.translationBytes),
    probeMs,
    lcp: middle((sample) => sample.lcp),
    // Each load over the floor's load next to it: a minute of a slower machine touches both.
    lcpRatio: middle((sample, index) => sample.lcp / floor[index]!.lcp),
  };
}

/**
 * Every row of every build, the builds' loads interleaved (this, floor, vs, then floor, vs, this,
 * …: each takes its turn first) so that a change in the machine's load touches them alike. One
 * load at a time: parallel loads would share the throttled line and the CPU.
 */
async function measure(browser: Browser, builds: readonly Build[]): Promise<Row[]> {
  const servers = await Promise.all(builds.map(({ root }) => startStaticServer({ root })));
  const urlOf = (index: number, route: string, lang: string) =>
    `${servers[index]!.url}${folderOf(lang, route)}${builds[index]!.hasApp ? `#/${route}` : `floor-${route}-${lang}.html`}`;
  const rows: Row[] = [];
  try {
    // A browser's first loads are slower than the rest: one load of each build is not counted.
    for (const [index, build] of builds.entries()) {
      // oxlint-disable-next-line no-await-in-loop -- loads in turn, or they would share the CPU they measure
      await load(
        browser,
        urlOf(index, HOME_ROUTE, DEFAULT_LANGUAGE),
        LOCALES[DEFAULT_LANGUAGE],
        build.hasApp,
      );
    }
    for (const route of ROUTES) {
      for (const [lang, locale] of Object.entries(LOCALES)) {
        if (values.only && !values.only.includes(`${lang}-${route}`)) continue;
        const samples = builds.map((): Sample[] => []);
        const from = shownFrom(builds[0]!.root, route, lang);
        const loads = from === 'document' ? runs * DOCUMENT_ROW_LOAD_FACTOR : runs;
        for (let run = 0; run < loads; run += 1) {
          for (let turn = 0; turn < builds.length; turn += 1) {
            const index = (run + turn) % builds.length;
            const { hasApp } = builds[index]!;
            // oxlint-disable-next-line no-await-in-loop -- loads in turn, or they would share the CPU they measure
            samples[index]!.push(await load(browser, urlOf(index, route, lang), locale, hasApp));
          }
        }
        const probeMs = median(samples.flat().map((sample) => sample.probe));
        const floorSamples = samples[builds.findIndex((build) => !build.hasApp)]!;
        for (const [index, build] of builds.entries()) {
          const row = rowOf(build, route, lang, from, samples[index]!, floorSamples, probeMs);
          rows.push(row);
          const ratios = samples[index]!.map(
            (sample, each) => sample.lcp / floorSamples[each]!.lcp,
          );
          console.error(
            `${row.build} #/${route} ${lang}: paint ${row.fcp.toFixed(0)} ms, ready ${row.readyAfterPaintMs.toFixed(0)} ms later, probe ${probeMs.toFixed(0)} ms, LCP/floor by load ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')}; paint and LCP by load ${samples[index]!.map((sample) => `${sample.fcp.toFixed(0)}/${sample.lcp.toFixed(0)}`).join(' ')}`,
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

// Each build's rows together, in the order the builds were named.
const buildOrder = [...new Set(rows.map((row) => row.build))];
rows.sort((a, b) => buildOrder.indexOf(a.build) - buildOrder.indexOf(b.build));
const columns: [string, (row: Row) => string][] = [
  ['build', (row) => row.build],
  ['route', (row) => `#/${row.route}`],
  ['lang', (row) => row.lang],
  ['from', (row) => (row.build === 'floor' ? '' : row.shownFrom)],
  ['FCP ms', (row) => row.fcp.toFixed(0)],
  ['ready−FCP ms', (row) => row.readyAfterPaintMs.toFixed(0)],
  ['limit ms', (row) => (row.build === 'floor' ? '' : readinessLimitMs(row).toFixed(0))],
  ['script B', (row) => String(row.scriptBytes)],
  ['texts B', (row) => String(row.translationBytes)],
  ['asked ms', (row) => row.asked.toFixed(0)],
  ['transfer ms', (row) => row.transfer.toFixed(0)],
  ['start ms', (row) => row.start.toFixed(0)],
  ['probe ms', (row) => row.probeMs.toFixed(0)],
  ['start probes', (row) => (row.build === 'floor' ? '' : startProbes(row).toFixed(1))],
  ['LCP ms', (row) => row.lcp.toFixed(0)],
  ['LCP/floor', (row) => row.lcpRatio.toFixed(2)],
  ['target', (row) => (row.build === 'floor' ? '' : lcpTargetOf(row).toFixed(2))],
];
const lines = rows.map((row) => columns.map(([, cell]) => cell(row)));
const widths = columns.map(([title], column) =>
  Math.max(title.length, ...lines.map((line) => line[column]!.length)),
);
const format = (cells: string[]) =>
  cells
    .map((cell, column) =>
      column < 4 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
    )
    .join('  ');
console.log(
  `\nMedians of ${runs} loads (${runs * DOCUMENT_ROW_LOAD_FACTOR} of a page its document renders), ${THROTTLING.roundTripMs} ms RTT, ${THROTTLING.downloadBitsPerSecond / 1024 / 1024} Mbps down, ${THROTTLING.cpuSlowdown}× CPU (${new Date().toISOString().slice(0, 10)}):`,
);
console.log(format(columns.map(([title]) => title)));
console.log(format(widths.map((width) => '-'.repeat(width))));
for (const line of lines) console.log(format(line));

// The median start and the targets are the whole site's: a part of it is measured, not judged.
if (values.only) process.exit(0);
const misses = interactiveMisses(rows.filter((row) => row.build === 'this'));
for (const miss of misses) console.error(`Missed: ${miss}.`);
process.exit(misses.length > 0 ? 1 : 0);
