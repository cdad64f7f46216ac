/**
 * What `npm run bench:interactive` holds each page to, and the arithmetic of its gate, apart from
 * the browser so that the rule can be read and tested on its own.
 */
import type { TitleMarker } from '../src/content/routes.ts';
import { median } from './median.ts';
import { byteCount, performanceTargets } from './performance-targets.ts';

/** A cheap phone on a slow network, applied (not simulated) through the DevTools protocol. */
export const THROTTLING = {
  roundTripMs: 150,
  downloadBitsPerSecond: 1.6 * 1024 * 1024,
  uploadBitsPerSecond: 750 * 1024,
  cpuSlowdown: 4,
} as const;

/**
 * The largest paint no later than this many times the floor's (the page painted without scripts),
 * for a page its document renders.
 */
export const LCP_TARGET_RATIO = 1.15;

/**
 * The same for a page its document carries as a template, which the swap script puts in place:
 * work the floor does not do. Measured, not chosen: the spread of such rows on this machine and a
 * margin (decision 44).
 */
export const TEMPLATE_LCP_TARGET_RATIO = 1.3;

/**
 * The median of the template rows' ratios: one row wanders far from run to run, their middle
 * little, so it notices a slower swap that no single row's limit could tell from the noise.
 */
export const MEDIAN_TEMPLATE_LCP_TARGET_RATIO = 1.15;

/**
 * How many times as many loads a row its document renders gets: it is held to the tightest limit,
 * and the German home page, the page most visitors see, is one.
 */
export const DOCUMENT_ROW_LOAD_FACTOR = 4;

/**
 * The work between the first paint and the app being ready, less the scripts' transfer: the paint
 * reaching the boot script, then React's evaluation and hydration. Counted in CPU probes run
 * beside the loads, so that a slower machine raises the limit and a slower start does not.
 */
export const START_ALLOWANCE_PROBES = 11;

/**
 * The same for the median of the pages: every page runs the same start, and the middle row moves
 * far less from run to run than any one row, so it notices a smaller slowdown.
 */
export const MEDIAN_START_ALLOWANCE_PROBES = 8;

/** How long `bytes` take to arrive after they are asked for: a round trip, then the bandwidth. */
export const transferMs = (bytes: number): number =>
  THROTTLING.roundTripMs + ((bytes * 8) / THROTTLING.downloadBitsPerSecond) * 1000;

/** One page in one language, as the bench measured it (medians of its loads). */
export interface InteractiveRow {
  route: TitleMarker;
  lang: string;
  /** Whether its document renders the page, or carries it as a template. */
  shownFrom: 'document' | 'template';
  /** From the first contentful paint to the app's `app-ready` mark. */
  readyAfterPaintMs: number;
  /** The compressed bytes of the scripts fetched before ready. */
  scriptBytes: number;
  /** The compressed bytes of the translation files fetched before ready: they share the line. */
  translationBytes: number;
  /** The CPU probe's time on this machine, now. */
  probeMs: number;
  /** The largest contentful paint over the floor's. */
  lcpRatio: number;
}

/** What arrives after the first paint before the app can start: the budgeted scripts and the texts. */
const afterPaintTransferMs = (row: InteractiveRow, scriptBudgetBytes: number): number =>
  transferMs(scriptBudgetBytes + row.translationBytes);

/**
 * The latest moment after the first paint at which a page may be ready: the transfer of the
 * budgeted scripts and the row's translation files, plus the start allowance at the machine's
 * present speed.
 */
export const readinessLimitMs = (
  row: InteractiveRow,
  scriptBudgetBytes: number = performanceTargets.maxHomeScriptBytes,
): number => afterPaintTransferMs(row, scriptBudgetBytes) + START_ALLOWANCE_PROBES * row.probeMs;

/** The start's share of a row's time after the paint, in probes. */
export const startProbes = (
  row: InteractiveRow,
  scriptBudgetBytes: number = performanceTargets.maxHomeScriptBytes,
): number => (row.readyAfterPaintMs - afterPaintTransferMs(row, scriptBudgetBytes)) / row.probeMs;

/** The largest paint's limit over the floor's for the row. */
export const lcpTargetOf = (row: InteractiveRow): number =>
  row.shownFrom === 'document' ? LCP_TARGET_RATIO : TEMPLATE_LCP_TARGET_RATIO;

/** Each way the rows miss their targets, in a sentence; empty when they meet them all. */
export function interactiveMisses(
  rows: readonly InteractiveRow[],
  scriptBudgetBytes: number = performanceTargets.maxHomeScriptBytes,
): string[] {
  const misses = rows.flatMap((row) => rowMisses(row, scriptBudgetBytes));
  const typical = median(rows.map((row) => startProbes(row, scriptBudgetBytes)));
  if (!(typical <= MEDIAN_START_ALLOWANCE_PROBES)) {
    misses.push(
      `the pages' median start takes ${typical.toFixed(1)} probes after the transfer, over the ${MEDIAN_START_ALLOWANCE_PROBES} allowed`,
    );
  }
  const templates = rows.filter((row) => row.shownFrom === 'template');
  const templateRatio = median(templates.map((row) => row.lcpRatio));
  if (templates.length > 0 && !(templateRatio <= MEDIAN_TEMPLATE_LCP_TARGET_RATIO)) {
    misses.push(
      `the pages shown from a template paint their largest content at a median ${templateRatio.toFixed(2)}× the floor's, over the ${MEDIAN_TEMPLATE_LCP_TARGET_RATIO}× allowed`,
    );
  }
  return misses;
}

function rowMisses(row: InteractiveRow, scriptBudgetBytes: number): string[] {
  const page = `#/${row.route} ${row.lang}`;
  const misses: string[] = [];
  if (row.scriptBytes > scriptBudgetBytes) {
    misses.push(
      `${page} loads ${byteCount(row.scriptBytes)} of script before it is ready, over the ${byteCount(scriptBudgetBytes)} its limit counts on`,
    );
  }
  const limit = readinessLimitMs(row, scriptBudgetBytes);
  if (!(row.readyAfterPaintMs <= limit)) {
    misses.push(
      `${page} is ready ${row.readyAfterPaintMs.toFixed(0)} ms after its first paint, over its limit of ${limit.toFixed(0)} ms (the transfer of the scripts and texts ${afterPaintTransferMs(row, scriptBudgetBytes).toFixed(0)} ms + ${START_ALLOWANCE_PROBES} probes of ${row.probeMs.toFixed(0)} ms)`,
    );
  }
  const target = lcpTargetOf(row);
  if (!(row.lcpRatio <= target)) {
    misses.push(
      `${page}, shown from its ${row.shownFrom}, paints its largest content at ${row.lcpRatio.toFixed(2)}× the floor's (target ${target}×)`,
    );
  }
  return misses;
}
