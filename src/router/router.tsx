import {
  createContext,
  use,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { hrefOf, type History, type RouterState } from './hash-history.ts';

const RouterContext = createContext<History | null>(null);

/**
 * Gives the app its history. A hand-made router rather than React Router or wouter: the site has
 * three hash routes, a redirect and a wildcard (decisions 15 and 35).
 */
export function RouterProvider({ history, children }: { history: History; children: ReactNode }) {
  return <RouterContext value={history}>{children}</RouterContext>;
}

/** The history itself, for what must act before a change shows (scroll restoration, focus). */
export function useRouterHistory(): History {
  const history = use(RouterContext);
  if (!history) throw new Error('This component needs a <RouterProvider> above it');
  return history;
}

/** The current location and how it was reached; re-renders on every navigation. */
export function useRouterState(): RouterState {
  const history = useRouterHistory();
  // Hydration renders what the prerendered page shows; React then re-renders from `state` if the
  // address changed while the app was starting.
  return useSyncExternalStore(
    history.listen,
    () => history.state,
    () => history.loaded,
  );
}

export const useLocation = () => useRouterState().location;

export const useNavigate = () => useRouterHistory().navigate;

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
