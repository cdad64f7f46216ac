/**
 * The arithmetic of `npm run bench:inp`, apart from the browser so that it can be read and tested
 * on its own: an interaction's latency, where its frames' time went, and the targets.
 */
import { medianOfEach } from './median.ts';

/** Events shorter than this are not reported by the event timing API; it is its smallest value. */
export const EVENT_DURATION_THRESHOLD_MS = 16;

/** Each interaction no slower than this many times the peer's median. */
export const INP_TARGET_RATIO = 1;

/** What the bench aims at beside the target: a ratio and a latency under the CPU slowdown. */
export const INP_AIM = { ratio: 0.8, latencyMs: 100 } as const;

/** The fields of a `PerformanceEventTiming` entry the bench reads. */
export interface EventEntry {
  name: string;
  interactionId: number;
  startTime: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
}

/** The fields of a `PerformanceLongAnimationFrameTiming` entry the bench reads. */
export interface FrameEntry {
  startTime: number;
  duration: number;
  blockingDuration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: readonly { duration: number; forcedStyleAndLayoutDuration: number; invoker: string }[];
}

/** One interaction as the visitor felt it: from the input until the frame after it painted. */
export interface Interaction {
  /** INP's measure: the longest event duration of the interaction (input → next paint). */
  latency: number;
  start: number;
  /** From the input until its first handler ran. */
  inputDelay: number;
  /** From the first handler's start to the last one's end. */
  processing: number;
  /** From the last handler's end until the frame painted. */
  presentation: number;
  /** Whether an entry was reported at all; if not, the latency was under the threshold. */
  reported: boolean;
}

/**
 * The interaction of the entries (pointerdown, pointerup, click share one id): its latency is the
 * longest duration among them, as INP counts it; without an entry, the threshold at most.
 */
export function interactionOf(entries: readonly EventEntry[], tappedAt: number): Interaction {
  const ours = entries.filter((entry) => entry.interactionId > 0 && entry.startTime >= tappedAt);
  const same = ours.filter((entry) => entry.interactionId === ours[0]?.interactionId);
  if (same.length === 0) {
    return {
      latency: EVENT_DURATION_THRESHOLD_MS,
      start: tappedAt,
      inputDelay: 0,
      processing: 0,
      presentation: 0,
      reported: false,
    };
  }
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
    reported: true,
  };
}

/** Where the time of the frames around an interaction went, in milliseconds. */
export interface FrameBreakdown {
  /** Script in the frames up to the interaction's paint: its handlers and what they ran. */
  scriptBeforePaint: number;
  /** Of that, style and layout forced by script. */
  forcedLayoutBeforePaint: number;
  /** Style, layout and paint of the frame that painted the interaction. */
  renderBeforePaint: number;
  /** Long frames after that paint, within the window: the work done after the answer showed. */
  afterPaint: number;
  /** Their blocking time: what a later tap could wait for. */
  blockingAfterPaint: number;
  /** Who ran script before the paint, longest first. */
  invokers: string[];
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The long frames from the interaction's input to its paint, and those within `windowMs` after. */
export function breakdownOf(
  frames: readonly FrameEntry[],
  interaction: Interaction,
  windowMs: number,
): FrameBreakdown {
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
    invokers: [
      ...new Set(
        scripts.toSorted((a, b) => b.duration - a.duration).map((script) => script.invoker),
      ),
    ].filter((invoker) => invoker !== ''),
  };
}

/** A build's figures for one interaction, in the order the result file keeps them. */
const FIGURES = [
  'latency',
  'inputDelay',
  'processing',
  'presentation',
  'done',
  'scriptBeforePaint',
  'forcedLayoutBeforePaint',
  'renderBeforePaint',
  'afterPaint',
  'blockingAfterPaint',
] as const;

export type InteractionMedians = Record<(typeof FIGURES)[number], number>;

/** The medians of each figure over the loads of one build and interaction. */
export const mediansOf = (samples: readonly InteractionMedians[]): InteractionMedians =>
  medianOfEach(samples, FIGURES);

/** Why a shared interaction misses its target, or `null` when it meets it. */
export function inpMiss(name: string, ours: number, peers: number): string | null {
  const ratio = ours / peers;
  return ratio > INP_TARGET_RATIO
    ? `${name}: ${ours.toFixed(0)} ms, ${ratio.toFixed(2)}× the peer's ${peers.toFixed(0)} ms (target ≤ ${INP_TARGET_RATIO}×)`
    : null;
}
