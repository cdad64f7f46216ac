/** What `npm run bench:interactive` holds each page to, apart from the browser to be tested alone. */
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

/** A page its document renders paints its largest content within this many times the floor's. */
export const LCP_TARGET_RATIO = 1.15;

/** The same for a page shown from a template, which the swap script puts in: work the floor skips. */
export const TEMPLATE_LCP_TARGET_RATIO = 1.3;

/** The template rows' median: it wanders less than one row, so it notices a smaller slowdown. */
export const MEDIAN_TEMPLATE_LCP_TARGET_RATIO = 1.15;

/** More loads for a page its document renders: it is held to the tightest limit. */
export const DOCUMENT_ROW_LOAD_FACTOR = 4;

/**
 * The start between the first paint and ready, less the transfer, in CPU probes run beside the
 * loads: a slower machine raises the limit, a slower start does not.
 */
export const START_ALLOWANCE_PROBES = 11;

/** The same for the pages' median start, which moves less than any one row's. */
export const MEDIAN_START_ALLOWANCE_PROBES = 8;

/** How long `bytes` take to arrive: a round trip, then the bandwidth. */
export const transferMs = (bytes: number): number =>
  THROTTLING.roundTripMs + ((bytes * 8) / THROTTLING.downloadBitsPerSecond) * 1000;

/** One page in one language: the medians of its loads, the bytes fetched before ready. */
export interface InteractiveRow {
  route: TitleMarker;
  lang: string;
  shownFrom: 'document' | 'template';
  readyAfterPaintMs: number;
  scriptBytes: number;
  translationBytes: number;
  probeMs: number;
  /** The largest contentful paint over the floor's. */
  lcpRatio: number;
}

/** The script budget the limits count on: what `#/home` may load. */
const BUDGET = performanceTargets.maxHomeScriptBytes;

/** What arrives after the first paint before the app starts: the budgeted scripts, the texts. */
const afterPaintTransferMs = (row: InteractiveRow, scriptBudgetBytes: number): number =>
  transferMs(scriptBudgetBytes + row.translationBytes);

/** The latest a page may be ready after its first paint: that transfer and the start's allowance. */
export const readinessLimitMs = (row: InteractiveRow, scriptBudgetBytes = BUDGET): number =>
  afterPaintTransferMs(row, scriptBudgetBytes) + START_ALLOWANCE_PROBES * row.probeMs;

/** The start's share of a row's time after the paint, in probes. */
export const startProbes = (row: InteractiveRow, scriptBudgetBytes = BUDGET): number =>
  (row.readyAfterPaintMs - afterPaintTransferMs(row, scriptBudgetBytes)) / row.probeMs;

/** The largest paint's limit over the floor's for the row. */
export const lcpTargetOf = (row: InteractiveRow): number =>
  row.shownFrom === 'document' ? LCP_TARGET_RATIO : TEMPLATE_LCP_TARGET_RATIO;

/** Each way the rows miss their targets, in a sentence; empty when they meet them all. */
export function interactiveMisses(
  rows: readonly InteractiveRow[],
  scriptBudgetBytes = BUDGET,
): string[] {
  const typical = median(rows.map((row) => startProbes(row, scriptBudgetBytes)));
  const templates = rows.filter((row) => row.shownFrom === 'template');
  const templateRatio = median(templates.map((row) => row.lcpRatio));
  return [
    ...rows.flatMap((row) => rowMisses(row, scriptBudgetBytes)),
    !(typical <= MEDIAN_START_ALLOWANCE_PROBES) &&
      `the pages' median start takes ${typical.toFixed(1)} probes after the transfer, over the ${MEDIAN_START_ALLOWANCE_PROBES} allowed`,
    templates.length > 0 &&
      !(templateRatio <= MEDIAN_TEMPLATE_LCP_TARGET_RATIO) &&
      `the pages shown from a template paint their largest content at a median ${templateRatio.toFixed(2)}× the floor's, over the ${MEDIAN_TEMPLATE_LCP_TARGET_RATIO}× allowed`,
  ].filter((miss) => miss !== false);
}

function rowMisses(row: InteractiveRow, scriptBudgetBytes: number): string[] {
  const page = `#/${row.route} ${row.lang}`;
  const limit = readinessLimitMs(row, scriptBudgetBytes);
  const target = lcpTargetOf(row);
  return [
    row.scriptBytes > scriptBudgetBytes &&
      `${page} loads ${byteCount(row.scriptBytes)} of script before it is ready, over the ${byteCount(scriptBudgetBytes)} its limit counts on`,
    !(row.readyAfterPaintMs <= limit) &&
      `${page} is ready ${row.readyAfterPaintMs.toFixed(0)} ms after its first paint, over its limit of ${limit.toFixed(0)} ms (the transfer of the scripts and texts ${afterPaintTransferMs(row, scriptBudgetBytes).toFixed(0)} ms + ${START_ALLOWANCE_PROBES} probes of ${row.probeMs.toFixed(0)} ms)`,
    !(row.lcpRatio <= target) &&
      `${page}, shown from its ${row.shownFrom}, paints its largest content at ${row.lcpRatio.toFixed(2)}× the floor's (target ${target}×)`,
  ].filter((miss) => miss !== false);
}
