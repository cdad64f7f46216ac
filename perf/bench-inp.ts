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
  mediansOf,
  type EventEntry,
  type FrameEntry,
} from './inp-figures.ts';
import { THROTTLING } from './interactive-targets.ts';

const flags = harness.benchFlags(7, {
  label: { type: 'string', default: 'latest' },
  peer: { type: 'string' },
  dist: { type: 'string', default: 'dist' },
  only: { type: 'string', multiple: true },
  vs: { type: 'string', multiple: true },
});

const RESULT_FILE = resolve('perf/inp-results.json');
/** A phone's screen: the width of the common small phones, their pixel density. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 } as const;
/** The page counts as settled after this long without a long animation frame. */
const QUIET_MS = 500;
/** How long after an interaction's paint its long frames are counted as its work. */
const AFTER_PAINT_WINDOW_MS = 1500;

/** What shows that an interaction's change is complete. */
type Change = 'page' | 'scroll' | 'language' | 'toggle';

interface Control {
  /** The address the load starts at, from the build's root. */
  start: string;
  selector: string;
  /** For a change of page, the start of the address it leads to. */
  hash?: string;
}

interface Scenario {
  name: string;
  change: Change;
  this: Control;
  /** The peer's control that does the same, if it has one. */
  peer: Control | null;
}

