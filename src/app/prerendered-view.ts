import type { Language } from '../i18n/language';
import type { TitleMarker } from './route-handle';

/** One prerendered page: a route in a language, e.g. `en-imprint`. */
export type ViewName = `${Language}-${TitleMarker}`;

export const viewName = (language: Language, marker: TitleMarker): ViewName =>
  `${language}-${marker}`;

/** Marks each prerendered page in the built `index.html`; the app mounts into one of them. */
export const VIEW_ATTRIBUTE = 'data-view';

/** Set on `<html>` by the boot script: which prerendered page is visible. */
export const SHOWN_VIEW_ATTRIBUTE = 'data-show';

/** Set on `<html>` once the app has taken over the page (hydration done). */
export const INTERACTIVE_ATTRIBUTE = 'data-interactive';

/** The element the app mounts into when the page has no prerendered views (the dev server). */
export const APP_ROOT_CLASS = 'app-root';

/**
 * Keeps the prerendered page `name` for the app to take over and removes the others, so their
 * (now duplicate) ids and texts leave the document. Returns null when the page has no such view.
 */
export function claimPrerenderedView(document: Document, name: ViewName): HTMLElement | null {
  const views = [...document.querySelectorAll<HTMLElement>(`[${VIEW_ATTRIBUTE}]`)];
  const chosen = views.find((view) => view.getAttribute(VIEW_ATTRIBUTE) === name);
  if (!chosen) return null;
  for (const view of views) if (view !== chosen) view.remove();
  chosen.removeAttribute(VIEW_ATTRIBUTE);
  document.documentElement.setAttribute(SHOWN_VIEW_ATTRIBUTE, name);
  return chosen;
}

/**
 * `#`, `#/` and no hash at all mean the home page. Rewriting the address before the router starts
 * saves the router's redirect, which would otherwise render nothing for a moment and so could not
 * take over the prerendered page.
 */
export function normalizeHomeAddress(location: Location, history: History): void {
  const path = location.hash.slice(1).split(/[?#]/)[0] ?? '';
  if (path === '' || path === '/') history.replaceState(history.state, '', '#/home');
}
