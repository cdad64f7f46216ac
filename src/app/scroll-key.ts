import type { RouteLocation } from '../router/hash-history.ts';

/**
 * The key under which a page's scroll position is kept (src/router/scroll-restoration.ts). Every fresh page load (a
 * bookmark, a typed URL, a reload) gets the key "default", so with that key a position
 * saved for one URL would be restored on another, and would beat the anchor of `#/home#contact`.
 * Those entries are keyed by their URL instead; entries the app pushed keep their unique key, so Back
 * returns to exactly where the visitor was.
 */
export function scrollKey(location: Pick<RouteLocation, 'key' | 'pathname' | 'hash'>): string {
  return location.key === 'default' ? `${location.pathname}${location.hash}` : location.key;
}
