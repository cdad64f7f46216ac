/**
 * The specification's routes, `#/home`, `#/imprint` and `#/privacy`, each named by its title
 * marker. The one list of them: the app, the prerender, the boot script, the scripts and the tests
 * all read it here.
 */
export const ROUTES = ['home', 'imprint', 'privacy'] as const;
export type TitleMarker = (typeof ROUTES)[number];

/**
 * The route a path shows, named by its title marker: `/imprint` and `/Imprint/` → imprint; any
 * other path → home, as the specification says.
 */
export function matchRoute(pathname: string): TitleMarker {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return ROUTES.find((marker) => path === `/${marker}`) ?? 'home';
}
