import { business } from '../content/business.ts';
import type { I18n } from '../i18n/i18n-context.ts';

/**
 * The specification's routes, `#/home`, `#/imprint` and `#/privacy`, each named by its title
 * marker; the app, the prerender and the boot script read them here.
 */
export const ROUTES = ['home', 'imprint', 'privacy'] as const;
export type TitleMarker = (typeof ROUTES)[number];

/** The tab's title for a page, e.g. "Impressum – Muster IT", for the app and the prerender. */
export const pageTitle = (t: I18n['t'], marker: TitleMarker): string =>
  t('titles.template', { page: t(`titles.${marker}`), name: business.name });

/**
 * The route a path shows, named by its title marker: `/imprint` and `/Imprint/` → imprint; any
 * other path → home, as the specification says.
 */
export function matchRoute(pathname: string): TitleMarker {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return ROUTES.find((marker) => path === `/${marker}`) ?? 'home';
}
