import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `advance` every `delayMs` for as long as `active` holds; pass a stable `advance`.
 *
 * Each tick arms the next one itself (rather than waiting for React to render the change), so
 * successive advances are `delayMs` apart to the millisecond. Returns `restart`, which re-arms the
 * timer after a change the visitor made, so that the next advance is again a full `delayMs` away.
 */
export function useAutoplay(active: boolean, delayMs: number, advance: () => void): () => void {
  const timer = useRef<number | undefined>(undefined);

  const start = useCallback(() => {
    window.clearTimeout(timer.current);
    const tick = () => {
      advance();
      timer.current = window.setTimeout(tick, delayMs);
    };
    timer.current = window.setTimeout(tick, delayMs);
  }, [advance, delayMs]);

  useEffect(() => {
    if (!active) return undefined;
    start();
    return () => window.clearTimeout(timer.current);
  }, [active, start]);

  return useCallback(() => {
    if (active) start();
  }, [active, start]);
}
