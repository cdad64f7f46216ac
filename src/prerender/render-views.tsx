/**
 * The server side of the prerender, built by Vite as the `ssr` environment and run once at the end
 * of `vite build` (see site-build/prerender.ts): renders every route in every language to HTML with the
 * app's own components, so that the built `index.html` shows the page before any script runs.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from '../app/app.tsx';
import {
  APP_ROOT_CLASS,
  rootCarries,
  SHOWN_VIEW_ATTRIBUTE,
  VIEW_ATTRIBUTE,
  viewName,
  type ViewName,
} from '../app/prerendered-view.ts';
import { pageTitle, ROUTES, type TitleMarker } from '../content/routes.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, lookupOrder, type Language } from '../i18n/language.ts';
import type { AddressLanguage } from '../i18n/language-address.ts';
import { translatorFor, type Dictionaries } from '../i18n/translator.ts';
import { createStaticHistory } from '../router/hash-history.ts';
import { jsonForScript } from './escape.ts';
import {
  APP_ENTRY_META,
  bootScript,
  PAGE_DATA_ID,
  swapScript,
  type PageData,
} from './boot-script.ts';

export { bootScript, swapScript, APP_ENTRY_META as appEntryMeta };

export interface RenderedView {
  name: ViewName;
  title: string;
  /** The app's markup for this page, as `hydrateRoot` will expect it. */
  html: string;
}

async function renderView(
  dictionaries: Dictionaries,
  language: Language,
  page: TitleMarker,
  address: AddressLanguage,
): Promise<RenderedView> {
  const chain = lookupOrder(language).map((each) => dictionaries[each]);
  const loaded = Promise.resolve(chain);
  // The route's address as the browser's will be, so links and markup come out alike.
  const history = createStaticHistory(`#/${page}`);
  const { prelude } = await prerender(
    <StrictMode>
      <App history={history} language={language} address={address} loader={() => loaded} />
    </StrictMode>,
  );
  return {
    name: viewName(language, page),
    title: pageTitle(translatorFor(dictionaries, language), page),
    html: await new Response(prelude).text(),
  };
}

/**
 * Every page of one address's document: on a language's own address that language's three; on the
 * root, which adapts to the visitor, the German three and the English home page. The root must
 * arrive in a connection's first round trip (decision 13), and the English legal pages do not fit
 * beside the German ones: the boot script sends an English visitor who asks the root for one to
 * `en/`, which has it. The first page is the one the document shows without scripts: the home page
 * in the address's language, on the root in German.
 */
export function renderViews(
  dictionaries: Dictionaries,
  address: AddressLanguage,
): Promise<RenderedView[]> {
  const pages = (language: Language): readonly TitleMarker[] =>
    address === null ? ROUTES.filter((page) => rootCarries(language, page)) : ROUTES;
  const languages =
    address === null
      ? [DEFAULT_LANGUAGE, ...LANGUAGES.filter((other) => other !== DEFAULT_LANGUAGE)]
      : [address];
  return Promise.all(
    languages.flatMap((language) =>
      pages(language).map((page) => renderView(dictionaries, language, page, address)),
    ),
  );
}

/**
 * The `<head>` additions: the document's data for the boot script, then the boot script itself
 * (`script`: its text as the build ships it, minified).
 */
export function headMarkup(
  views: readonly RenderedView[],
  manifest: string,
  script: string,
): string {
  const data: PageData = {
    titles: Object.fromEntries(views.map((view) => [view.name, view.title])),
    manifest,
  };
  return `<script type="application/json" id="${PAGE_DATA_ID}">${jsonForScript(data)}</script><script>${script}</script>`;
}

/**
 * While the boot script has chosen another page than the rendered one, the rendered one stays
 * hidden, so that it never flashes before the chosen page takes its place. Generated, so that it
 * names exactly the pages there are. Without scripts nothing is chosen and nothing hidden.
 */
export const viewVisibilityCss = (views: readonly RenderedView[]): string =>
  views
    .map(
      ({ name }) =>
        `html[${SHOWN_VIEW_ATTRIBUTE}="${name}"] .${APP_ROOT_CLASS}[${VIEW_ATTRIBUTE}]:not([${VIEW_ATTRIBUTE}="${name}"])`,
    )
    .join(',\n') + ' {\n  display: none;\n}\n';

/**
 * The body: the first page rendered into the app root, shown when no script runs or it is the one
 * due, then every other one as an inert `<template>` (not part of the document: no duplicate ids,
 * no second `<main>`, nothing a crawler reads as this page's text), each followed by the swap
 * script (`script`, minified), which puts it in place while the parser is still early when it is
 * the one due.
 */
export function bodyMarkup(views: readonly RenderedView[], script: string): string {
  const [shown, ...others] = views;
  if (!shown) throw new Error('Cannot prerender: no page was rendered.');
  return [
    `<div class="${APP_ROOT_CLASS}" ${VIEW_ATTRIBUTE}="${shown.name}">${shown.html}</div>`,
    ...others.map(
      (view) =>
        `<template ${VIEW_ATTRIBUTE}="${view.name}">${view.html}</template><script>${script}</script>`,
    ),
  ].join('\n');
}
