import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { staticMediaQueryList } from './media-query-list.ts';

// jsdom has no layout, media queries or relative fetch; stub what the app touches so that each
// test states the environment it depends on.
Element.prototype.scrollIntoView = vi.fn<() => void>();
window.scrollTo = vi.fn<() => void>() as unknown as typeof window.scrollTo;

if (!window.matchMedia) {
  window.matchMedia = (query: string) => staticMediaQueryList(query, false);
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });
});
