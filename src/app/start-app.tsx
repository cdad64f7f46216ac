import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { detectLanguage } from '../i18n/language.ts';
import { readAddressLanguage } from '../i18n/language-address.ts';
import { App } from './app.tsx';
import {
  APP_ROOT_CLASS,
  claimPrerenderedView,
  STARTED_ATTRIBUTE,
  VIEW_ATTRIBUTE,
  viewName,
} from './prerendered-view.ts';
import { createHashHistory } from '../router/hash-history.ts';
import { matchRoute } from '../content/routes.ts';

const logError = (error: unknown) => console.error('The website failed to start:', error);

/**
 * React could not reuse the prerendered page, most often because the translation files now served
 * differ from those the page was built from (edited, or failed to load); it has rendered the page
 * afresh from the files. Nothing is lost, so this is a warning, not an error.
 */
const logStalePage = (error: unknown) =>
  console.warn('The prerendered page did not match the translations; rendered it afresh:', error);

/**
 * Takes over the prerendered page the visitor sees (hydration: the same markup, nothing repaints),
 * or, where the page has none (the dev server), renders into the empty app root. A failure while
 * starting, whether thrown here or by the first render, is logged to the console, as the
 * specification asks; the page then keeps what the HTML had.
 */
export function startApp(document: Document = window.document): void {
  try {
    // Made first, and listening from then on: an address changed from here on is followed.
    const history = createHashHistory(window);
    // On a language's own address that language shows; on the root the visitor's decides.
    const address = readAddressLanguage(document.documentElement);
    const language = address ?? detectLanguage();
    const app = (
      <StrictMode>
        <App history={history} language={language} address={address} />
      </StrictMode>
    );
    const view = claimPrerenderedView(
      document,
      viewName(language, matchRoute(history.loaded.location.pathname)),
    );
    document.documentElement.setAttribute(STARTED_ATTRIBUTE, '');
    if (view) {
      // In the same task that marks the start, so no tap falls between the boot script and the
      // app (React replays the events that come during hydration). As a transition, React
      // hydrates in slices of a few milliseconds, so a tap or scroll is never kept waiting.
      const page = keepReadable(view);
      startTransition(() => {
        hydrateRoot(view, app, {
          onUncaughtError: (error) => {
            logError(error);
            page.restore();
          },
          onRecoverableError: logStalePage,
        });
      });
      return;
    }
    const root = document.querySelector<HTMLElement>(`.${APP_ROOT_CLASS}`);
    if (!root) throw new Error(`The page has no element with the class "${APP_ROOT_CLASS}".`);
    root.removeAttribute(VIEW_ATTRIBUTE);
    createRoot(root, { onUncaughtError: logError }).render(app);
  } catch (error) {
    logError(error);
  }
}

/**
 * A copy of the prerendered page, put back if the app fails while it takes the page over: React
 * empties its root after an error no component caught, and the page must stay readable (the boot
 * script's links and the HTML's own anchors still work on it).
 */
function keepReadable(view: HTMLElement) {
  const copy = view.cloneNode(true) as HTMLElement;
  return {
    restore() {
      if (view.childElementCount === 0) view.replaceChildren(...copy.childNodes);
    },
  };
}
