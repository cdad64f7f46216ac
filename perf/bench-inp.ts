/**
 * `npm run bench:inp`: how soon each interaction the site has answers, as Interaction to Next Paint
 * (the browser's event timing, `PerformanceObserver` type `event`) on a phone-sized page under the
 * CPU slowdown of `THROTTLING`, beside the plain React build of the same specification
 * (`../shared/peers/react-baseline`, built by this script in a temporary folder). Each load taps
 * one control once the page has settled; the builds' loads are interleaved (each takes its turn
 * first) so that a change in the machine's load touches both. The long-animation-frame entries say
 * where the time went before the paint and after it. Prints the medians and the ratio, writes them
 * to `perf/inp-results.json` under `--label`, and exits non-zero when a shared interaction is
 * slower than the peer's (`INP_TARGET_RATIO`). Not part of `npm test`: its figures are the
 * machine's as much as the site's.
 * Flags: `--no-build`, `--dist DIR` (this build's folder), `--runs N`, `--label NAME`, `--peer DIR` (a built peer, to skip its build),
 * `--only NAME` (an interaction by name; several allowed), `--vs DIR` (another build of this
 * site, measured in the same run, such as the one before a change).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import * as prettier from 'prettier';
import { CHROMIUM_FLAGS, findChromium } from '../system-tools/find-chromium.ts';
import {
  breakdownOf,
  EVENT_DURATION_THRESHOLD_MS,
  INP_AIM,
  INP_TARGET_RATIO,
  inpMiss,
  interactionOf,
  mediansOf,
  type EventEntry,
  type FrameBreakdown,
  type FrameEntry,
  type Interaction,
  type InteractionMedians,
} from './inp-figures.ts';
import { THROTTLING } from './interactive-targets.ts';
import { startStaticServer } from './serve-dist.ts';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '7' },
    label: { type: 'string', default: 'latest' },
    peer: { type: 'string' },
    dist: { type: 'string', default: 'dist' },
    only: { type: 'string', multiple: true },
    vs: { type: 'string', multiple: true },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number from 1');

const PEER_SOURCE = resolve('../shared/peers/react-baseline');
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
  /** The element tapped. */
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

