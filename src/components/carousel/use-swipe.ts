import { useRef, type PointerEvent } from 'react';
import type { Direction } from './slide-position.ts';

interface Swipe {
  pointerId: number;
  startX: number;
}

export interface SwipeHandlers {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel: (event: PointerEvent<HTMLElement>) => void;
}

/**
 * A horizontal swipe (a finger, or a drag with the main mouse button) of at least `thresholdPx`
 * over the element given the returned handlers: a swipe to the left calls `onSwipe(1)` (the next
 * slide), to the right `onSwipe(-1)`.
 */
export function useSwipe(
  thresholdPx: number,
  onSwipe: (direction: Direction) => void,
): SwipeHandlers {
  const swipe = useRef<Swipe | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    // Only the first finger steers, and only the main mouse button.
    if (event.pointerType === 'touch' && !event.isPrimary) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    swipe.current = { pointerId: event.pointerId, startX: event.clientX };
    const viewport = event.currentTarget;
    if (typeof viewport.setPointerCapture === 'function') {
      try {
        // Keeps receiving the pointer's events when it is released outside the viewport.
        viewport.setPointerCapture(event.pointerId);
      } catch {
        // The pointer may already be gone; the swipe then ends at whatever pointerup arrives.
      }
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const start = swipe.current;
    if (start === null || start.pointerId !== event.pointerId) return;
    swipe.current = null;
    const distance = event.clientX - start.startX;
    if (Math.abs(distance) >= thresholdPx) onSwipe(distance < 0 ? 1 : -1);
  };

  const onPointerCancel = (event: PointerEvent<HTMLElement>) => {
    if (swipe.current?.pointerId === event.pointerId) swipe.current = null;
  };

  return { onPointerDown, onPointerUp, onPointerCancel };
}
