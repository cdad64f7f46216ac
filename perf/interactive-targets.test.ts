import { describe, expect, it } from 'vitest';
import {
  interactiveMisses,
  MEDIAN_START_ALLOWANCE_PROBES,
  MEDIAN_TEMPLATE_LCP_TARGET_RATIO,
  readinessLimitMs,
  START_ALLOWANCE_PROBES,
  TEMPLATE_LCP_TARGET_RATIO,
  transferMs,
  type InteractiveRow,
} from './interactive-targets.ts';

const budget = 61_440;
const texts = 4_096;
// 65,536 bytes (the scripts and the texts) at 1.6 Mbps (1,677,721.6 bits a second) take 312.5 ms,
// after a 150 ms round trip.
const transfer = 462.5;
const probeMs = 100;
const limit = transfer + START_ALLOWANCE_PROBES * probeMs;

const row = (readyAfterPaintMs: number, change: Partial<InteractiveRow> = {}): InteractiveRow => ({
  route: 'home',
  lang: 'de',
  shownFrom: 'document',
  readyAfterPaintMs,
  scriptBytes: budget,
  translationBytes: texts,
  probeMs,
  lcpRatio: 1.05,
  ...change,
});

/** A page shown from a template, ready in time, painted at `lcpRatio` times the floor's. */
const template = (lcpRatio: number) =>
  row(transfer, { shownFrom: 'template', route: 'imprint', lcpRatio });

/** A row beside two whose start takes nothing, so that the median of the pages is not the row's. */
const amongQuickOnes = (one: InteractiveRow) => [one, row(transfer), row(transfer)];

describe('the interactive gate', () => {
  it('counts a round trip and the bytes at the throttled bandwidth as the transfer', () => {
    expect(transferMs(budget + texts)).toBeCloseTo(transfer, 6);
    expect(transferMs(0)).toBe(150);
  });

  it('gives the start its allowance in probes of the machine as it is now', () => {
    expect(readinessLimitMs(row(0), budget)).toBeCloseTo(limit, 6);
    expect(
      readinessLimitMs(row(0, { probeMs: 2 * probeMs }), budget) - readinessLimitMs(row(0), budget),
    ).toBeCloseTo(START_ALLOWANCE_PROBES * probeMs, 6);
  });

  it('counts the translation files fetched beside the scripts into the transfer', () => {
    const moreTexts = row(0, { translationBytes: texts + 1024 });
    expect(readinessLimitMs(moreTexts, budget) - readinessLimitMs(row(0), budget)).toBeCloseTo(
      transferMs(1024) - transferMs(0),
      6,
    );
  });

  it('passes a page ready at its limit with its scripts within the budget', () => {
    expect(interactiveMisses(amongQuickOnes(row(limit)), budget)).toEqual([]);
  });

  it('fails a page whose start got slower', () => {
    expect(interactiveMisses(amongQuickOnes(row(limit + 1)), budget)).toEqual([
      `#/home de is ready ${(limit + 1).toFixed(0)} ms after its first paint, over its limit of ${limit.toFixed(0)} ms (the transfer of the scripts and texts 463 ms + ${START_ALLOWANCE_PROBES} probes of 100 ms)`,
    ]);
  });

  it('fails a page whose scripts got heavier, even when it is still ready in time', () => {
    expect(interactiveMisses([row(transfer, { scriptBytes: budget + 1 })], budget)).toEqual([
      '#/home de loads 61441 bytes of script before it is ready, over the 61440 bytes its limit counts on',
    ]);
  });

  it('fails a page whose largest paint comes later than 1.15 times the floor’s', () => {
    expect(interactiveMisses([row(transfer, { lcpRatio: 1.15 })], budget)).toEqual([]);
    expect(interactiveMisses([row(transfer, { lcpRatio: 1.16 })], budget)).toEqual([
      "#/home de, shown from its document, paints its largest content at 1.16× the floor's (target 1.15×)",
    ]);
  });

  it('holds a page shown from a template to its own measured limit', () => {
    const over = Math.round((TEMPLATE_LCP_TARGET_RATIO + 0.01) * 100) / 100;
    // Beside two typical ones, so that the template rows' median is not the row's.
    const typical = [template(1), template(1)];
    expect(interactiveMisses([template(TEMPLATE_LCP_TARGET_RATIO), ...typical], budget)).toEqual(
      [],
    );
    expect(interactiveMisses([template(over), ...typical], budget)).toEqual([
      `#/imprint de, shown from its template, paints its largest content at ${over.toFixed(2)}× the floor's (target ${TEMPLATE_LCP_TARGET_RATIO}×)`,
    ]);
  });

  it('fails a slower start on the median of the pages before any one page passes its limit', () => {
    const typical = transfer + MEDIAN_START_ALLOWANCE_PROBES * probeMs;
    const rows = [row(typical - 200), row(typical), row(typical + 1), row(typical + 1)];
    expect(interactiveMisses(rows.slice(0, 3), budget)).toEqual([]);
    expect(interactiveMisses(rows.slice(1), budget)).toEqual([
      `the pages' median start takes ${(MEDIAN_START_ALLOWANCE_PROBES + 0.01).toFixed(1)} probes after the transfer, over the ${MEDIAN_START_ALLOWANCE_PROBES} allowed`,
    ]);
  });

  it('fails the pages shown from a template when their median ratio passes its limit', () => {
    const typical = MEDIAN_TEMPLATE_LCP_TARGET_RATIO;
    // No one row over its own limit, the middle one over the median's.
    const rows = [template(typical - 0.2), template(typical), template(typical + 0.01)];
    expect(interactiveMisses([...rows, template(typical - 0.2)], budget)).toEqual([]);
    expect(interactiveMisses([...rows, template(typical + 0.01)], budget)).toEqual([
      `the pages shown from a template paint their largest content at a median ${(typical + 0.005).toFixed(2)}× the floor's, over the ${typical}× allowed`,
    ]);
    // A page its document renders is no part of that median.
    expect(interactiveMisses([...rows, row(transfer, { lcpRatio: 1.15 })], budget)).toEqual([]);
  });

  it('fails a row it could not measure rather than passing it', () => {
    expect(interactiveMisses([row(Number.NaN)], budget)).not.toEqual([]);
    expect(interactiveMisses([row(transfer, { lcpRatio: Number.NaN })], budget)).not.toEqual([]);
  });
});
