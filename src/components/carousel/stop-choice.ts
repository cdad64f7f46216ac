/**
 * The visitor's own stop or start of a carousel, kept for the visit: in the tab's session storage,
 * so it holds across route changes (the carousel unmounts), language changes (another document
 * under /de/ or /en/) and a reload. WCAG 2.2.2: a pause the visitor chose must not undo itself.
 * Without storage (blocked, private modes) the choice lives as long as this page does.
 */
const listeners = new Set<() => void>();
const inMemory = new Map<string, boolean>();

/**
 * The session storage key of a carousel's stop is this and its id. The boot script writes it too,
 * for a press on the toggle before the app has started (src/prerender/boot-script.ts).
 */
export const STOP_CHOICE_KEY_PREFIX = 'carousel-stopped:';

function storageKey(id: string): string {
  return `${STOP_CHOICE_KEY_PREFIX}${id}`;
}

export function readStopChoice(id: string): boolean | null {
  try {
    const stored = window.sessionStorage.getItem(storageKey(id));
    return stored === null ? null : stored === 'true';
  } catch {
    return inMemory.get(id) ?? null;
  }
}

export function storeStopChoice(id: string, stopped: boolean): void {
  inMemory.set(id, stopped);
  try {
    window.sessionStorage.setItem(storageKey(id), String(stopped));
  } catch {
    // Kept in memory only.
  }
  listeners.forEach((listener) => listener());
}

export function subscribeToStopChoice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
