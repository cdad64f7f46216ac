/**
 * The one rule every transport ends a transfer by: only when nothing moved (no byte, no answer)
 * for the idle limit while a request is under way, never because a large file takes long.
 */
export class IdleWatch {
  private busy = 0;
  private last = 0;
  private lastTick = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly limit: number;
  private readonly onIdle: (seconds: number) => void;
  private readonly now: () => number;

  constructor(limit: number, onIdle: (seconds: number) => void, now: () => number = Date.now) {
    this.limit = limit;
    this.onIdle = onIdle;
    this.now = now;
  }

  /** A request starts: the time without progress counts from now. */
  begin(): void {
    if (this.busy++ === 0) {
      this.last = this.lastTick = this.now();
      const step = Math.max(this.limit / 10, 1);
      this.timer = setInterval(() => this.tick(), step);
      this.timer.unref?.();
    }
  }

  /**
   * Bytes moved or an answer came. `credit` is time the progress buys beyond now: bytes handed
   * to the system's buffers still have to cross the line before the server can answer.
   */
  progress(credit = 0): void {
    this.last = Math.max(this.last, this.now()) + credit;
  }

  /** A request ended. */
  end(): void {
    this.last = Math.max(this.last, this.now());
    if (this.busy > 0 && --this.busy === 0) this.stop();
  }

  stop(): void {
    this.busy = 0;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    const at = this.now();
    // A gap between ticks far beyond their interval means this process was stopped (a laptop
    // asleep, a debugger): the server is not to blame for that time.
    if (at - this.lastTick > this.limit / 2) this.last = Math.max(this.last, at);
    this.lastTick = at;
    if (at - this.last >= this.limit) {
      const seconds = Math.round((at - this.last) / 1000);
      this.stop();
      this.onIdle(seconds);
    }
  }
}