const footer = (page: string) => ({
  start: '#/home',
  selector: `footer a[href="#/${page}"]`,
  hash: `#/${page}`,
});
const SCENARIOS: readonly Scenario[] = [
  { name: 'footer → imprint', change: 'page', this: footer('imprint'), peer: footer('imprint') },
  { name: 'footer → privacy', change: 'page', this: footer('privacy'), peer: footer('privacy') },
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

/** What the page keeps for the bench: when the last long frame ended tells when it has settled. */
interface Kept {
  benchEvents: EventEntry[];
  benchFrames: FrameEntry[];
  benchQuietSince: number;
}

/** Before the page's own scripts: keeps every event timing entry of 16 ms or more and long frame. */
function observe() {
  const bench: Kept = Object.assign(window, {
    benchEvents: [],
    benchFrames: [],
    benchQuietSince: 0,
  });
  new PerformanceObserver((list) => {
    bench.benchEvents.push(...list.getEntries().map((entry) => entry.toJSON() as EventEntry));
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      bench.benchFrames.push(entry.toJSON() as FrameEntry);
      bench.benchQuietSince = Math.max(bench.benchQuietSince, entry.startTime + entry.duration);
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

interface Watched {
  selector: string;
  change: Change;
  hash?: string | undefined;
  before?: { main: string; scroll: number; lang: string; toggle: string };
}

/** In the page: what a change alters, read before the tap; given that, when the change is complete. */
function changed({ selector, change, hash, before }: Watched) {
  const now = {
    main: document.querySelector('main')?.textContent ?? '',
    scroll: window.scrollY,
    lang: document.documentElement.lang,
    toggle: document.querySelector(selector)?.outerHTML ?? '',
  };
  if (!before) return now;
  if (hash !== undefined && !location.hash.startsWith(hash)) return null;
  const done =
    change === 'page'
      ? now.main !== before.main
      : change === 'scroll'
        ? now.scroll !== before.scroll
        : change === 'language'
          ? now.lang !== before.lang && now.main !== before.main
          : now.toggle !== before.toggle;
  return done ? performance.now() : null;
}

/** `build.ready` is what is there once the build's app answers. */
async function load(
  browser: Browser,
  url: string,
  build: { name: string; ready: string },
  scenario: Scenario,
) {
  const control = build.name === 'peer' ? scenario.peer! : scenario.this;
  const { context, page } = await harness.throttledPage(browser, {
    ...PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
  });
  try {
    await page.addInitScript(observe);
    await page.goto(`${url}${control.start}`, { waitUntil: 'load', timeout: 60_000 });
    await page.locator(build.ready).first().waitFor({ state: 'attached', timeout: 60_000 });
    const target = page.locator(control.selector).first();
    // A visitor scrolls to the footer before tapping it; the scroll is not the interaction.
    await target.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (quietMs) => performance.now() - (window as unknown as Kept).benchQuietSince > quietMs,
      QUIET_MS,
      { timeout: 60_000, polling: 100 },
    );
    const awaited = { selector: control.selector, change: scenario.change, hash: control.hash };
    const before = (await page.evaluate(changed, awaited)) as Watched['before'];
    const tappedAt = await page.evaluate(() => performance.now());
    await target.tap({ timeout: 10_000 });
    const raf = { timeout: 30_000, polling: 'raf' } as const;
    const doneAt = await page.waitForFunction(changed, { ...awaited, before }, raf);
    const done = (await doneAt.jsonValue()) as number;
    // The entries of the interaction and of the frames after it are reported a little later.
    await page.waitForFunction((until) => performance.now() > until, done + AFTER_PAINT_WINDOW_MS, {
      timeout: 30_000,
      polling: 100,
    });
    const events = await page.evaluate(() => (window as unknown as Kept).benchEvents);
    const frames = await page.evaluate(() => (window as unknown as Kept).benchFrames);
    const interaction = interactionOf(events, tappedAt);
    const breakdown = breakdownOf(frames, interaction, AFTER_PAINT_WINDOW_MS);
    const { start, ...figures } = interaction;
    return { ...breakdown, ...figures, done: done - start };
  } finally {
    await context.close();
  }
}

await harness.buildSite(flags);
const peer = await harness.buildPeer(flags.peer);
/** What is there once this site's app answers. */
const SITE_READY = 'html[data-interactive]';
const builds = [
  { name: 'this', root: resolve(flags.dist), ready: SITE_READY },
  { name: 'peer', root: peer.root, ready: 'footer a[href="#/imprint"]' },
  ...harness.vsBuilds(flags.vs, { ready: SITE_READY }),
];
const ms = (value: number) => value.toFixed(0);
const rows = await harness
  .measure({
    builds,
    cases: SCENARIOS.filter((scenario) => !flags.only || flags.only.includes(scenario.name)),
    warmUp: SCENARIOS[0]!,
    loads: () => flags.runs,
    takes: (build, scenario) => build.name !== 'peer' || scenario.peer !== null,
    load,
    log: (sample, build, scenario) =>
      `${scenario.name} ${build.name}: ${sample.reported ? '' : '≤'}${ms(sample.latency)} ms (input delay ${ms(sample.inputDelay)}, handlers ${ms(sample.processing)}, presentation ${ms(sample.presentation)}), done ${ms(sample.done)} ms, script ${ms(sample.scriptBeforePaint)} ms (forced layout ${ms(sample.forcedLayoutBeforePaint)}) before paint; ${ms(sample.afterPaint)} ms of long frames after (blocking ${ms(sample.blockingAfterPaint)}) [${sample.invokers.slice(0, 3).join(', ')}]`,
    rowsOf: (scenario, samples) => {
      const peers = [...samples].find(([build]) => build.name === 'peer')?.[1];
      const peerLatency = peers ? mediansOf(peers).latency : null;
      return [...samples].map(([build, taken]) => {
        const medians = mediansOf(taken);
        return Object.assign({ interaction: scenario.name, build: build.name }, medians, {
          latencies: taken.map((each) => each.latency),
          // The median over the peer's, where the peer has the interaction.
          ratio: peerLatency === null ? null : medians.latency / peerLatency,
        });
      });
    },
  })
  .finally(peer.remove);

console.log(
  `\nMedians of ${flags.runs} loads each, ${PHONE.viewport.width} px phone, ${THROTTLING.cpuSlowdown}× CPU. INP below ${EVENT_DURATION_THRESHOLD_MS} ms counts as ${EVENT_DURATION_THRESHOLD_MS}; its input delay, handlers and presentation delay; script and forced style and layout in the long frames before the paint; done: input → change complete; long frames after the paint and their blocking time:`,
);
harness.printTable(
  [
    ['interaction', (row) => row.interaction],
    ['build', (row) => row.build],
    ['INP ms', (row) => ms(row.latency)],
    ['range', (row) => `${ms(Math.min(...row.latencies))}–${ms(Math.max(...row.latencies))}`],
    ['/peer', (row) => (row.build === 'peer' ? '' : (row.ratio?.toFixed(2) ?? ''))],
    ['delay', (row) => ms(row.inputDelay)],
    ['handlers', (row) => ms(row.processing)],
    ['presentation', (row) => ms(row.presentation)],
    ['script', (row) => ms(row.scriptBeforePaint)],
    ['forced', (row) => ms(row.forcedLayoutBeforePaint)],
    ['done ms', (row) => ms(row.done)],
    ['after ms', (row) => ms(row.afterPaint)],
    ['blocking', (row) => ms(row.blockingAfterPaint)],
  ],
  rows,
  2,
);

const ours = rows.filter((row) => row.build === 'this');
for (const row of ours) {
  if (row.latency >= INP_AIM.latencyMs || (row.ratio !== null && row.ratio > INP_AIM.ratio)) {
    console.error(`Off the aim: ${row.interaction}.`);
  }
}
await harness.saveResult(RESULT_FILE, flags.label, {
  measured: new Date().toISOString().slice(0, 10),
  command: `npm run bench:inp -- ${process.argv.slice(2).join(' ')}`.trim(),
  runs: flags.runs,
  phone: PHONE,
  cpuSlowdown: THROTTLING.cpuSlowdown,
  targets: { ratio: INP_TARGET_RATIO, aim: INP_AIM },
  // Whole milliseconds; ratios to two places.
  rows: JSON.parse(
    JSON.stringify(rows, (key, value: unknown) =>
      typeof value !== 'number'
        ? value
        : key === 'ratio'
          ? Number(value.toFixed(2))
          : Math.round(value),
    ),
  ) as unknown,
});
harness.exitWith(
  ours
    .filter((row) => row.ratio !== null)
    .map((row) => inpMiss(row.interaction, row.latency, row.latency / row.ratio!))
    .filter((miss) => miss !== null),
);
