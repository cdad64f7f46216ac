import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { prefersReducedMotion, useReducedMotion } from './use-reduced-motion.ts';

/** A reduced-motion media query whose answer the test changes, telling its listeners. */
function changeableReducedMotion(initially: boolean) {
  let matches = initially;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        media: query,
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && matches;
        },
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    set(value: boolean) {
      matches = value;
      act(() => listeners.forEach((listener) => listener()));
    },
    listeners,
  };
}

describe('useReducedMotion', () => {
  it('follows the preference as the visitor changes it, and stops listening on unmount', () => {
    const preference = changeableReducedMotion(false);
    const { result, unmount } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
    preference.set(true);
    expect(result.current).toBe(true);
    expect(prefersReducedMotion()).toBe(true);
    preference.set(false);
    expect(result.current).toBe(false);
    unmount();
    expect(preference.listeners.size).toBe(0);
  });

  it('means no reduced motion where media queries are unknown', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(prefersReducedMotion()).toBe(false);
  });
});