const SCENARIOS: readonly Scenario[] = [
  {
    name: 'footer → imprint',
    change: 'page',
    this: { start: '#/home', selector: 'footer a[href="#/imprint"]', hash: '#/imprint' },
    peer: { start: '#/home', selector: 'footer a[href="#/imprint"]', hash: '#/imprint' },
  },
  {
    name: 'footer → privacy',
    change: 'page',
    this: { start: '#/home', selector: 'footer a[href="#/privacy"]', hash: '#/privacy' },
    peer: { start: '#/home', selector: 'footer a[href="#/privacy"]', hash: '#/privacy' },
  },
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

/** What is there once this site's app answers. */
const SITE_READY = 'html[data-interactive]';

interface Build {
  /** `this`, `peer`, or the folder name of a build given with `--vs`. */
  name: string;
  root: string;
  /** What is there once the build's app answers. */
  ready: string;
}

interface Sample extends FrameBreakdown, Omit<Interaction, 'start'> {
  done: number;
}

/**
 * Before the page's own scripts: keeps every event timing entry of 16 ms or more and every long
 * animation frame, and when the last long frame ended (to tell when the page has settled).
 */
function observe() {
  const bench = window as unknown as {
    benchEvents: unknown[];
    benchFrames: unknown[];
    benchQuietSince: number;
  };
  bench.benchEvents = [];
  bench.benchFrames = [];
  bench.benchQuietSince = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      bench.benchEvents.push({
        name: entry.name,
        interactionId: entry.interactionId,
        startTime: entry.startTime,
        processingStart: entry.processingStart,
        processingEnd: entry.processingEnd,
        duration: entry.duration,
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const frame = entry.toJSON() as {
        startTime: number;
        duration: number;
        blockingDuration: number;
        renderStart: number;
        styleAndLayoutStart: number;
        scripts: {
          duration: number;
          forcedStyleAndLayoutDuration: number;
          invoker: string;
        }[];
      };
      bench.benchFrames.push({
        startTime: frame.startTime,
        duration: frame.duration,
        blockingDuration: frame.blockingDuration,
        renderStart: frame.renderStart,
        styleAndLayoutStart: frame.styleAndLayoutStart,
        scripts: frame.scripts.map((script) => ({
          duration: script.duration,
          forcedStyleAndLayoutDuration: script.forcedStyleAndLayoutDuration,
          invoker: script.invoker,
        })),
      });
      bench.benchQuietSince = Math.max(bench.benchQuietSince, frame.startTime + frame.duration);
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

/** A snapshot of what the change alters, taken before the tap, in the page. */
function snapshot(selector: string) {
  return {
    main: document.querySelector('main')?.textContent ?? '',
    scroll: window.scrollY,
    lang: document.documentElement.lang,
    toggle: document.querySelector(selector)?.outerHTML ?? '',
  };
}

async function load(browser: Browser, build: Build, control: Control, change: Change) {
  const context = await browser.newContext({
    ...PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
    await page.addInitScript(observe);
    const server = servers.get(build.name)!;
    await page.goto(`${server}${control.start}`, { waitUntil: 'load', timeout: 60_000 });
    await page.locator(build.ready).first().waitFor({ state: 'attached', timeout: 60_000 });
    const target = page.locator(control.selector).first();
    // A visitor scrolls to the footer before tapping it; the scroll is not the interaction.
    await target.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (quietMs) => {
        const bench = window as unknown as { benchQuietSince: number };
        return performance.now() - bench.benchQuietSince > quietMs;
      },
      QUIET_MS,
      { timeout: 60_000, polling: 100 },
    );
    const before = await page.evaluate(snapshot, control.selector);
    const tappedAt = await page.evaluate(() => performance.now());
    await target.tap({ timeout: 10_000 });
    const doneAt = await page.waitForFunction(
      (awaited) => {
        const { hash, selector } = awaited;
        const was = awaited.before;
        if (hash !== undefined && !location.hash.startsWith(hash)) return null;
        const now = {
          main: document.querySelector('main')?.textContent ?? '',
          scroll: window.scrollY,
          lang: document.documentElement.lang,
          toggle: document.querySelector(selector)?.outerHTML ?? '',
        };
        const changed =
          awaited.change === 'page'
            ? now.main !== was.main
            : awaited.change === 'scroll'
              ? now.scroll !== was.scroll
              : awaited.change === 'language'
                ? now.lang !== was.lang && now.main !== was.main
                : now.toggle !== was.toggle;
        return changed ? performance.now() : null;
      },
      { change, hash: control.hash, before, selector: control.selector },
      { timeout: 30_000, polling: 'raf' },
    );
    const done = (await doneAt.jsonValue()) as number;
    // The entries of the interaction and of the frames after it are reported a little later.
    await page.waitForFunction((until) => performance.now() > until, done + AFTER_PAINT_WINDOW_MS, {
      timeout: 30_000,
      polling: 100,
    });
    const { events, frames } = await page.evaluate(() => {
      const bench = window as unknown as { benchEvents: unknown[]; benchFrames: unknown[] };
      return { events: bench.benchEvents, frames: bench.benchFrames };
    });
    const interaction = interactionOf(events as EventEntry[], tappedAt);
    const breakdown = breakdownOf(frames as FrameEntry[], interaction, AFTER_PAINT_WINDOW_MS);
    const { start, ...figures } = interaction;
    return { ...breakdown, ...figures, done: done - start } satisfies Sample;
  } finally {
    await context.close();
  }
}

/** The peer built from its source in a temporary folder, as its README says; nothing stays. */
function buildPeer(): { root: string; remove: () => void } {
  if (values.peer) return { root: resolve(values.peer), remove: () => {} };
  if (!existsSync(PEER_SOURCE)) throw new Error(`No peer build at ${PEER_SOURCE}.`);
  const folder = mkdtempSync(join(tmpdir(), 'bench-inp-peer-'));
  cpSync(PEER_SOURCE, folder, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist[^/\\]*)$/.test(source),
  });
  const remove = () => rmSync(folder, { recursive: true, force: true });
  // The peer's engines are its own: this project's strict engine check, which npm hands to the
  // scripts it runs, is not for it.
  const env = { ...process.env, npm_config_engine_strict: 'false' };
  for (const args of [
    ['ci', '--no-audit', '--no-fund'],
    ['run', 'build:embla'],
  ]) {
    const step = spawnSync('npm', args, { cwd: folder, stdio: 'inherit', env });
    if (step.status !== 0) {
      remove();
      throw new Error(`The peer's npm ${args.join(' ')} failed.`);
    }
  }
  return { root: join(folder, 'dist-embla'), remove };
}

if (!values['no-build']) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const peer = buildPeer();
const builds: readonly Build[] = [
  { name: 'this', root: resolve(values.dist), ready: SITE_READY },
  { name: 'peer', root: peer.root, ready: 'footer a[href="#/imprint"]' },
  ...(values.vs ?? []).map((folder) => ({
    name: basename(resolve(folder)),
    root: resolve(folder),
    ready: SITE_READY,
  })),
];
const started = await Promise.all(builds.map(({ root }) => startStaticServer({ root })));
const servers = new Map(builds.map((build, index) => [build.name, started[index]!.url]));
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });

