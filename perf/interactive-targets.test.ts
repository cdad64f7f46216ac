import { describe, expect, it } from 'vitest';
import {
  interactiveMisses,
  MEDIAN_START_ALLOWANCE_PROBES,
  readinessLimitMs,
  START_ALLOWANCE_PROBES,
  transferMs,
  type InteractiveRow,
} from './interactive-targets.ts';

const budget = 65_536;
// 65,536 bytes at 1.6 Mbps (1,677,721.6 bits a second) take 312.5 ms, after a 150 ms round trip.
const transfer = 462.5;
const probeMs = 100;
const limit = transfer + START_ALLOWANCE_PROBES * probeMs;

const row = (readyAfterPaintMs: number, change: Partial<InteractiveRow> = {}): InteractiveRow => ({
  route: 'home',
  lang: 'de',
  readyAfterPaintMs,
  scriptBytes: budget,
  probeMs,
  lcpRatio: 1.05,
  ...change,
});

/** A row beside two whose start takes nothing, so that the median of the pages is not the row's. */
const amongQuickOnes = (one: InteractiveRow) => [one, row(transfer), row(transfer)];

describe('the interactive gate', () => {
  it('counts a round trip and the bytes at the throttled bandwidth as the transfer', () => {
    expect(transferMs(budget)).toBeCloseTo(transfer, 6);
    expect(transferMs(0)).toBe(150);
  });

  it('gives the start its allowance in probes of the machine as it is now', () => {
    expect(readinessLimitMs(probeMs, budget)).toBeCloseTo(limit, 6);
    expect(readinessLimitMs(2 * probeMs, budget) - readinessLimitMs(probeMs, budget)).toBeCloseTo(
      START_ALLOWANCE_PROBES * probeMs,
      6,
    );
  });

  it('passes a page ready at its limit with its scripts within the budget', () => {
    expect(interactiveMisses(amongQuickOnes(row(limit)), budget)).toEqual([]);
  });

  it('fails a page whose start got slower', () => {
    expect(interactiveMisses(amongQuickOnes(row(limit + 1)), budget)).toEqual([
      `#/home de is ready ${(limit + 1).toFixed(0)} ms after its first paint, over its limit of ${limit.toFixed(0)} ms (the scripts' transfer 463 ms + ${START_ALLOWANCE_PROBES} probes of 100 ms)`,
    ]);
  });

  it('fails a page whose scripts got heavier, even when it is still ready in time', () => {
    expect(interactiveMisses([row(transfer, { scriptBytes: budget + 1 })], budget)).toEqual([
      '#/home de loads 65537 bytes of script before it is ready, over the 65536 bytes its limit counts on',
    ]);
  });

  it('fails a page whose largest paint comes later than 1.15 times the floor’s', () => {
    expect(interactiveMisses([row(transfer, { lcpRatio: 1.15 })], budget)).toEqual([]);
    expect(interactiveMisses([row(transfer, { lcpRatio: 1.16 })], budget)).toEqual([
      "#/home de paints its largest content at 1.16× the floor's (target 1.15×)",
    ]);
  });

  it('fails a slower start on the median of the pages before any one page passes its limit', () => {
    const typical = transfer + MEDIAN_START_ALLOWANCE_PROBES * probeMs;
    const rows = [row(typical - 200), row(typical), row(typical + 1), row(typical + 1)];
    expect(interactiveMisses(rows.slice(0, 3), budget)).toEqual([]);
    expect(interactiveMisses(rows.slice(1), budget)).toEqual([
      `the pages' median start takes ${(MEDIAN_START_ALLOWANCE_PROBES + 0.01).toFixed(1)} probes after the scripts' transfer, over the ${MEDIAN_START_ALLOWANCE_PROBES} allowed`,
    ]);
  });

  it('fails a row it could not measure rather than passing it', () => {
    expect(interactiveMisses([row(Number.NaN)], budget)).not.toEqual([]);
    expect(interactiveMisses([row(transfer, { lcpRatio: Number.NaN })], budget)).not.toEqual([]);
  });
});
