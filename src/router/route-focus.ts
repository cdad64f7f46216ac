import { useLayoutEffect, useRef } from 'react';
import type { NavigationType, RouteLocation } from './hash-history';
import { useRouterState } from './router';

const HEADINGS = 'h1, h2, h3';

const isInView = (element: Element) => {
  const { top, bottom } = element.getBoundingClientRect();
  return bottom > 0 && top < window.innerHeight;
};

const sectionOf = (hash: string): HTMLElement | null => {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
};

/**
 * Where focus belongs after a navigation: for a section link (`#/home#contact`) the section's
 * heading, so that the next Tab continues inside the section; after Back or Forward, which restore
 * the scroll position, the first heading in view; otherwise the new page's main heading, at its
 * top. Never `<body>`, never off-screen.
 */
export function focusTargetAfter(
  location: Pick<RouteLocation, 'hash'>,
  navigationType: NavigationType,
  document: Document = window.document,
): HTMLElement | null {
  const section = location.hash ? sectionOf(location.hash) : null;
  if (section) return section.querySelector<HTMLElement>(HEADINGS) ?? section;
  if (navigationType === 'POP') {
    const headings = [...document.querySelectorAll<HTMLElement>(HEADINGS)];
    const visible = headings.find(isInView);
    if (visible) return visible;
  }
  return document.querySelector<HTMLElement>('h1') ?? document.querySelector('main');
}

/** Focuses an element that is not focusable by itself, without adding it to the Tab order. */
export function focusWithoutScrolling(target: HTMLElement): void {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * Moves focus with every navigation inside the app, as a sighted visitor's eyes move: to the top
 * of the new page (whose heading a screen reader then reads, once), to the section a link leads
 * to, or after Back to what is in view. A fresh load leaves focus alone, so the skip link stays
 * the first stop. Runs after the scroll restoration has placed the page.
 */
export function useRouteFocus(): void {
  const { location, navigationType } = useRouterState();
  const loaded = useRef(false);
  useLayoutEffect(() => {
    if (!loaded.current) {
      loaded.current = true;
      return;
    }
    const target = focusTargetAfter(location, navigationType);
    if (target) focusWithoutScrolling(target);
  }, [location, navigationType]);
}