interface Row extends InteractionMedians {
  interaction: string;
  build: string;
  latencies: number[];
  /** The median over the peer's, where the peer has the interaction. */
  ratio: number | null;
}
const rows: Row[] = [];
try {
  // A browser's first loads are slower than the rest: one load of each build is not counted.
  for (const build of builds) {
    const control = build.name === 'peer' ? SCENARIOS[0]!.peer! : SCENARIOS[0]!.this;
    // oxlint-disable-next-line no-await-in-loop -- one load at a time, or they share the CPU
    await load(browser, build, control, SCENARIOS[0]!.change);
  }
  for (const scenario of SCENARIOS) {
    if (values.only && !values.only.includes(scenario.name)) continue;
    const taking = builds.filter((build) => build.name !== 'peer' || scenario.peer !== null);
    const samples = new Map<string, Sample[]>(taking.map((build) => [build.name, []]));
    for (let run = 0; run < runs; run += 1) {
      for (let turn = 0; turn < taking.length; turn += 1) {
        const build = taking[(run + turn) % taking.length]!;
        const control = build.name === 'peer' ? scenario.peer! : scenario.this;
        // oxlint-disable-next-line no-await-in-loop -- one load at a time, or they share the CPU
        const sample = await load(browser, build, control, scenario.change);
        samples.get(build.name)!.push(sample);
        console.error(
          `${scenario.name} ${build.name}: ${sample.reported ? '' : '≤'}${sample.latency.toFixed(0)} ms (input delay ${sample.inputDelay.toFixed(0)}, handlers ${sample.processing.toFixed(0)}, presentation ${sample.presentation.toFixed(0)}), done ${sample.done.toFixed(0)} ms, script ${sample.scriptBeforePaint.toFixed(0)} ms (forced layout ${sample.forcedLayoutBeforePaint.toFixed(0)}) before paint; ${sample.afterPaint.toFixed(0)} ms of long frames after (blocking ${sample.blockingAfterPaint.toFixed(0)}) [${sample.invokers.slice(0, 3).join(', ')}]`,
        );
      }
    }
    const peerLatency = samples.has('peer') ? mediansOf(samples.get('peer')!).latency : null;
    for (const [build, taken] of samples) {
      const medians = mediansOf(taken);
      rows.push({
        interaction: scenario.name,
        build,
        ...medians,
        latencies: taken.map((each) => each.latency),
        ratio: peerLatency === null ? null : medians.latency / peerLatency,
      });
    }
  }
} finally {
  await browser.close();
  await Promise.all(started.map((server) => server.close()));
  peer.remove();
}

const ms = (value: number) => value.toFixed(0);
const columns: [string, (row: Row) => string][] = [
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
];
const lines = rows.map((row) => columns.map(([, cell]) => cell(row)));
const widths = columns.map(([title], column) =>
  Math.max(title.length, ...lines.map((line) => line[column]!.length)),
);
const format = (cells: readonly string[]) =>
  cells
    .map((cell, column) =>
      column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
    )
    .join('  ');
console.log(
  `\nMedians of ${runs} loads each, ${PHONE.viewport.width} px phone, ${THROTTLING.cpuSlowdown}× CPU. INP below ${EVENT_DURATION_THRESHOLD_MS} ms counts as ${EVENT_DURATION_THRESHOLD_MS}; its input delay, handlers and presentation delay; script and forced style and layout in the long frames before the paint; done: input → change complete; long frames after the paint and their blocking time:`,
);
console.log(format(columns.map(([title]) => title)));
console.log(format(widths.map((width) => '-'.repeat(width))));
for (const line of lines) console.log(format(line));

const ours = rows.filter((row) => row.build === 'this');
const misses = ours
  .filter((row) => row.ratio !== null)
  .map((row) => inpMiss(row.interaction, row.latency, row.latency / row.ratio!))
  .filter((miss) => miss !== null);
const offAim = ours.filter(
  (row) => row.latency >= INP_AIM.latencyMs || (row.ratio !== null && row.ratio > INP_AIM.ratio),
);
for (const row of offAim) console.error(`Off the aim: ${row.interaction}.`);
for (const miss of misses) console.error(`Missed: ${miss}.`);

// Each label keeps its own run, so that a run before a change and one after it stand side by side.
const saved: Record<string, unknown> = existsSync(RESULT_FILE)
  ? (JSON.parse(readFileSync(RESULT_FILE, 'utf8')) as Record<string, unknown>)
  : {};
const round = (value: unknown): unknown =>
  typeof value === 'number'
    ? Math.round(value)
    : Array.isArray(value)
      ? value.map(round)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, each]) => [key, round(each)]))
        : value;
saved[values.label] = {
  measured: new Date().toISOString().slice(0, 10),
  command: `npm run bench:inp -- ${process.argv.slice(2).join(' ')}`.trim(),
  runs,
  phone: PHONE,
  cpuSlowdown: THROTTLING.cpuSlowdown,
  targets: { ratio: INP_TARGET_RATIO, aim: INP_AIM },
  rows: rows.map((row) =>
    Object.assign(round(row) as Row, {
      ratio: row.ratio === null ? null : Number(row.ratio.toFixed(2)),
    }),
  ),
};
// Written as Prettier writes it, so that `npm run format:check` passes on a fresh result.
const options = await prettier.resolveConfig(RESULT_FILE);
writeFileSync(
  RESULT_FILE,
  await prettier.format(JSON.stringify(saved), { ...options, parser: 'json' }),
);
console.log(`\nWritten to ${RESULT_FILE} under "${values.label}".`);
process.exit(misses.length > 0 ? 1 : 0);
