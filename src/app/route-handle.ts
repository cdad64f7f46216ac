import { useLocation } from '../router/router.tsx';
import { matchRoute, type TitleMarker } from './routes.ts';

/** The title marker of the route the current location shows. */
export function useTitleMarker(): TitleMarker {
  return matchRoute(useLocation().pathname);
}
