import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { detectLanguage } from '../i18n/language';
import { readAddressLanguage } from '../i18n/language-address';
import { App } from './app';
import {
  APP_ROOT_CLASS,
  claimPrerenderedView,
  STARTED_ATTRIBUTE,
  VIEW_ATTRIBUTE,
  viewName,
} from './prerendered-view';
import { createHashHistory } from '../router/hash-history';
import { matchRoute } from './routes';

const logError = (error: unknown) => console.error('The website failed to start:', error);

/**
 * React could not reuse the prerendered page, because the translation files now served differ from
 * those the page was built from (edited or failed to load); it has rendered the page afresh from the
 * files. Nothing is lost, so this is a warning, not an error.
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
      viewName(language, matchRoute(history.state.location.pathname)),
    );
    document.documentElement.setAttribute(STARTED_ATTRIBUTE, '');
    if (view) {
      // As a transition, React hydrates in slices of a few milliseconds, so a visitor's tap or
      // scroll is never kept waiting behind it.
      startTransition(() => {
        hydrateRoot(view, app, { onUncaughtError: logError, onRecoverableError: logStalePage });
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
