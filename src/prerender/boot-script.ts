import { APP_ROOT_CLASS, SHOWN_VIEW_ATTRIBUTE, VIEW_ATTRIBUTE } from '../app/prerendered-view';
import { TITLE_MARKERS } from '../app/route-handle';
import { DICTIONARY_URL_PATTERN } from '../i18n/dictionaries';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY } from '../i18n/language';
import { FIXED_LANGUAGE_ATTRIBUTE } from '../i18n/language-address';

/** What the boot script needs to know; passed as JSON, so the script's own text never changes. */
export interface BootConfig {
  storageKey: string;
  languages: readonly string[];
  defaultLanguage: string;
  pages: readonly string[];
  defaultPage: string;
  /** The translation file's address with `{lang}` for the language. */
  dictionaryUrl: string;
  /** The id of the JSON block in `<head>` with this document's {@link PageData}. */
  pageDataId: string;
  /** On `<html>`: the language of a language's own address (absent on the adaptive root). */
  fixedLanguageAttribute: string;
  shownAttribute: string;
  /** Names the view of the rendered page and of each `<template>` holding another one. */
  viewAttribute: string;
  rootClass: string;
  /** The `<meta>` whose content is the address of the app's script. */
  entryMetaName: string;
}

/** What differs between the documents (the root and each language's address): data, not script. */
export interface PageData {
  /** Each view's page title, by view name (`en-imprint`). */
  titles: Record<string, string>;
  /** The web app manifest, linked late: browsers fetch it at once, competing with the paint. */
  manifest: string;
}

/**
 * Runs inline in `<head>` before the first paint and decides, exactly as the app will, which page
 * (route × language) this visitor sees: on a language's own address that language, elsewhere the
 * saved choice, the browser's languages, German. It sets the language and title at once. The
 * document holds one rendered page (without scripts: the German home page, or the address's
 * language) and every other page of the document as an inert `<template>`; when another page is
 * due, inline CSS keeps the rendered one hidden (so nothing wrong flashes) until the body is
 * parsed, and then the template's copy takes its place, before anything paints. After the first
 * paint it loads the app's script together with the translation files the app will ask for, so
 * that these are not a second round trip after the JavaScript.
 *
 * It is inlined by its source text (`String(showPrerenderedView)`) and allowed by its hash in the
 * Content-Security-Policy, so it must not use anything but its argument and the browser's globals;
 * its text is the same in every document, so one hash serves them all. Its decisions are checked
 * against the app's own (`chooseLanguage`, the router) in its tests.
 */
export function showPrerenderedView(config: BootConfig): void {
  const html = document.documentElement;

  let data: Partial<PageData> = {};
  try {
    data = JSON.parse(document.getElementById(config.pageDataId)?.textContent ?? '{}');
  } catch {
    // Without its data the page keeps the German title until the app sets the right one.
  }

  let stored: string | null = null;
  try {
    stored = localStorage.getItem(config.storageKey);
  } catch {
    // Storage disabled: the browser's languages decide.
  }
  const fixed = html.getAttribute(config.fixedLanguageAttribute) ?? '';
  let language = config.languages.includes(fixed) ? fixed : '';
  if (!language && stored !== null && config.languages.includes(stored)) language = stored;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    if (language) break;
    const primary = String(tag).trim().toLowerCase().split(/[-_]/)[0] ?? '';
    if (config.languages.includes(primary)) language = primary;
  }
  language ||= config.defaultLanguage;

  // The hash router's path: `#/Imprint/?x#y` → `/imprint`; anything unknown shows the home page.
  let path = location.hash.slice(1).split(/[?#]/)[0] ?? '';
  if (path === '' || path === '/') {
    history.replaceState(history.state, '', `#/${config.defaultPage}`);
  }
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/\/+$/, '').toLowerCase();
  const page = config.pages.find((name) => path === `/${name}`) ?? config.defaultPage;

  const view = `${language}-${page}`;
  html.lang = language;
  html.setAttribute(config.shownAttribute, view);

  const title = data.titles?.[view];
  if (typeof title === 'string') document.title = title;

  // Another page than the rendered one is due (the inline CSS hides the rendered one meanwhile):
  // once the body is parsed, its template's copy takes the rendered page's place.
  const showView = () => {
    const root = document.querySelector(`.${config.rootClass}[${config.viewAttribute}]`);
    if (!root || root.getAttribute(config.viewAttribute) === view) return;
    const template = document.querySelector(`template[${config.viewAttribute}="${view}"]`);
    if (template instanceof HTMLTemplateElement) {
      root.replaceChildren(template.content.cloneNode(true));
      root.setAttribute(config.viewAttribute, view);
    } else {
      // No such page in this document: show the rendered one rather than nothing.
      html.setAttribute(config.shownAttribute, root.getAttribute(config.viewAttribute) ?? '');
    }
  };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', showView, { once: true });
  } else {
    showView();
  }

  // The page is readable from the HTML alone; the app's script and the translation files it needs
  // only make it interactive (and the manifest only matters to browsers that offer to install). Fetching them once the first frame has painted keeps them from
  // competing with the page's own bytes on a slow connection; they still load side by side.
  const loadApp = () => {
    const needed =
      language === config.defaultLanguage ? [language] : [language, config.defaultLanguage];
    for (const lang of needed) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      // fetch() requests are CORS-mode; without this the preload would not be reused.
      link.crossOrigin = 'anonymous';
      link.href = config.dictionaryUrl.replace('{lang}', lang);
      document.head.append(link);
    }
    if (data.manifest) {
      const manifest = document.createElement('link');
      manifest.rel = 'manifest';
      manifest.href = data.manifest;
      document.head.append(manifest);
    }
    const entry = document.querySelector<HTMLMetaElement>(`meta[name="${config.entryMetaName}"]`);
    if (entry) {
      const script = document.createElement('script');
      script.type = 'module';
      script.src = entry.content;
      document.head.append(script);
    }
  };
  // Wait for the browser to report the first contentful paint (the frame's presentation can come
  // well after its requestAnimationFrame); where paint timing is missing, the task after the
  // first frame once the page is parsed.
  if (
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(loadApp, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    const afterNextFrame = () => requestAnimationFrame(() => setTimeout(loadApp, 0));
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', afterNextFrame, { once: true });
    } else {
      afterNextFrame();
    }
  }
}

/** The `<meta name>` that tells the boot script where the app's script is (its name is hashed). */
export const APP_ENTRY_META = 'app-entry';

/** The id of the JSON block in `<head>` with the document's {@link PageData}. */
export const PAGE_DATA_ID = 'page-data';

export const bootConfig: BootConfig = {
  storageKey: LANGUAGE_STORAGE_KEY,
  languages: LANGUAGES,
  defaultLanguage: DEFAULT_LANGUAGE,
  pages: TITLE_MARKERS,
  defaultPage: 'home',
  dictionaryUrl: DICTIONARY_URL_PATTERN,
  pageDataId: PAGE_DATA_ID,
  fixedLanguageAttribute: FIXED_LANGUAGE_ATTRIBUTE,
  shownAttribute: SHOWN_VIEW_ATTRIBUTE,
  viewAttribute: VIEW_ATTRIBUTE,
  rootClass: APP_ROOT_CLASS,
  entryMetaName: APP_ENTRY_META,
};

/** The inline `<script>`'s text; its hash goes into the Content-Security-Policy. */
export const bootScript = `(${String(showPrerenderedView)})(${JSON.stringify(bootConfig)})`;
