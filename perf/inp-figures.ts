/**
 * The arithmetic of `npm run bench:inp`, apart from the browser so that it can be read and tested
 * on its own: an interaction's latency, where its frames' time went, and the targets.
 */
/** Events shorter than this are not reported by the event timing API; it is its smallest value. */
export const EVENT_DURATION_THRESHOLD_MS = 16;

/** Each interaction no slower than this many times the peer's median. */
export const INP_TARGET_RATIO = 1;

/** What the bench aims at beside the target: a ratio and a latency under the CPU slowdown. */
export const INP_AIM = { ratio: 0.8, latencyMs: 100 } as const;

/** The fields of a `PerformanceEventTiming` entry the bench reads. */
export type EventEntry = Pick<
  PerformanceEventTiming,
  'name' | 'interactionId' | 'startTime' | 'processingStart' | 'processingEnd' | 'duration'
>;

/** The fields of a `PerformanceLongAnimationFrameTiming` entry the bench reads. */
export interface FrameEntry {
  startTime: number;
  duration: number;
  blockingDuration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: readonly { duration: number; forcedStyleAndLayoutDuration: number }[];
}

/**
 * The interaction of the entries (pointerdown, pointerup, click share one id) as the visitor felt
 * it: its latency is the longest duration among them, as INP counts it; without an entry, the
 * threshold at most, counted as presentation. Input delay, processing and presentation delay split
 * the latency.
 */
export function interactionOf(entries: readonly EventEntry[], tappedAt: number) {
  const ours = entries.filter((entry) => entry.interactionId > 0 && entry.startTime >= tappedAt);
  const found = ours.filter((entry) => entry.interactionId === ours[0]?.interactionId);
  const unreported = { startTime: tappedAt, processingStart: tappedAt, processingEnd: tappedAt };
  const same =
    found.length > 0 ? found : [{ ...unreported, duration: EVENT_DURATION_THRESHOLD_MS }];
  const latency = Math.max(...same.map((entry) => entry.duration));
  const start = Math.min(...same.map((entry) => entry.startTime));
  const processingStart = Math.min(...same.map((entry) => entry.processingStart));
  const processingEnd = Math.max(...same.map((entry) => entry.processingEnd));
  return {
    latency,
    start,
    inputDelay: processingStart - start,
    processing: processingEnd - processingStart,
    presentation: Math.max(0, start + latency - processingEnd),
  };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Where the time of the long frames went: those from the interaction's input to its paint (script,
 * forced layout, and the painting frame's rendering) and those within `windowMs` after the paint
 * (the work done after the answer showed, and what a later tap could wait for).
 */
export function breakdownOf(
  frames: readonly FrameEntry[],
  interaction: { start: number; latency: number },
  windowMs: number,
) {
  const painted = interaction.start + interaction.latency;
  const before = frames.filter(
    (frame) => frame.startTime + frame.duration > interaction.start && frame.startTime < painted,
  );
  const after = frames.filter(
    (frame) => frame.startTime >= painted && frame.startTime < painted + windowMs,
  );
  const scripts = before.flatMap((frame) => frame.scripts);
  const last = before.at(-1);
  return {
    scriptBeforePaint: sum(scripts.map((script) => script.duration)),
    forcedLayoutBeforePaint: sum(scripts.map((script) => script.forcedStyleAndLayoutDuration)),
    renderBeforePaint:
      last && last.renderStart > 0 ? last.startTime + last.duration - last.renderStart : 0,
    afterPaint: sum(after.map((frame) => frame.duration)),
    blockingAfterPaint: sum(after.map((frame) => frame.blockingDuration)),
  };
}

/** Why a shared interaction misses its target, or `null` when it meets it. */
export function inpMiss(name: string, ours: number, peers: number): string | null {
  const ratio = ours / peers;
  return ratio > INP_TARGET_RATIO
    ? `${name}: ${ours.toFixed(0)} ms, ${ratio.toFixed(2)}× the peer's ${peers.toFixed(0)} ms (target ≤ ${INP_TARGET_RATIO}×)`
    : null;
}
