import { useEffect, useLayoutEffect, useRef } from 'react';
import { anchorTarget, type RouteLocation } from './hash-history.ts';
import { useRouterHistory, useRouterState } from './router.tsx';

/** Where the positions are kept across reloads of the tab (never a cookie, never sent anywhere). */
const STORAGE_KEY = 'scroll-positions';

function loadPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof saved === 'object' && saved !== null ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function storePositions(positions: Record<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Without storage positions still hold within the page; a reload starts at the top.
  }
}

/**
 * The specification's scrolling: a new page starts at the top, an anchor (`#/home#contact`) is
 * scrolled to, also when its link is followed again, and Back and Forward (and a reload) return to
 * where the visitor was. `getKey` names the position each location is kept under.
 */
export function useScrollRestoration(getKey: (location: RouteLocation) => string): void {
  const history = useRouterHistory();
  const { location, navigationType } = useRouterState();
  const positions = useRef<Record<string, number> | null>(null);
  positions.current ??= loadPositions();
  const rendered = useRef(false);

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const save = (left: RouteLocation) => {
      const all = (positions.current ??= loadPositions());
      all[getKey(left)] = window.scrollY;
      storePositions(all);
    };
    const onPageHide = () => save(history.state.location);
    window.addEventListener('pagehide', onPageHide);
    const stopSaving = history.beforeLeave(save);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      stopSaving();
      window.history.scrollRestoration = previous;
    };
  }, [history, getKey]);

  useLayoutEffect(() => {
    const first = !rendered.current;
    rendered.current = true;
    const saved = positions.current?.[getKey(location)];
    if ((navigationType === 'POP' || first) && typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash ? anchorTarget(location.hash) : null;
    if (target) {
      target.scrollIntoView();
      return;
    }
    // The page as it was loaded stays where the visitor may already have scrolled it.
    if (!first) window.scrollTo(0, 0);
  }, [location, navigationType, getKey]);
}
