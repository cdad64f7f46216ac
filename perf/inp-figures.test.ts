import { describe, expect, it } from 'vitest';
import {
  breakdownOf,
  EVENT_DURATION_THRESHOLD_MS,
  INP_TARGET_RATIO,
  inpMiss,
  interactionOf,
  type EventEntry,
  type FrameEntry,
} from './inp-figures.ts';

const event = (entry: Partial<EventEntry>): EventEntry => ({
  name: 'click',
  interactionId: 7,
  startTime: 100,
  processingStart: 104,
  processingEnd: 110,
  duration: 40,
  ...entry,
});

const frame = (entry: Partial<FrameEntry>): FrameEntry => ({
  startTime: 100,
  duration: 60,
  blockingDuration: 10,
  renderStart: 150,
  styleAndLayoutStart: 152,
  scripts: [],
  ...entry,
});

describe('interactionOf', () => {
  it('takes the longest event of the first interaction after the tap, as INP does', () => {
    const interaction = interactionOf(
      [
        event({ interactionId: 3, startTime: 10, duration: 200 }),
        event({ name: 'pointerdown', startTime: 98, processingStart: 100, duration: 24 }),
        event({ name: 'click', startTime: 100, processingEnd: 120, duration: 48 }),
        event({ interactionId: 9, startTime: 400, duration: 300 }),
      ],
      90,
    );
    expect(interaction).toEqual({
      latency: 48,
      start: 98,
      inputDelay: 2,
      processing: 20,
      presentation: 48 + 98 - 120,
    });
  });

  it('counts an interaction the browser did not report as the threshold, at most', () => {
    const interaction = interactionOf([event({ interactionId: 0 })], 50);
    expect(interaction.latency).toBe(EVENT_DURATION_THRESHOLD_MS);
  });
});

describe('breakdownOf', () => {
  const interaction = {
    latency: 60,
    start: 100,
    inputDelay: 0,
    processing: 40,
    presentation: 20,
  };

  it('splits the frames at the paint that answered the interaction', () => {
    const breakdown = breakdownOf(
      [
        frame({ startTime: 20, duration: 50 }),
        frame({
          scripts: [
            { duration: 30, forcedStyleAndLayoutDuration: 5 },
            { duration: 8, forcedStyleAndLayoutDuration: 0 },
          ],
        }),
        frame({ startTime: 170, duration: 90, blockingDuration: 10, renderStart: 250 }),
        frame({ startTime: 300, duration: 55 }),
        frame({ startTime: 2000, duration: 300 }),
      ],
      interaction,
      1000,
    );
    expect(breakdown).toEqual({
      scriptBeforePaint: 38,
      forcedLayoutBeforePaint: 5,
      renderBeforePaint: 10,
      afterPaint: 145,
      blockingAfterPaint: 20,
    });
  });

  it('finds nothing when no frame was long', () => {
    expect(breakdownOf([], interaction, 1000)).toMatchObject({
      scriptBeforePaint: 0,
      afterPaint: 0,
      blockingAfterPaint: 0,
    });
  });
});

describe('inpMiss', () => {
  it('names a shared interaction slower than the peer’s', () => {
    expect(inpMiss('footer', 50, 50 / INP_TARGET_RATIO)).toBeNull();
    expect(inpMiss('footer', 81, 80)).toContain('footer: 81 ms');
  });
});
