/**
 * `npm run bench:interactive`: how soon after the first paint each page answers, under
 * `THROTTLING`, beside its floor (the same document without scripts); no part of `npm test`, as
 * its figures are the machine's as much as the site's.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import * as harness from './bench-harness.ts';
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
import { median, medianOfEach } from './median.ts';
import { folderShowing } from '../src/app/prerendered-view.ts';
import { HOME_ROUTE, ROUTES, type TitleMarker } from '../src/content/routes.ts';
import { DEFAULT_LANGUAGE, LOCALES, type Language } from '../src/i18n/language.ts';

// With fewer loads, a row's medians wander from run to run more than the gate's margins.
const flags = harness.benchFlags(9, {
  vs: { type: 'string', multiple: true },
  only: { type: 'string', multiple: true },
});
await harness.buildSite(flags);
const dist = resolve('dist');

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

async function load(browser: Browser, url: string, build: { hasApp: boolean }, shown: Page) {
  const { context, page, cdp } = await harness.throttledPage(browser, { locale: shown.locale });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.roundTripMs,
    downloadThroughput: THROTTLING.downloadBitsPerSecond / 8,
    uploadThroughput: THROTTLING.uploadBitsPerSecond / 8,
  });
  // The machine's speed just before the load, in a page with nothing else to do.
  const probe = await page.evaluate(cpuProbe);
  await page.addInitScript(watchReady);
  const { route, lang } = shown;
  await page.goto(
    `${url}${folderOf(lang, route)}${build.hasApp ? `#/${route}` : `floor-${route}-${lang}.html`}`,
    { waitUntil: 'load', timeout: 60_000 },
  );
  const sample = await page.waitForFunction(
    (hasApp) => {
      const marks = window as unknown as { benchReadyAt?: number; benchLcp?: number };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const lcp = marks.benchLcp;
      const ready = hasApp
        ? (performance.getEntriesByName('app-ready')[0]?.startTime ?? marks.benchReadyAt)
        : fcp;
      if (fcp === undefined || lcp === undefined || ready === undefined) return null;
      // No named functions here: the bundler would wrap them in a helper the page lacks.
      const before = hasApp
        ? (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
            (entry) => entry.responseEnd <= ready,
          )
        : [];
      const scripts = before.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
      const texts = before.filter((entry) => new URL(entry.name).pathname.endsWith('.json'));
      const asked = hasApp ? Math.min(...scripts.map((entry) => entry.startTime)) : fcp;
      const arrived = hasApp ? Math.max(...scripts.map((entry) => entry.responseEnd)) : fcp;
      return {
        fcp,
        readyAfterPaintMs: ready - fcp,
        asked: asked - fcp,
        transfer: arrived - asked,
        start: ready - arrived,
        scriptBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        translationBytes: texts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        lcp,
      };
    },
    build.hasApp,
    { timeout: 60_000, polling: 50 },
  );
  const taken = await sample.jsonValue();
  await context.close();
  return { ...taken!, probe };
}

type Sample = Awaited<ReturnType<typeof load>>;

/** Where a visitor of the language is shown the page: the root, or `en/` for what it lacks. */
const folderOf = (lang: string, route: string) =>
  folderShowing(lang as Language, route as TitleMarker);

/**
 * The pages of a built document by view name, the one its app root renders, and the stretch of
 * the body they take (with what lies between them, as the swap script), whatever their order.
 */
function pagesOf(route: string, lang: string) {
  const html = readFileSync(join(dist, folderOf(lang, route), 'index.html'), 'utf8');
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
  // The app root ends just after the `</div>` that matches it.
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = root.index;
  let depth = 0;
  let rootEnd = 0;
  for (let tag = tags.exec(html); tag && !rootEnd; tag = tags.exec(html)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) rootEnd = tags.lastIndex;
  }
  if (!rootEnd) throw new Error('The built document has an app root that is not closed.');
  pages.set(root[1]!, html.slice(root.index + root[0].length, rootEnd - '</div>'.length));
  const stretch = { start: Math.min(start, root.index), end: Math.max(end, rootEnd) };
  return { html, pages, rendered: root[1], ...stretch };
}

/**
 * The floor of a page: its document with every script removed, the page rendered into its app
 * root and the others as templates after it: the same bytes, painted without any script, in the
 * order that paints soonest. What painting that page alone costs.
 */
