import { useMatches } from 'react-router';

/** The specification's title markers: each route says which page title it shows. */
export const TITLE_MARKERS = ['home', 'imprint', 'privacy'] as const;
export type TitleMarker = (typeof TITLE_MARKERS)[number];

export interface RouteHandle {
  title: TitleMarker;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** The title marker of the deepest matched route that has one. */
export const titleMarkerOf = (handles: readonly unknown[]): TitleMarker =>
  handles.findLast(isRouteHandle)?.title ?? 'home';

export function useTitleMarker(): TitleMarker {
  return titleMarkerOf(useMatches().map((match) => match.handle));
}
