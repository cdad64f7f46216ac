import { useMatches } from 'react-router';

/** The specification's title markers: each route says which page title it shows. */
export type TitleMarker = 'home' | 'imprint' | 'privacy';

export interface RouteHandle {
  title: TitleMarker;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** The title marker of the deepest matched route that has one. */
export function useTitleMarker(): TitleMarker {
  return (
    useMatches()
      .map((match) => match.handle)
      .findLast(isRouteHandle)?.title ?? 'home'
  );
}
