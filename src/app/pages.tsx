import type { ComponentType } from 'react';
import { HomePage } from '../pages/home/home-page.tsx';
import { ImprintPage } from '../pages/imprint/imprint-page.tsx';
import { PrivacyPage } from '../pages/privacy/privacy-page.tsx';
import { useLocation } from '../router/router.tsx';
import { matchRoute, type TitleMarker } from '../content/routes.ts';

/**
 * The page each route shows. The routes themselves (the list, which path shows which, the tab's
 * title) are in routes.ts, which the build and the tests read without React; the history that
 * follows the address is src/router/. Hash URLs (`#/home`, `#/imprint`, `#/privacy`), so that any
 * static host can serve the site from a single document without rewrite rules. The empty path is
 * redirected to `#/home` by the history; any other path shows the home page.
 */
export const PAGES: Readonly<Record<TitleMarker, ComponentType>> = {
  home: HomePage,
  imprint: ImprintPage,
  privacy: PrivacyPage,
};

/** The title marker of the route the current location shows. */
export function useTitleMarker(): TitleMarker {
  return matchRoute(useLocation().pathname);
}
