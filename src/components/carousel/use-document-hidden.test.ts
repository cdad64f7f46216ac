import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useDocumentHidden } from './use-document-hidden.ts';

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('useDocumentHidden', () => {
  it('follows the page being hidden and shown again', () => {
    const { result } = renderHook(() => useDocumentHidden());
    expect(result.current).toBe(false);
    setVisibility('hidden');
    expect(result.current).toBe(true);
    setVisibility('visible');
    expect(result.current).toBe(false);
  });
});
