import { useSyncExternalStore } from 'react';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function reducedMotionList(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia(reducedMotionQuery)
    : undefined;
}

/** Whether the visitor asks for reduced motion at this moment (for code outside rendering). */
export function prefersReducedMotion(): boolean {
  return reducedMotionList()?.matches === true;
}

function subscribeToReducedMotion(onChange: () => void): () => void {
  const list = reducedMotionList();
  if (!list || typeof list.addEventListener !== 'function') return () => {};
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * The visitor's `prefers-reduced-motion`, following its changes. Hydration renders with the
 * server's value (no reduced motion), so that the first render matches the prerendered HTML;
 * React then re-renders with the visitor's real setting.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToReducedMotion, prefersReducedMotion, () => false);
}
