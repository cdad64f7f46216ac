import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleWatch } from './idle-watch.ts';

const LIMIT = 10_000;

describe('the idle watch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets a long transfer run while bytes move, however long it takes', () => {
    const idle = vi.fn<(seconds: number) => void>();
    const watch = new IdleWatch(LIMIT, idle);
    watch.begin();
    for (let step = 0; step < 100; step++) {
      vi.advanceTimersByTime(LIMIT / 2);
      watch.progress();
    }
    expect(idle).not.toHaveBeenCalled();
    watch.end();
  });

  it('ends a request when nothing moved for the limit', () => {
    const idle = vi.fn<(seconds: number) => void>();
    const watch = new IdleWatch(LIMIT, idle);
    watch.begin();
    vi.advanceTimersByTime(LIMIT - LIMIT / 10);
    expect(idle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LIMIT / 10);
    expect(idle).toHaveBeenCalledWith(LIMIT / 1000);
  });

  it('does not count time while nothing is asked', () => {
    const idle = vi.fn<(seconds: number) => void>();
    const watch = new IdleWatch(LIMIT, idle);
    watch.begin();
    watch.end();
    vi.advanceTimersByTime(LIMIT * 5);
    expect(idle).not.toHaveBeenCalled();
  });

  it('does not blame the server for the time this process itself was frozen', () => {
    const idle = vi.fn<(seconds: number) => void>();
    let clock = 0;
    const watch = new IdleWatch(LIMIT, idle, () => clock);
    watch.begin();
    // The process stops: no tick runs, then the clock has jumped when it resumes.
    clock += LIMIT * 6;
    vi.advanceTimersByTime(LIMIT / 10);
    expect(idle).not.toHaveBeenCalled();
    for (let step = 0; step < 10; step++) {
      clock += LIMIT / 10;
      vi.advanceTimersByTime(LIMIT / 10);
    }
    expect(idle).toHaveBeenCalledTimes(1);
  });

  it('gives bytes handed to the line the time they need before it counts silence', () => {
    const idle = vi.fn<(seconds: number) => void>();
    const watch = new IdleWatch(LIMIT, idle);
    watch.begin();
    watch.progress(LIMIT * 3);
    vi.advanceTimersByTime(LIMIT * 3);
    expect(idle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LIMIT);
    expect(idle).toHaveBeenCalledTimes(1);
  });
});
