import { describe, expect, it } from 'vitest';
import { scrollKey } from './scroll-key.ts';

describe('scrollKey', () => {
  it('keys a fresh page load by its URL, so a bookmark with an anchor is not overruled', () => {
    expect(scrollKey({ key: 'default', pathname: '/home', hash: '#contact' })).toBe(
      '/home#contact',
    );
    expect(scrollKey({ key: 'default', pathname: '/home', hash: '' })).toBe('/home');
  });

  it("keeps the router's unique key for entries the app pushed", () => {
    expect(scrollKey({ key: 'x7a2k', pathname: '/home', hash: '#contact' })).toBe('x7a2k');
  });
});
