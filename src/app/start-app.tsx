import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadDictionaries } from '../i18n/dictionaries';
import { fingerprint } from '../i18n/fingerprint';
import { detectLanguage, lookupOrder, type Language } from '../i18n/language';
import type { Dictionary } from '../i18n/translate';
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
 * Whether the prerendered page says what the app would render: the translation files it loaded are
 * those the build rendered the page from. Otherwise (a file edited since the build, or one that
 * failed along with its built copy) the page is rendered afresh, since Preact's hydration trusts
 * the markup it finds and would keep its old texts and attributes.
 */
function pageMatches(dictionaries: readonly Dictionary[], language: Language): boolean {
  const order = lookupOrder(language);
  return (
    dictionaries.length === order.length &&
    dictionaries.every((dictionary, index) => {
      const each = order[index];
      return each !== undefined && fingerprint(dictionary) === BUILT_TEXTS[each];
    })
  );
}

/**
 * Takes over the prerendered page the visitor sees (hydration: the same markup, nothing repaints),
 * or, where the page has none (the dev server), renders into the empty app root. It first waits for
 * the page's texts, so that no render ever suspends; the boot script answers the visitor until
 * then. A failure while starting, whether thrown here or by the first render, is logged to the
 * console, as the specification asks; the page then keeps what the HTML had.
 */
export async function startApp(document: Document = window.document): Promise<void> {
  try {
    // On a language's own address that language shows; on the root the visitor's decides.
    const address = readAddressLanguage(document.documentElement);
    const wanted = () => address ?? detectLanguage();
    let language = wanted();
    let dictionaries = await loadDictionaries(language);
    // A language picked meanwhile (the boot script keeps the choice) is the one to start in.
    while (wanted() !== language) {
      language = wanted();
      // One at a time: the choice may change again while its file loads.
      // eslint-disable-next-line no-await-in-loop
      dictionaries = await loadDictionaries(language);
    }
    const history = createHashHistory(window);
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
    if (view && pageMatches(dictionaries, language)) {
      // In the same task that marks the start, so no tap falls between the boot script and the
      // app. Preact (the browser's runtime) hydrates at once; React, as a transition, in slices.
      startTransition(() => {
        hydrateRoot(view, app, { onUncaughtError: logError, onRecoverableError: logStalePage });
      });
      return;
    }
    if (view) logStalePage('the translation files differ from those the page was built from');
    const root = view ?? document.querySelector<HTMLElement>(`.${APP_ROOT_CLASS}`);
    if (!root) throw new Error(`The page has no element with the class "${APP_ROOT_CLASS}".`);
    root.removeAttribute(VIEW_ATTRIBUTE);
    createRoot(root, { onUncaughtError: logError }).render(app);
  } catch (error) {
    logError(error);
  }
}
