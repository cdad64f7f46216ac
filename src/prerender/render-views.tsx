/**
 * The server side of the prerender, built by Vite as the `ssr` environment and run once at the end
 * of `vite build` (see build/prerender.ts): renders every route in every language to HTML with the
 * app's own components, so that the built `index.html` shows the page before any script runs.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createHashRouter } from 'react-router';
import { App } from '../app/app';
import { pageTitle } from '../app/document-title';
import {
  SHOWN_VIEW_ATTRIBUTE,
  VIEW_ATTRIBUTE,
  viewName,
  type ViewName,
} from '../app/prerendered-view';
import { TITLE_MARKERS, type TitleMarker } from '../app/route-handle';
import { routes } from '../app/router';
import { DEFAULT_LANGUAGE, LANGUAGES, lookupOrder, type Language } from '../i18n/language';
import { translate, type Dictionary } from '../i18n/translate';
import { APP_ENTRY_META, bootScript, VIEW_TITLES_ID } from './boot-script';

export { bootScript, APP_ENTRY_META as appEntryMeta };

export interface RenderedView {
  name: ViewName;
  title: string;
  /** The app's markup for this page, as `hydrateRoot` will expect it. */
  html: string;
}

/**
 * Just enough of a browser window for the hash router to start at `hash`. The prerender uses the
 * app's own hash router, not a memory router, so that its links read `#/imprint` exactly as the
 * browser's will: hydration keeps the server's attributes as they are.
 */
function windowAt(hash: string): Window {
  const origin = 'http://prerender.invalid';
  const fake = {
    location: { origin, href: `${origin}/${hash}`, pathname: '/', search: '', hash },
    history: { state: null, replaceState: () => {}, pushState: () => {}, go: () => {} },
    document: { querySelector: () => null },
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  return fake as unknown as Window;
}

async function renderView(
  dictionaries: Readonly<Record<Language, Dictionary>>,
  language: Language,
  page: TitleMarker,
): Promise<RenderedView> {
  const chain = lookupOrder(language).map((each) => dictionaries[each]);
  const loaded = Promise.resolve(chain);
  // `hydrationData` is given so that the router does not look for it on the global `window`.
  const router = createHashRouter(routes, { window: windowAt(`#/${page}`), hydrationData: {} });
  const { prelude } = await prerender(
    <StrictMode>
      <App router={router} language={language} loader={() => loaded} />
    </StrictMode>,
  );
  return {
    name: viewName(language, page),
    title: pageTitle((key, params) => translate(chain, key, params), page),
    html: await new Response(prelude).text(),
  };
}

/** Every page in every language, German home first: that one shows when scripts cannot run. */
export function renderViews(
  dictionaries: Readonly<Record<Language, Dictionary>>,
): Promise<RenderedView[]> {
  const languages = [DEFAULT_LANGUAGE, ...LANGUAGES.filter((other) => other !== DEFAULT_LANGUAGE)];
  return Promise.all(
    languages.flatMap((language) =>
      TITLE_MARKERS.map((page) => renderView(dictionaries, language, page)),
    ),
  );
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The `<head>` additions: the titles the boot script reads, then the boot script itself. */
export const headMarkup = (views: readonly RenderedView[]): string =>
  `<script type="application/json" id="${VIEW_TITLES_ID}">${escapeJson(
    Object.fromEntries(views.map((view) => [view.name, view.title])),
  )}</script><script>${bootScript}</script>`;

/**
 * Hides every page but the one the boot script chose; without scripts, the German home page.
 * Generated, so that it names exactly the views there are.
 */
export const viewVisibilityCss = (views: readonly RenderedView[]): string =>
  [
    `html:not([${SHOWN_VIEW_ATTRIBUTE}]) [${VIEW_ATTRIBUTE}]:not([${VIEW_ATTRIBUTE}="${views[0]?.name}"])`,
    ...views.map(
      ({ name }) =>
        `html[${SHOWN_VIEW_ATTRIBUTE}="${name}"] [${VIEW_ATTRIBUTE}]:not([${VIEW_ATTRIBUTE}="${name}"])`,
    ),
  ].join(',\n') + ' {\n  display: none;\n}\n';

/** The six pages, each in its own app root. */
export const bodyMarkup = (views: readonly RenderedView[], rootClass: string): string =>
  views
    .map((view) => `<div class="${rootClass}" ${VIEW_ATTRIBUTE}="${view.name}">${view.html}</div>`)
    .join('\n');
