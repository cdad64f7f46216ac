import { DEFAULT_LANGUAGE, type Language } from '../i18n/language.ts';
import { HOME_ROUTE, type TitleMarker } from '../content/routes.ts';

/** One prerendered page: a route in a language, e.g. `en-imprint`. */
export type ViewName = `${Language}-${TitleMarker}`;

export const viewName = (language: Language, marker: TitleMarker): ViewName =>
  `${language}-${marker}`;

/**
 * Whether the root document carries the page in this language (decision 23): every page in German,
 * the home page in English. The root's first round trip has no room for the English legal pages;
 * the boot script sends a visitor who asks the root for one to `en/`, and the benches measure them
 * there.
 */
export const rootCarries = (language: Language, page: TitleMarker): boolean =>
  language === DEFAULT_LANGUAGE || page === HOME_ROUTE;

/** Where a visitor in `language` is shown `page`, relative to the root: `''` or `en/`. */
export const folderShowing = (language: Language, page: TitleMarker): string =>
  rootCarries(language, page) ? '' : `${language}/`;

/**
 * Names the view of the page rendered into the built document's app root, and of each
 * `<template>` that carries another of the document's pages, inert, for the boot script.
 */
export const VIEW_ATTRIBUTE = 'data-view';

/** Set on `<html>` by the boot script: which page the visitor sees. */
export const SHOWN_VIEW_ATTRIBUTE = 'data-show';

/**
 * Set on `<html>` as the app starts to take the page over: from then on it answers taps and keys
 * itself (React replays those that come during hydration); before, the boot script does.
 */
export const STARTED_ATTRIBUTE = 'data-app-started';

/** Set on `<html>` once the app has taken over the page (hydration done). */
export const INTERACTIVE_ATTRIBUTE = 'data-interactive';

/** The `performance.mark` the app sets once it has taken over: `npm run bench:interactive` reads it. */
export const APP_READY_MARK = 'app-ready';

/** The element the app mounts into; in a built document it holds the prerendered page. */
export const APP_ROOT_CLASS = 'app-root';

/**
 * Hands the app the prerendered page `name` to take over: the app root, holding that page (the
 * boot script has normally put it there already; otherwise it is copied from its template now).
 * The templates leave the document: from here on the app renders every page itself. Returns null
 * when the document has no such page (the dev server), and the app renders from scratch.
 */
export function claimPrerenderedView(document: Document, name: ViewName): HTMLElement | null {
  const roots = [
    ...document.querySelectorAll<HTMLElement>(`.${APP_ROOT_CLASS}[${VIEW_ATTRIBUTE}]`),
  ];
  // The swap script's copy and the rendered page, if the boot script has not yet left one.
  const root = roots.find((each) => each.getAttribute(VIEW_ATTRIBUTE) === name) ?? roots[0];
  for (const each of roots) if (each !== root) each.remove();
  const templates = [
    ...document.querySelectorAll<HTMLTemplateElement>(`template[${VIEW_ATTRIBUTE}]`),
  ];
  const template = templates.find((each) => each.getAttribute(VIEW_ATTRIBUTE) === name);
  for (const each of templates) each.remove();
  if (!root) return null;
  if (root.getAttribute(VIEW_ATTRIBUTE) !== name) {
    if (!template) return null;
    root.replaceChildren(template.content.cloneNode(true));
  }
  root.removeAttribute(VIEW_ATTRIBUTE);
  document.documentElement.setAttribute(SHOWN_VIEW_ATTRIBUTE, name);
  return root;
}
