import {
  createContext,
  startTransition,
  use,
  useCallback,
  useLayoutEffect,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { hrefOf, type History, type RouterState } from './hash-history.ts';

const RouterContext = createContext<History | null>(null);
const RouterStateContext = createContext<RouterState | null>(null);
const NavigateContext = createContext<((to: string) => void) | null>(null);

/**
 * Gives the app its history and the location it renders. A hand-made router rather than React
 * Router or wouter: the site has three hash routes, a redirect and a wildcard (decisions 15 and 35).
 */
export function RouterProvider({ history, children }: { history: History; children: ReactNode }) {
  // Hydration renders what the prerendered page shows; an address changed while the app was
  // starting is rendered right after it, as any navigation.
  const [shown, setShown] = useState(() => history.loaded);
  useLayoutEffect(() => {
    const follow = () => {
      const next = history.state;
      // Back and Forward render in their event, so that the position restored is the page's.
      if (next.navigationType === 'POP') flushSync(() => setShown(next));
      else startTransition(() => setShown(next));
    };
    // oxlint-disable-next-line react/set-state-in-effect -- an address changed before subscribing
    if (history.state !== history.loaded) setShown(history.state);
    return history.listen(follow);
  }, [history]);
  // A followed link's page is rendered as a transition, so that the tap paints at once and a
  // later tap interrupts it; its address is written once it shows, with its page.
  useLayoutEffect(() => {
    if (shown !== history.state && shown.navigationType !== 'POP') history.commit(shown);
  }, [history, shown]);
  // What the page being left must keep (its scroll, its focus) and the next page's render run in a
  // task of their own, so that the tap's frame does not wait for them.
  const navigate = useCallback(
    (to: string) => {
      setTimeout(() => {
        const next = history.prepare(to);
        startTransition(() => setShown(next));
      });
    },
    [history],
  );
  return (
    <RouterContext value={history}>
      <NavigateContext value={navigate}>
        <RouterStateContext value={shown}>{children}</RouterStateContext>
      </NavigateContext>
    </RouterContext>
  );
}

/** The history itself, for what must act before a change shows (scroll restoration, focus). */
export function useRouterHistory(): History {
  const history = use(RouterContext);
  if (!history) throw new Error('This component needs a <RouterProvider> above it');
  return history;
}

/** The current location and how it was reached; re-renders on every navigation. */
export function useRouterState(): RouterState {
  const state = use(RouterStateContext);
  if (!state) throw new Error('This component needs a <RouterProvider> above it');
  return state;
}

export const useLocation = () => useRouterState().location;

/** Goes to an address inside the app: the page renders first, then its address is written. */
export function useNavigate(): (to: string) => void {
  const navigate = use(NavigateContext);
  if (!navigate) throw new Error('This component needs a <RouterProvider> above it');
  return navigate;
}

/**
 * A plain left click, which the app handles; modifiers mean a new tab or window. The boot script
 * inlines it by its source text, so it uses nothing but its argument.
 */
export const isPlainClick = (
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>,
) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An address inside the app: `/imprint`, `/home#contact`. */
  to: string;
}

/** A link inside the app: a real `<a href="#/imprint">`, which the router follows in place. */
export function Link({ to, onClick, children, ...props }: LinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...props}
      href={hrefOf(to)}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event) || props.target) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
