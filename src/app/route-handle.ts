import { useLocation } from '../router/router';

/** The specification's title markers: each route says which page title it shows. */
export const TITLE_MARKERS = ['home', 'imprint', 'privacy'] as const;
export type TitleMarker = (typeof TITLE_MARKERS)[number];

/**
 * The route a path shows, named by its title marker: `/imprint` and `/Imprint/` → imprint; any
 * other path → home, as the specification says.
 */
export function matchRoute(pathname: string): TitleMarker {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return TITLE_MARKERS.find((marker) => path === `/${marker}`) ?? 'home';
}

/** The title marker of the route the current location shows. */
export function useTitleMarker(): TitleMarker {
  return matchRoute(useLocation().pathname);
}