function floorDocument(route: string, lang: string): string {
  const { html, pages, start, end } = pagesOf(route, lang);
  const view = `${lang}-${route}`;
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

/** A copy of `dist` with each page's floor beside its document, brotli too, as the document is. */
function floorCopy(): string {
  const folder = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  cpSync(dist, folder, { recursive: true });
  for (const route of ROUTES) {
    for (const lang of Object.keys(LOCALES)) {
      const file = join(folder, folderOf(lang, route), `floor-${route}-${lang}.html`);
      const floor = floorDocument(route, lang);
      writeFileSync(file, floor);
      writeFileSync(`${file}.br`, brotliCompressSync(floor));
    }
  }
  return folder;
}

const pageOf = (route: TitleMarker, lang: string) => ({
  route,
  lang,
  locale: LOCALES[lang as Language],
  shownFrom: (pagesOf(route, lang).rendered === `${lang}-${route}`
    ? 'document'
    : 'template') as InteractiveRow['shownFrom'],
});
type Page = ReturnType<typeof pageOf>;
const floor = floorCopy();
const floorBuild = { name: 'floor', root: floor, hasApp: false };
const rows = await harness
  .measure({
    builds: [
      { name: 'this', root: dist, hasApp: true },
      floorBuild,
      ...harness.vsBuilds(flags.vs, { hasApp: true }),
    ],
    cases: ROUTES.flatMap((route) =>
      Object.keys(LOCALES).map((lang) => pageOf(route, lang)),
    ).filter(({ route, lang }) => !flags.only || flags.only.includes(`${lang}-${route}`)),
    warmUp: pageOf(HOME_ROUTE, DEFAULT_LANGUAGE),
    // A page its document renders is held to the tightest limit, so it gets more loads.
    loads: (shown) =>
      shown.shownFrom === 'document' ? flags.runs * DOCUMENT_ROW_LOAD_FACTOR : flags.runs,
    load,
    rowsOf: (shown, samples) => {
      const probeMs = median([...samples.values()].flat().map((sample) => sample.probe));
      const floorSamples = samples.get(floorBuild)!;
      return [...samples].map(([build, taken]) => {
        // Each load over the floor's load next to it: a minute of a slower machine touches both.
        const ratios = taken.map((sample, index) => sample.lcp / floorSamples[index]!.lcp);
        const medians = medianOfEach(taken, Object.keys(taken[0]!) as (keyof Sample)[]);
        console.error(
          `${build.name} #/${shown.route} ${shown.lang}: paint ${medians.fcp.toFixed(0)} ms, ready ${medians.readyAfterPaintMs.toFixed(0)} ms later, probe ${probeMs.toFixed(0)} ms, LCP/floor by load ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')}; paint and LCP by load ${taken.map((sample) => `${sample.fcp.toFixed(0)}/${sample.lcp.toFixed(0)}`).join(' ')}`,
        );
        return Object.assign(
          { build: build.name, probeMs, lcpRatio: median(ratios) },
          shown,
          medians,
        );
      });
    },
  })
  .finally(() => rmSync(floor, { recursive: true, force: true }));

// Each build's rows together, in the order the builds were named.
const buildOrder = [...new Set(rows.map((row) => row.build))];
rows.sort((a, b) => buildOrder.indexOf(a.build) - buildOrder.indexOf(b.build));
const ms = (value: number) => value.toFixed(0);
type Row = (typeof rows)[number];
const unlessFloor = (cell: (row: Row) => string) => (row: Row) =>
  row.build === 'floor' ? '' : cell(row);
console.log(
  `\nMedians of ${flags.runs} loads (${flags.runs * DOCUMENT_ROW_LOAD_FACTOR} of a page its document renders), ${THROTTLING.roundTripMs} ms RTT, ${THROTTLING.downloadBitsPerSecond / 1024 / 1024} Mbps down, ${THROTTLING.cpuSlowdown}× CPU (${new Date().toISOString().slice(0, 10)}):`,
);
harness.printTable(
  [
    ['build', (row) => row.build],
    ['route', (row) => `#/${row.route}`],
    ['lang', (row) => row.lang],
    ['from', unlessFloor((row) => row.shownFrom)],
    ['FCP ms', (row) => ms(row.fcp)],
    ['ready−FCP ms', (row) => ms(row.readyAfterPaintMs)],
    ['limit ms', unlessFloor((row) => ms(readinessLimitMs(row)))],
    ['script B', (row) => String(row.scriptBytes)],
    ['texts B', (row) => String(row.translationBytes)],
    ['asked ms', (row) => ms(row.asked)],
    ['transfer ms', (row) => ms(row.transfer)],
    ['start ms', (row) => ms(row.start)],
    ['probe ms', (row) => ms(row.probeMs)],
    ['start probes', unlessFloor((row) => startProbes(row).toFixed(1))],
    ['LCP ms', (row) => ms(row.lcp)],
    ['LCP/floor', (row) => row.lcpRatio.toFixed(2)],
    ['target', unlessFloor((row) => lcpTargetOf(row).toFixed(2))],
  ],
  rows,
  4,
);

// The median start and the targets are the whole site's: a part of it is measured, not judged.
harness.exitWith(flags.only ? [] : interactiveMisses(rows.filter((row) => row.build === 'this')));
