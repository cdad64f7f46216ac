import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { HomePage } from '../pages/home/home-page';
import { ImprintPage } from '../pages/imprint/imprint-page';
import { PrivacyPage } from '../pages/privacy/privacy-page';
import { Layout } from './layout';
import type { RouteHandle } from './route-handle';

const home: RouteHandle = { title: 'home' };

/**
 * Hash URLs (`#/home`, `#/imprint`, `#/privacy`), so that any static host can serve the site
 * from a single `index.html` without rewrite rules.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    children: [
      { index: true, loader: () => redirect('/home') },
      { path: 'home', Component: HomePage, handle: home },
      {
        path: 'imprint',
        Component: ImprintPage,
        handle: { title: 'imprint' } satisfies RouteHandle,
      },
      {
        path: 'privacy',
        Component: PrivacyPage,
        handle: { title: 'privacy' } satisfies RouteHandle,
      },
      // The specification: any other path shows the home page.
      { path: '*', Component: HomePage, handle: home },
    ],
  },
];

export const createAppRouter = () => createHashRouter(routes);

export type AppRouter = ReturnType<typeof createAppRouter>;
