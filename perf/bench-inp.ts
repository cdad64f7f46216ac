/**
 * `npm run bench:inp`: each interaction's Interaction to Next Paint on a throttled phone, beside
 * the plain React build of the same specification; no part of `npm test`, as its figures are the
 * machine's as much as the site's.
 */
import { resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import * as harness from './bench-harness.ts';
import {
  breakdownOf,
  EVENT_DURATION_THRESHOLD_MS,
  INP_AIM,
  INP_TARGET_RATIO,
  inpMiss,
  interactionOf,
  type EventEntry,
  type FrameEntry,
} from './inp-figures.ts';
import { THROTTLING } from './interactive-targets.ts';
import { median, medianOfEach } from './median.ts';

const flags = await harness.setUp(7, {
  label: { type: 'string', default: 'latest' },
  peer: { type: 'string' },
  vs: { type: 'string', multiple: true },
});

/** A phone's screen: the width of the common small phones, their pixel density. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 } as const;
/** The page counts as settled after this long without a long animation frame. */
const QUIET_MS = 500;
/** How long after an interaction's paint its long frames are counted as its work. */
const AFTER_PAINT_WINDOW_MS = 1500;

interface Control {
  /** The address the load starts at, from the build's root. */
  start: string;
  selector: string;
  /** For a change of page, the start of the address it leads to. */
  hash?: string;
}

interface Scenario {
  name: string;
  /** What shows that the interaction's change is complete; in the floor, only the address. */
  change: 'page' | 'scroll' | 'language' | 'toggle' | 'address';
  this: Control;
  /** The peer's control that does the same, if it has one. */
  peer: Control | null;
}

function footerLink(page: string): Scenario {
  const control = { start: '#/home', selector: `footer a[href="#/${page}"]`, hash: `#/${page}` };
  return { name: `footer → ${page}`, change: 'page', this: control, peer: control };
}
const SCENARIOS: readonly Scenario[] = [
  footerLink('imprint'),
  footerLink('privacy'),
  {
    name: 'close (privacy → home)',
    change: 'page',
    this: { start: '#/privacy', selector: 'main a[href="#/home"]', hash: '#/home' },
    peer: null,
  },
  {
    name: 'header → section, on home',
    change: 'scroll',
    this: { start: '#/home', selector: 'header nav a[href="#/home#contact"]' },
    peer: { start: '#/home', selector: 'header nav a:nth-of-type(2)' },
  },
  {
    // The peer's header has no section link that leaves a legal page; its home link does the work.
    name: 'header → home, from imprint',
    change: 'page',
    this: { start: '#/imprint', selector: 'header nav a[href="#/home#contact"]', hash: '#/home' },
    peer: { start: '#/imprint', selector: 'header nav a:nth-of-type(1)', hash: '#/home' },
  },
  {
    name: 'language DE → EN',
    change: 'language',
    this: { start: '#/home', selector: 'header a[hreflang="en"]' },
    peer: { start: '#/home', selector: '.lang-switch button:nth-of-type(2)' },
  },
  {
    name: 'carousel pause',
    change: 'toggle',
    this: { start: '#/home', selector: 'section[aria-roledescription="carousel"] button' },
    peer: null,
  },
];

/** What is there once a build answers, where it is not the site's app. */
const READY: Record<string, string> = { peer: 'footer a[href="#/imprint"]', floor: 'body' };

interface Kept {
  benchEvents: EventEntry[];
  benchFrames: FrameEntry[];
}

/** Before the page's own scripts: keeps every event timing entry of 16 ms or more and long frame. */
function observe() {
  const bench: Kept = Object.assign(window, { benchEvents: [], benchFrames: [] });
  new PerformanceObserver((list) => {
    bench.benchEvents.push(...list.getEntries().map((entry) => entry.toJSON() as EventEntry));
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    bench.benchFrames.push(...list.getEntries().map((entry) => entry.toJSON() as FrameEntry));
  }).observe({ type: 'long-animation-frame', buffered: true });
}

/** In the page: the parts a change alters; given them as they were, when each has changed. */
function changed(watched: Control & { change: Scenario['change']; before?: string[] }) {
  const { selector, change, hash, before } = watched;
  const main = document.querySelector('main')?.textContent ?? '';
  const parts = {
    page: [main],
    scroll: [String(window.scrollY)],
    language: [document.documentElement.lang, main],
    toggle: [document.querySelector(selector)?.outerHTML ?? ''],
    address: [location.hash],
  }[change];
  if (!before) return parts;
  if (hash !== undefined && !location.hash.startsWith(hash)) return null;
  return parts.every((part, index) => part !== before[index]) ? performance.now() : null;
}

async function load(browser: Browser, url: string, build: { name: string }, scenario: Scenario) {
  const isPeer = build.name === 'peer';
  const control = isPeer ? scenario.peer! : scenario.this;
  const { context, page } = await harness.throttledPage(browser, {
    ...PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
  });
  try {
    await page.addInitScript(observe);
    const document = build.name === 'floor' ? harness.floorFile('home', 'de') : '';
    await page.goto(`${url}${document}${control.start}`, { waitUntil: 'load', timeout: 60_000 });
    const ready = READY[build.name] ?? 'html[data-interactive]';
    await page.locator(ready).first().waitFor({ state: 'attached', timeout: 60_000 });
    const target = page.locator(control.selector).first();
    // A visitor scrolls to the footer before tapping it; the scroll is not the interaction.
    await target.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (quietMs) => {
        const { benchFrames } = window as unknown as Kept;
        const ends = benchFrames.map((frame) => frame.startTime + frame.duration);
        return performance.now() - Math.max(0, ...ends) > quietMs;
      },
      QUIET_MS,
      { timeout: 60_000, polling: 100 },
    );
    // A link in the floor changes only the address.
    const awaited = { ...control, change: build.name === 'floor' ? 'address' : scenario.change };
    const before = (await page.evaluate(changed, awaited)) as string[];
    const tappedAt = await page.evaluate(() => performance.now());
    await target.tap({ timeout: 10_000 });
    const raf = { timeout: 30_000, polling: 'raf' } as const;
    const doneAt = await page.waitForFunction(changed, { ...awaited, before }, raf);
    const done = (await doneAt.jsonValue()) as number;
    // The entries of the interaction and of the frames after it are reported a little later.
    await page.waitForTimeout(AFTER_PAINT_WINDOW_MS);
    const events = await page.evaluate(() => (window as unknown as Kept).benchEvents);
    const frames = await page.evaluate(() => (window as unknown as Kept).benchFrames);
    const { start, ...figures } = interactionOf(events, tappedAt);
    // In the order the result file keeps them.
    return {
      ...figures,
      done: done - start,
      ...breakdownOf(frames, { start, ...figures }, AFTER_PAINT_WINDOW_MS),
    };
  } finally {
    await context.close();
  }
}

