import { useSyncExternalStore } from 'react';

function isDocumentHidden(): boolean {
  return document.visibilityState === 'hidden';
}

function subscribeToVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/**
 * Whether the page is hidden (a background tab, a minimised window), following its changes.
 * Hydration renders with the server's value (visible), so that the first render matches the
 * prerendered HTML; React then re-renders with the real one.
 */
export function useDocumentHidden(): boolean {
  return useSyncExternalStore(subscribeToVisibility, isDocumentHidden, () => false);
}
