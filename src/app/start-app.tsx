import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

const logError = (error: unknown) => console.error('The website failed to start:', error);

/**
 * Mounts the app into `#root`. A failure while starting, whether thrown here or by the first render,
 * is logged to the console, as the specification asks; the page then keeps what the HTML had.
 */
export function startApp(rootElement: HTMLElement | null = document.getElementById('root')): void {
  try {
    if (!rootElement) throw new Error('The page has no element with the id "root".');
    createRoot(rootElement, { onUncaughtError: logError }).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    logError(error);
  }
}
