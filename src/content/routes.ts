import { business } from './business.ts';
import type { I18n } from '../i18n/i18n-context.ts';

/**
 * The specification's routes, `#/home`, `#/imprint` and `#/privacy`, each named by its title
 * marker; every part that links to a page or decides which one shows reads them here.
 */
export const ROUTES = ['home', 'imprint', 'privacy'] as const;
export type TitleMarker = (typeof ROUTES)[number];

/** The route of the empty address and of any unknown one. */
export const HOME_ROUTE = 'home' satisfies TitleMarker;

/** The path inside the app that shows a route, as links write it: `/imprint`. */
export const pathOf = <Route extends TitleMarker>(route: Route): `/${Route}` => `/${route}`;

/** The home page's path: `/home`, and `/home#contact` with a section's anchor. */
export const HOME_PATH = pathOf(HOME_ROUTE);

/** The legal pages, which the footer links to from every page. */
export type LegalRoute = Exclude<TitleMarker, typeof HOME_ROUTE>;
export const LEGAL_ROUTES = /* @__PURE__ */ ROUTES.filter(
  (route): route is LegalRoute => route !== HOME_ROUTE,
);

/** The tab's title for a page, e.g. "Impressum – Muster IT", for the app and the prerender. */
export const pageTitle = (t: I18n['t'], marker: TitleMarker): string =>
  t('titles.template', { page: t(`titles.${marker}`), name: business.name });

/**
 * The route a path shows: `/imprint` and `/Imprint/` → imprint; any other path → `fallback`. The
 * boot script inlines it by its source text, so it uses nothing but its arguments.
 */
export function routeOf<Route extends string>(
  pathname: string,
  routes: readonly Route[],
  fallback: Route,
): Route {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return routes.find((route) => path === `/${route}`) ?? fallback;
}

/** The route a path shows, named by its title marker; any unknown path → home, as the specification says. */
export const matchRoute = (pathname: string): TitleMarker => routeOf(pathname, ROUTES, HOME_ROUTE);
