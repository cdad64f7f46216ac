import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { Position } from './slide-position.ts';
import { prefersReducedMotion } from './use-reduced-motion.ts';

function canAnimate(element: HTMLElement | null | undefined): element is HTMLElement {
  // jsdom and old browsers lack the Web Animations API; the change is then simply instant.
  return element != null && typeof element.animate === 'function';
}

/**
 * Slides the outgoing slide out and the incoming one in, for `durationMs`, in the direction of
 * travel, whenever `position` changes (not under reduced motion). Returns the list each slide
 * registers its element in, by its index.
 */
export function useSlideAnimation(
  position: Position,
  durationMs: number,
): RefObject<(HTMLElement | null)[]> {
  const slideRefs = useRef<(HTMLElement | null)[]>([]);

  // A layout effect, so the incoming slide never paints at rest before its animation starts.
  useLayoutEffect(() => {
    const { from, index, direction } = position;
    if (from === null || from === index || prefersReducedMotion()) return undefined;
    const timing: KeyframeAnimationOptions = {
      duration: durationMs,
      easing: 'ease-in-out',
    };
    const started: Animation[] = [];
    const outgoing = slideRefs.current[from];
    const incoming = slideRefs.current[index];
    if (canAnimate(outgoing)) {
      // The outgoing slide is already hidden and inert; keep it visible while it moves out.
      started.push(
        outgoing.animate(
          [
            { transform: 'translateX(0)', visibility: 'visible' },
            { transform: `translateX(${-direction * 100}%)`, visibility: 'visible' },
          ],
          timing,
        ),
      );
    }
    if (canAnimate(incoming)) {
      started.push(
        incoming.animate(
          [{ transform: `translateX(${direction * 100}%)` }, { transform: 'translateX(0)' }],
          timing,
        ),
      );
    }
    // A quick second change cuts the running slide short instead of leaving two slides in flight.
    return () => started.forEach((animation) => animation.cancel());
  }, [position, durationMs]);

  return slideRefs;
}
