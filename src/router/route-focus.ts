import { useEffect, useLayoutEffect, useRef } from 'react';
import { anchorTarget, type RouteLocation } from './hash-history.ts';
import { useRouterHistory, useRouterState } from './router.tsx';

const isInView = (element: Element) => {
  const { top, bottom } = element.getBoundingClientRect();
  return bottom > 0 && top < window.innerHeight;
};

/**
 * Where focus belongs after a navigation: for a section link (`#/home#contact`) its `section`'s
 * heading, so that the next Tab continues inside the section; after Back or Forward, which restore
 * the scroll position, the first heading `inView`; otherwise the new page's main heading, at its
 * top. Never `<body>`, never off-screen. The boot script inlines it by its source text, so it
 * uses nothing but its arguments.
 */
export function focusTargetAfter(
  section: HTMLElement | null,
  inView: ((element: Element) => boolean) | null,
  document: Document,
): HTMLElement | null {
  const headings = 'h1, h2, h3';
  if (section) return section.querySelector<HTMLElement>(headings) ?? section;
  const visible = inView && [...document.querySelectorAll<HTMLElement>(headings)].find(inView);
  return visible ?? document.querySelector<HTMLElement>('h1') ?? document.querySelector('main');
}

/**
 * How to find an element again once its page is rendered anew: a selector that names it (its id,
 * or its tag and the address it links to) and its place among the elements that match.
 */
export interface FocusMark {
  selector: string;
  index: number;
}

/** The mark of the focused element, or `null` when nothing but the page itself has focus. */
export function markOf(
  element: Element | null,
  document: Document = window.document,
): FocusMark | null {
  if (!element || element === document.body || element === document.documentElement) return null;
  const href = element.getAttribute('href');
  const selector = element.id
    ? `#${CSS.escape(element.id)}`
    : href === null
      ? element.localName
      : `${element.localName}[href="${CSS.escape(href)}"]`;
  const index = [...document.querySelectorAll(selector)].indexOf(element);
  return index === -1 ? null : { selector, index };
}

/** The element a mark names on the page as it is now, if it is there and shown. */
export function elementOf(
  mark: FocusMark,
  document: Document = window.document,
): HTMLElement | null {
  const element = document.querySelectorAll<HTMLElement>(mark.selector)[mark.index];
  return element && element.getClientRects().length > 0 ? element : null;
}

/**
 * Focuses an element that is not focusable by itself, without adding it to the Tab order. The boot
 * script inlines it by its source text, so it uses nothing but its argument.
 */
export function focusWithoutScrolling(target: HTMLElement): void {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * Moves focus with every navigation inside the app, as a sighted visitor's eyes move: to the top
 * of the new page (whose heading a screen reader then reads, once), or to the section a link leads
 * to. Back and Forward return focus to the element that had it when the visitor left that entry
 * (the link they followed), as a browser does for a page from its back/forward cache; where there
 * is none, to what is in view. A fresh load leaves focus alone, so the skip link stays the first
 * stop. Runs after the scroll restoration has placed the page. `getKey` names the entry a focus
 * is kept for, as it names its scroll position.
 */
export function useRouteFocus(getKey: (location: RouteLocation) => string): void {
  const history = useRouterHistory();
  const { location, navigationType } = useRouterState();
  // Kept for this document's life only: after a reload, Back starts afresh, as on a page that is
  // loaded again rather than taken from the back/forward cache.
  const marks = useRef(new Map<string, FocusMark>());
  const loaded = useRef(false);

  useEffect(
    () =>
      history.beforeLeave((left) => {
        const mark = markOf(document.activeElement);
        if (mark) marks.current.set(getKey(left), mark);
        else marks.current.delete(getKey(left));
      }),
    [history, getKey],
  );

  useLayoutEffect(() => {
    if (!loaded.current) {
      loaded.current = true;
      return;
    }
    const mark = navigationType === 'POP' ? marks.current.get(getKey(location)) : undefined;
    const restored = mark ? elementOf(mark) : null;
    if (restored) {
      // A link or button takes focus as it is; a heading only with the tabindex it had then.
      restored.focus({ preventScroll: true });
      if (document.activeElement !== restored) focusWithoutScrolling(restored);
      if (!isInView(restored)) restored.scrollIntoView({ block: 'nearest' });
      return;
    }
    const section = location.hash ? anchorTarget(location.hash) : null;
    const target = focusTargetAfter(section, navigationType === 'POP' ? isInView : null, document);
    if (target) focusWithoutScrolling(target);
  }, [location, navigationType, getKey]);
}
