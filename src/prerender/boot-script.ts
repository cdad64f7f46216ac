import { SHOWN_VIEW_ATTRIBUTE } from '../app/prerendered-view';
import { TITLE_MARKERS } from '../app/route-handle';
import { DICTIONARY_URL_PATTERN } from '../i18n/dictionaries';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, pickLanguage } from '../i18n/language';

/** What the boot script needs to know; passed as JSON, so the script's own text never changes. */
export interface BootConfig {
  storageKey: string;
  languages: readonly string[];
  defaultLanguage: string;
  pages: readonly string[];
  defaultPage: string;
  /** The translation file's address with `{lang}` for the language. */
  dictionaryUrl: string;
  /** The id of the JSON block in `<head>` that maps each view to its page title. */
  titlesId: string;
  shownAttribute: string;
  /** The `<meta>` whose content is the address of the app's script. */
  entryMetaName: string;
  /** The web app manifest, linked late: browsers fetch it at once, competing with the paint. */
  manifestUrl: string;
}

/**
 * Runs inline in `<head>` before the first paint: decides, exactly as the app will, which of the six
 * prerendered pages (route × language) this visitor sees, marks it on `<html>` for the inline CSS
 * that hides the others, and sets the language and title. After the first paint it loads the app's
 * script together with the translation files the app will ask for, so that these are not a second
 * round trip after the JavaScript.
 *
 * It is inlined by its source text (`String(showPrerenderedView)`) and allowed by its hash in the
 * Content-Security-Policy, so it must not use anything but its arguments and the browser's globals.
 * The language rule is the app's own `pickLanguage`, passed in by its source text, so the two can
 * never disagree; the route decision is checked against the app's router in its tests.
 */
export function showPrerenderedView(config: BootConfig, pick: typeof pickLanguage): void {
  const html = document.documentElement;

  let stored: string | null = null;
  try {
    stored = localStorage.getItem(config.storageKey);
  } catch {
    // Storage disabled: the browser's languages decide.
  }
  const language = pick(stored, navigator, config.languages, config.defaultLanguage);

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

  try {
    const titles = JSON.parse(document.getElementById(config.titlesId)?.textContent ?? '{}');
    if (typeof titles[view] === 'string') document.title = titles[view];
  } catch {
    // Without the titles the German home title stays until the app sets the right one.
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
    const manifest = document.createElement('link');
    manifest.rel = 'manifest';
    manifest.href = config.manifestUrl;
    document.head.append(manifest);
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

/** The id of the JSON block in `<head>` with each view's title. */
export const VIEW_TITLES_ID = 'view-titles';

export const bootConfig: BootConfig = {
  storageKey: LANGUAGE_STORAGE_KEY,
  languages: LANGUAGES,
  defaultLanguage: DEFAULT_LANGUAGE,
  pages: TITLE_MARKERS,
  defaultPage: 'home',
  dictionaryUrl: DICTIONARY_URL_PATTERN,
  titlesId: VIEW_TITLES_ID,
  shownAttribute: SHOWN_VIEW_ATTRIBUTE,
  entryMetaName: APP_ENTRY_META,
  manifestUrl: './manifest.webmanifest',
};

/** The inline `<script>`'s text; its hash goes into the Content-Security-Policy. */
export const bootScript = `(${String(showPrerenderedView)})(${JSON.stringify(bootConfig)},${String(pickLanguage)})`;
