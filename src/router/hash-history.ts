/**
 * The site's addresses are hash routes (`#/imprint`, `#/home#contact`), so any static host serves
 * them from one document. This module reads and writes them in the browser's history; the React
 * side (`router.tsx`) renders from what it reports.
 */

import { HOME_PATH } from '../content/routes.ts';

export interface RouteLocation {
  /** `/imprint`, as written in the address (the route table decides what it shows). */
  pathname: string;
  /** `?ref=mail`, or `''`. */
  search: string;
  /** The anchor inside the page: `#contact`, or `''`. */
  hash: string;
  /**
   * Tells history entries apart for scroll restoration: unique for entries the app pushed,
   * `default` for one the browser made (a fresh load, a typed or bookmarked address).
   */
  key: string;
}

/** How the current location was reached: a link (push), a link to where one is (replace), Back/Forward (pop). */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface RouterState {
  location: RouteLocation;
  /** How it was reached; `POP` also for the page as it was loaded. */
  navigationType: NavigationType;
}

export interface History {
  /** A new object after every change, the same one until then (for `useSyncExternalStore`). */
  readonly state: RouterState;
  /**
   * The state when the history was made: the page the prerendered markup shows, which hydration
   * must render first (React then renders `state`, if the address has changed since, as any
   * navigation).
   */
  readonly loaded: RouterState;
  /** Goes to `to` (`/imprint`, `/home#contact`); to the current address, replaces it instead. */
  navigate(to: string): void;
  /**
   * The first half of `navigate`, for a page rendered before its address is written: tells the
   * `beforeLeave` listeners now, while the page being left is still shown, and returns the state
   * that `commit` then makes current.
   */
  prepare(to: string): RouterState;
  /** The second half: writes the prepared state's address and tells the listeners. */
  commit(next: RouterState): void;
  /** Calls `listener` after every change of location; returns the unsubscribe function. */
  listen(listener: () => void): () => void;
  /** Calls `listener` with the location being left, before the change shows (to save its scroll). */
  beforeLeave(listener: (location: RouteLocation) => void): () => void;
}

/**
 * `#/privacy?ref=mail#rights` → `/privacy`, `?ref=mail`, `#rights`; the empty route is `/`. The
 * boot script inlines it by its source text, so it uses nothing but its arguments.
 */
export function parseHashRoute(hash: string, key = 'default'): RouteLocation {
  const route = hash.startsWith('#') ? hash.slice(1) : hash;
  const anchorAt = route.indexOf('#');
  const beforeAnchor = anchorAt === -1 ? route : route.slice(0, anchorAt);
  const anchor = anchorAt === -1 ? '' : route.slice(anchorAt);
  const searchAt = beforeAnchor.indexOf('?');
  const path = searchAt === -1 ? beforeAnchor : beforeAnchor.slice(0, searchAt);
  return {
    pathname: path.startsWith('/') ? path : `/${path}`,
    search: searchAt === -1 ? '' : beforeAnchor.slice(searchAt),
    hash: anchor === '#' ? '' : anchor,
    key,
  };
}

/** The hash of an address inside the app: `/home#contact` → `#/home#contact`. */
export const hrefOf = (to: string): string => `#${to}`;

/**
 * The element an anchor (`#contact`) names on the page, if any; a malformed escape names none. The
 * boot script inlines it by its source text, so it uses nothing but its arguments and the globals.
 */
export function anchorTarget(
  hash: string,
  document: Document = window.document,
): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

const newKey = () => Math.random().toString(36).slice(2, 10);

interface EntryState {
  key?: unknown;
}

const keyOf = (state: unknown): string => {
  const key = (state as EntryState | null)?.key;
  return typeof key === 'string' ? key : 'default';
};

/** The empty route (`#`, `#/`, no hash at all) is the home page, as the specification says. */
const isEmptyRoute = (location: RouteLocation) => location.pathname === '/';

/** Adds `item` to `set`; returns what removes it again. */
function addTo<T>(set: Set<T>, item: T): () => void {
  set.add(item);
  return () => {
    set.delete(item);
  };
}

/** The browser's history, read as hash routes. */
export function createHashHistory(window: Window = globalThis.window): History {
  const listeners = new Set<() => void>();
  const leaving = new Set<(location: RouteLocation) => void>();
  const read = (): RouteLocation => {
    const location = parseHashRoute(window.location.hash, keyOf(window.history.state));
    if (!isEmptyRoute(location)) return location;
    // Redirected in place, so that Back does not return to the empty address.
    window.history.replaceState(window.history.state, '', hrefOf(HOME_PATH));
    return { ...location, pathname: HOME_PATH };
  };
  let state: RouterState = { location: read(), navigationType: 'POP' };

  const leave = () => {
    for (const listener of leaving) listener(state.location);
  };
  const show = (next: RouterState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const update = (navigationType: NavigationType, next = read()) => {
    leave();
    show({ location: next, navigationType });
  };
  // Back and Forward, and addresses edited by hand (which change only the hash). Browsers send both
  // events for a hash change; only the first one changes anything.
  const onPop = () => {
    const next = read();
    const { location } = state;
    if (
      next.key === location.key &&
      next.pathname === location.pathname &&
      next.hash === location.hash &&
      next.search === location.search
    )
      return;
    update('POP', next);
  };
  // From the moment the history exists, not from its first subscriber: an address changed while
  // the app starts (its texts loading, hydration under way) must reach `state`, or the page would
  // go on showing where the visitor was before. The app makes one history per page view.
  window.addEventListener('popstate', onPop);
  window.addEventListener('hashchange', onPop);
  const loaded = state;
  const prepare = (to: string): RouterState => {
    leave();
    const href = hrefOf(to);
    return {
      location: parseHashRoute(href, newKey()),
      navigationType: window.location.hash === href ? 'REPLACE' : 'PUSH',
    };
  };
  const commit = (next: RouterState) => {
    const { pathname, search, hash, key } = next.location;
    const href = hrefOf(`${pathname}${search}${hash}`);
    const entry: EntryState = { key };
    // Decided when written: a second tap on the same link before its page showed replaces.
    if (window.location.hash === href) window.history.replaceState(entry, '', href);
    else window.history.pushState(entry, '', href);
    show(next);
  };

  return {
    get state() {
      return state;
    },
    loaded,
    navigate: (to) => commit(prepare(to)),
    prepare,
    commit,
    listen: (listener) => addTo(listeners, listener),
    beforeLeave: (listener) => addTo(leaving, listener),
  };
}

/** One fixed location, for the prerender: nothing navigates there. */
export function createStaticHistory(hash: string): History {
  const state: RouterState = { location: parseHashRoute(hash), navigationType: 'POP' };
  return {
    state,
    loaded: state,
    navigate() {},
    prepare: () => state,
    commit() {},
    listen: () => () => {},
    beforeLeave: () => () => {},
  };
}
