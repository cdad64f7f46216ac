import { useLocation } from '../router/router';
import { matchRoute, type TitleMarker } from './routes';

/** The title marker of the route the current location shows. */
export function useTitleMarker(): TitleMarker {
  return matchRoute(useLocation().pathname);
}
