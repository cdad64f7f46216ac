/**
 * `npm run bench:interactive`: how soon after the first paint each page answers, under
 * `THROTTLING`, beside its floor (the same document without scripts); no part of `npm test`, as
 * its figures are the machine's as much as the site's.
 */
import { resolve } from 'node:path';
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
import { ROUTES, type TitleMarker } from '../src/content/routes.ts';
import { LANGUAGES, LOCALES, type Language } from '../src/i18n/language.ts';

// With fewer loads, a row's medians wander from run to run more than the gate's margins.
const flags = await harness.setUp(9, {
  vs: { type: 'string', multiple: true },
  only: { type: 'string', multiple: true },
});
const dist = resolve('dist');

/** Before the page's own scripts: notes each largest contentful paint. */
function watchLcp() {
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) Object.assign(window, { benchLcp: entry.startTime });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function load(browser: Browser, url: string, build: { name: string }, shown: Page) {
  const ofApp = build.name !== 'floor';
  const { context, page, cdp } = await harness.throttledPage(browser, {
    locale: LOCALES[shown.lang],
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.roundTripMs,
    downloadThroughput: THROTTLING.downloadBitsPerSecond / 8,
    uploadThroughput: THROTTLING.uploadBitsPerSecond / 8,
  });
  // The machine's speed just before the load, in a page with nothing else to do.
  const probeMs = await page.evaluate(cpuProbe);
  await page.addInitScript(watchLcp);
  const { route, lang } = shown;
  await page.goto(
    `${url}${ofApp ? `${folderShowing(lang, route)}#/${route}` : harness.floorFile(route, lang)}`,
    { waitUntil: 'load', timeout: 60_000 },
  );
  const sample = await page.waitForFunction(
    (hasApp) => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const lcp = (window as unknown as { benchLcp?: number }).benchLcp;
      const ready = hasApp ? performance.getEntriesByName('app-ready')[0]?.startTime : fcp;
      if (fcp === undefined || lcp === undefined || ready === undefined) return null;
      // No named functions here: the bundler would wrap them in a helper the page lacks.
      const before = (
        performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      ).filter((entry) => entry.responseEnd <= ready);
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
    ofApp,
    { timeout: 60_000, polling: 50 },
  );
  const taken = await sample.jsonValue();
  await context.close();
  return { ...taken!, probeMs };
}

const pageOf = (route: TitleMarker, lang: Language) => ({
  route,
  lang,
  shownFrom: (harness
    .documentOf(route, lang)
    .includes(`class="app-root" data-view="${lang}-${route}"`)
    ? 'document'
    : 'template') as InteractiveRow['shownFrom'],
});
type Page = ReturnType<typeof pageOf>;
const floor = harness.floorCopy();
const floorBuild = { name: 'floor', root: floor.root };
const rows = await harness
  .measure({
    builds: [{ name: 'this', root: dist }, floorBuild, ...harness.vsBuilds(flags.vs)],
    cases: ROUTES.flatMap((route) => LANGUAGES.map((lang) => pageOf(route, lang))).filter(
      ({ route, lang }) => !flags.only || flags.only.includes(`${lang}-${route}`),
    ),
    // A page its document renders is held to the tightest limit, so it gets more loads.
    loads: (shown) =>
      shown.shownFrom === 'document' ? flags.runs * DOCUMENT_ROW_LOAD_FACTOR : flags.runs,
    load,
    rowsOf: (shown, samples) => {
      const probeMs = median([...samples.values()].flat().map((sample) => sample.probeMs));
      const floorSamples = samples.get(floorBuild)!;
      return [...samples].map(([build, taken]) => {
        // Each load over the floor's load next to it: a minute of a slower machine touches both.
        const ratios = taken.map((sample, index) => sample.lcp / floorSamples[index]!.lcp);
        const medians = medianOfEach(taken);
        console.error(
          `${build.name} #/${shown.route} ${shown.lang}: paint ${medians.fcp.toFixed(0)} ms, ready ${medians.readyAfterPaintMs.toFixed(0)} ms later, probe ${probeMs.toFixed(0)} ms, LCP/floor by load ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')}; paint and LCP by load ${taken.map((sample) => `${sample.fcp.toFixed(0)}/${sample.lcp.toFixed(0)}`).join(' ')}`,
        );
        const lcpRatio = median(ratios);
        return Object.assign({ build: build.name }, shown, medians, { probeMs, lcpRatio });
      });
    },
  })
  .finally(floor.remove);

harness.printTable(
  `Medians of ${flags.runs} loads (${flags.runs * DOCUMENT_ROW_LOAD_FACTOR} of a page its document renders), ${THROTTLING.roundTripMs} ms RTT, ${THROTTLING.downloadBitsPerSecond / 1024 / 1024} Mbps down, ${THROTTLING.cpuSlowdown}× CPU (${new Date().toISOString().slice(0, 10)}); times in ms, sizes in bytes:`,
  rows.map((row) => ({
    ...row,
    route: `#/${row.route}`,
    ...(row.build !== 'floor' && {
      limit: readinessLimitMs(row),
      startProbes: startProbes(row),
      lcpTarget: lcpTargetOf(row),
    }),
  })),
  4,
);

// The median start and the targets are the whole site's: a part of it is measured, not judged.
harness.exitWith(flags.only ? [] : interactiveMisses(rows.filter((row) => row.build === 'this')));