/** The floor has the home page's links to a route, which need no app to be followed. */
const inFloor = ({ start, selector }: Control) =>
  start === '#/home' && selector.includes('a[href="#/');

const peerBuild = await harness.buildPeer(flags.peer);
const floor = harness.floorCopy();
const builds = [
  { name: 'this', root: resolve('dist') },
  { name: 'peer', root: peerBuild.root },
  { name: 'floor', root: floor.root },
  ...harness.vsBuilds(flags.vs),
];
const rows = await harness
  .measure({
    builds,
    cases: SCENARIOS,
    loads: () => flags.runs,
    takes: (build, { peer, this: own }) =>
      build.name === 'peer' ? peer !== null : build.name !== 'floor' || inFloor(own),
    load,
    rowsOf: (scenario, samples) => {
      const peers = [...samples].find(([build]) => build.name === 'peer')?.[1];
      const peerLatency = peers ? median(peers.map((each) => each.latency)) : null;
      return [...samples].map(([build, taken]) => {
        const medians = medianOfEach(taken);
        return Object.assign({ interaction: scenario.name, build: build.name }, medians, {
          latencies: taken.map((each) => each.latency),
          // The median over the peer's, where the peer has the interaction.
          ratio: peerLatency === null ? null : medians.latency / peerLatency,
        });
      });
    },
  })
  .finally(() => [peerBuild, floor].forEach((made) => made.remove()));

// Whole milliseconds; ratios to two places.
const rounded = JSON.parse(
  JSON.stringify(rows, (key, value: unknown) =>
    typeof value !== 'number' ? value : Number(value.toFixed(key === 'ratio' ? 2 : 0)),
  ),
) as typeof rows;
harness.printTable(
  `Medians of ${flags.runs} loads each, ${PHONE.viewport.width} px phone, ${THROTTLING.cpuSlowdown}× CPU. INP (latency) below ${EVENT_DURATION_THRESHOLD_MS} ms counts as ${EVENT_DURATION_THRESHOLD_MS}; its input delay, handlers and presentation delay; script and forced style and layout in the long frames before the paint; done: input → change complete; long frames after the paint and their blocking time:`,
  rounded.map(({ latencies, ...row }) => ({
    ...row,
    range: `${Math.min(...latencies)}–${Math.max(...latencies)}`,
  })),
  2,
);
await harness.saveResult(resolve('perf/inp-results.json'), flags.label, {
  measured: new Date().toISOString().slice(0, 10),
  command: `npm run bench:inp -- ${process.argv.slice(2).join(' ')}`.trim(),
  runs: flags.runs,
  phone: PHONE,
  cpuSlowdown: THROTTLING.cpuSlowdown,
  targets: { ratio: INP_TARGET_RATIO, aim: INP_AIM },
  rows: rounded,
});
harness.exitWith(
  rows
    .filter((row) => row.build === 'this' && row.ratio !== null)
    .map((row) => inpMiss(row.interaction, row.latency, row.latency / row.ratio!))
    .filter((miss) => miss !== null),
);
