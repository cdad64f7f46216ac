import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHashHistory } from '../router/hash-history.ts';
import { Link, RouterProvider, useLocation } from '../router/router.tsx';
import { STARTED_ATTRIBUTE } from './prerendered-view.ts';

/** The page of the location, and the address the browser showed when it was put in. */
function Shown({ seen }: { seen: string[] }) {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    seen.push(`${pathname}${hash} at ${window.location.hash}`);
  }, [pathname, hash, seen]);
  return (
    <>
      <p>{pathname}</p>
      <Link to="/imprint">Imprint</Link>
    </>
  );
}

describe('RouterProvider', () => {
  // The app has started: a boot script another test left on the document stands down.
  beforeEach(() => document.documentElement.setAttribute(STARTED_ATTRIBUTE, ''));
  afterEach(() => {
    document.documentElement.removeAttribute(STARTED_ATTRIBUTE);
    window.history.replaceState(null, '', '/');
  });

  it('renders a followed link’s page first, then writes its address', async () => {
    window.history.replaceState(null, '', '/#/home');
    const history = createHashHistory(window);
    const seen: string[] = [];
    render(
      <RouterProvider history={history}>
        <Shown seen={seen} />
      </RouterProvider>,
    );
    act(() => screen.getByRole('link', { name: 'Imprint' }).click());
    // The tap's own task changes nothing, so that its frame paints at once.
    expect(screen.getByText('/home')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/home');
    await act(() => new Promise((resolve) => setTimeout(resolve)));

    expect(screen.getByText('/imprint')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/imprint');
    expect(history.state.navigationType).toBe('PUSH');
    // Put in while the address was still the old one; written in the same commit.
    expect(seen).toEqual(['/home at #/home', '/imprint at #/home']);
  });

  it('renders Back and Forward within their event', () => {
    window.history.replaceState(null, '', '/#/home');
    const history = createHashHistory(window);
    const seen: string[] = [];
    render(
      <RouterProvider history={history}>
        <Shown seen={seen} />
      </RouterProvider>,
    );
    window.history.replaceState(null, '', '/#/privacy');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(screen.getByText('/privacy')).toBeInTheDocument();
  });
});
