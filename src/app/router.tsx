import type { ComponentType } from 'react';
import { HomePage } from '../pages/home/home-page.tsx';
import { ImprintPage } from '../pages/imprint/imprint-page.tsx';
import { PrivacyPage } from '../pages/privacy/privacy-page.tsx';
import type { TitleMarker } from './routes.ts';

/**
 * Hash URLs (`#/home`, `#/imprint`, `#/privacy`), so that any static host can serve the site from
 * a single document without rewrite rules. The empty path is redirected to `#/home` by the history
 * (src/router/hash-history.ts); any other path shows the home page. Each route's title marker is
 * its name.
 */
export const PAGES: Readonly<Record<TitleMarker, ComponentType>> = {
  home: HomePage,
  imprint: ImprintPage,
  privacy: PrivacyPage,
};
