import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHashHistory, parseHashRoute } from './hash-history.ts';

describe('parseHashRoute', () => {
  it('splits route, query and anchor', () => {
    expect(parseHashRoute('#/privacy?ref=mail#rights')).toEqual({
      pathname: '/privacy',
      search: '?ref=mail',
      hash: '#rights',
      key: 'default',
    });
    expect(parseHashRoute('#/home#contact', 'k1')).toMatchObject({
      pathname: '/home',
      hash: '#contact',
      key: 'k1',
    });
  });

  it('reads the empty route and a route without its slash', () => {
    expect(parseHashRoute('').pathname).toBe('/');
    expect(parseHashRoute('#').pathname).toBe('/');
    expect(parseHashRoute('#privacy').pathname).toBe('/privacy');
  });
});

describe('createHashHistory', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('redirects the empty route to #/home in place', () => {
    window.history.replaceState(null, '', '/#/');
    const history = createHashHistory(window);
    expect(history.state.location.pathname).toBe('/home');
    expect(window.location.hash).toBe('#/home');
  });

  it('pushes a new entry with a key of its own, and tells the listeners after the leavers', () => {
    window.history.replaceState(null, '', '/#/home');
    const history = createHashHistory(window);
    const calls: string[] = [];
    history.beforeLeave((left) => calls.push(`leave ${left.pathname}`));
    history.listen(() => calls.push(`now ${history.state.location.pathname}`));
    const length = window.history.length;

    history.navigate('/imprint');

    expect(window.location.hash).toBe('#/imprint');
    expect(window.history.length).toBe(length + 1);
    expect(history.state.navigationType).toBe('PUSH');
    expect(history.state.location.key).not.toBe('default');
    expect(calls).toEqual(['leave /home', 'now /imprint']);
  });

  it('replaces the entry when the link leads where the visitor is, with a new location', () => {
    window.history.replaceState(null, '', '/#/home#contact');
    const history = createHashHistory(window);
    const before = history.state;
    const length = window.history.length;
    history.navigate('/home#contact');
    expect(window.history.length).toBe(length);
    expect(history.state.navigationType).toBe('REPLACE');
    expect(history.state).not.toBe(before);
    expect(history.state.location.hash).toBe('#contact');
  });

  it('prepares a navigation while the page left is shown, and writes its address when committed', () => {
    window.history.replaceState(null, '', '/#/home');
    const history = createHashHistory(window);
    const calls: string[] = [];
    history.beforeLeave((left) => calls.push(`leave ${left.pathname}`));
    history.listen(() => calls.push(`now ${history.state.location.pathname}`));

    const next = history.prepare('/privacy#rights');
    expect(calls).toEqual(['leave /home']);
    expect(window.location.hash).toBe('#/home');
    expect(history.state.location.pathname).toBe('/home');
    expect(next).toMatchObject({
      navigationType: 'PUSH',
      location: { pathname: '/privacy', hash: '#rights' },
    });

    history.commit(next);
    expect(window.location.hash).toBe('#/privacy#rights');
    expect(window.history.state).toEqual({ key: next.location.key });
    expect(history.state).toBe(next);
    expect(calls).toEqual(['leave /home', 'now /privacy']);
  });

  it('replaces rather than pushes when the address is already the one committed', () => {
    window.history.replaceState(null, '', '/#/home');
    const history = createHashHistory(window);
    const first = history.prepare('/imprint');
    const second = history.prepare('/imprint');
    const length = window.history.length;
    history.commit(first);
    history.commit(second);
    expect(window.history.length).toBe(length + 1);
    expect(window.history.state).toEqual({ key: second.location.key });
  });

  it('reports Back and Forward once, though browsers send popstate and hashchange', () => {
    window.history.replaceState(null, '', '/#/home');
    const history = createHashHistory(window);
    const listener = vi.fn<() => void>();
    history.listen(listener);
    window.history.replaceState(null, '', '/#/privacy');
    window.dispatchEvent(new PopStateEvent('popstate'));
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(history.state).toMatchObject({
      navigationType: 'POP',
      location: { pathname: '/privacy', key: 'default' },
    });
  });

  it('follows an address changed before anyone listens, and keeps the state it was made with', () => {
    window.history.replaceState(null, '', '/#/home');
    const history = createHashHistory(window);
    // The visitor goes on while the app is still starting: nothing has subscribed yet.
    window.history.replaceState(null, '', '/#/imprint');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(history.state).toMatchObject({
      navigationType: 'POP',
      location: { pathname: '/imprint' },
    });
    expect(history.loaded.location.pathname).toBe('/home');

    const listener = vi.fn<() => void>();
    const stop = history.listen(listener);
    window.history.replaceState(null, '', '/#/privacy');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    window.history.replaceState(null, '', '/#/home');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(history.state.location.pathname).toBe('/home');
  });
});
