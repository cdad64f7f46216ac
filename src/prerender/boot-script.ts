import {
  APP_ROOT_CLASS,
  INTERACTIVE_ATTRIBUTE,
  SHOWN_VIEW_ATTRIBUTE,
  STARTED_ATTRIBUTE,
  VIEW_ATTRIBUTE,
} from '../app/prerendered-view.ts';
import { HOME_ROUTE, ROUTES, routeOf } from '../content/routes.ts';
import { DICTIONARY_URL_PATTERN } from '../i18n/dictionaries.ts';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CHOICE_LIFETIME_MS,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  languageChoice,
  pickLanguage,
} from '../i18n/language.ts';
import { FIXED_LANGUAGE_ATTRIBUTE } from '../i18n/language-address.ts';
import { STOP_CHOICE_KEY_PREFIX } from '../components/carousel/stop-choice.ts';
import { anchorTarget, parseHashRoute } from '../router/hash-history.ts';
import { focusTargetAfter, focusWithoutScrolling } from '../router/route-focus.ts';
import { isPlainClick } from '../router/router.tsx';

/** What the boot script needs to know; each value is written into the script's text as JSON. */
export interface BootConfig {
  storageKey: string;
  /** How long the visitor's language choice is kept, in ms. */
  choiceLifetime: number;
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
  /** Set on `<html>` by the app as it starts to take the page over: from then on it answers. */
  startedAttribute: string;
  /** Set on `<html>` by the app once its listeners are live. */
  readyAttribute: string;
  /** The `<meta>` whose content is the address of the app's script. */
  entryMetaName: string;
  /** With a carousel's id, where the visitor's stop of it is kept for the visit (session storage). */
  stopKey: string;
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
 * language) and every other page of the document as an inert `<template>` after it; when another
 * page is due, the swap script after its template puts its copy in first ({@link showDueView}),
 * inline CSS keeps the rendered one hidden (so nothing wrong flashes), and once the body is parsed
 * the rendered one becomes a template itself. After the first paint it loads the app's script
 * together with the translation files the app will ask for, so that these are not a second round
 * trip after the JavaScript.
 *
 * It is inlined by its source text (`String(showPrerenderedView)`) and allowed by its hash in the
 * Content-Security-Policy, so it must not use anything but its arguments and the browser's globals;
 * its text is the same in every document, so one hash serves them all. The rules it shares with
 * the app are the app's own functions, passed in by their source text, so the two can never
 * disagree: the language rule, the stored choice, the route parser, the focus after a navigation
 * and what a plain click is.
 */
export function showPrerenderedView(
  config: BootConfig,
  pick: typeof pickLanguage,
  choice: typeof languageChoice,
  parse: typeof parseHashRoute,
  route: typeof routeOf,
  anchor: typeof anchorTarget,
  focusTarget: typeof focusTargetAfter,
  focus: typeof focusWithoutScrolling,
  plain: typeof isPlainClick,
): void {
  const html = document.documentElement;

  let data: Partial<PageData> = {};
  try {
    data = JSON.parse(document.getElementById(config.pageDataId)?.textContent ?? '{}');
  } catch {
    // Without its data the page keeps the German title until the app sets the right one.
  }

  const stored = choice(config.storageKey, config.choiceLifetime);
  const fixed = html.getAttribute(config.fixedLanguageAttribute) ?? '';
  let language = config.languages.includes(fixed)
    ? fixed
    : pick(stored, navigator, config.languages, config.defaultLanguage);

  const pageOf = (hash: string) => route(parse(hash).pathname, config.pages, config.defaultPage);
  const emptyRoute = (hash: string) => parse(hash).pathname === '/';
  if (emptyRoute(location.hash)) {
    history.replaceState(history.state, '', `#/${config.defaultPage}`);
  }
  let view = `${language}-${pageOf(location.hash)}`;

  // A page this document does not carry: the root carries only the home page in English (its
  // first round trip has no room for more; see renderViews). The language's own address has it.
  const elsewhere = (name: string) => !fixed && !!data.titles && !(name in data.titles);
  if (elsewhere(view)) {
    // Hidden, so the German page never flashes while the other address loads.
    html.hidden = true;
    location.replace(`${language}/${location.hash}`);
    return;
  }

  const setView = (next: string) => {
    view = next;
    html.setAttribute(config.shownAttribute, next);
    const title = data.titles?.[next];
    if (typeof title === 'string') document.title = title;
  };
  html.lang = language;
  setView(view);

  const viewSelector = (name: string) => `template[${config.viewAttribute}="${name}"]`;
  const rootSelector = `.${config.rootClass}[${config.viewAttribute}]`;
  /** Turns a page in an app root into its template again (unless it has one), so Back can return. */
  const keepAsTemplate = (root: Element) => {
    const name = root.getAttribute(config.viewAttribute) ?? '';
    if (document.querySelector(viewSelector(name))) return;
    const kept = document.createElement('template');
    kept.setAttribute(config.viewAttribute, name);
    kept.content.append(...root.childNodes);
    root.after(kept);
  };
  /**
   * Puts the due page in the app root: the copy of its template takes the place of the page there,
   * which becomes a template itself, so that Back can return to it. Returns false when the document
   * has no such page.
   */
  const showView = () => {
    const root = document.querySelector(rootSelector);
    if (!root) return false;
    if (root.getAttribute(config.viewAttribute) === view) return true;
    const template = document.querySelector(viewSelector(view));
    if (!(template instanceof HTMLTemplateElement)) return false;
    keepAsTemplate(root);
    root.replaceChildren(template.content.cloneNode(true));
    root.setAttribute(config.viewAttribute, view);
    return true;
  };
  // Another page than the rendered one is due: the swap script has put its copy before the rendered
  // page (which the inline CSS hides meanwhile), or, where it could not, the copy takes the rendered
  // page's place now. Once the body is parsed, one app root is left.
  const showFirstView = () => {
    const roots = [...document.querySelectorAll(rootSelector)];
    const due = roots.find((root) => root.getAttribute(config.viewAttribute) === view);
    if (due) {
      for (const other of roots.filter((root) => root !== due)) {
        keepAsTemplate(other);
        other.remove();
      }
      return;
    }
    if (showView()) return;
    // No such page in this document: show the rendered one rather than nothing.
    setView(roots[0]?.getAttribute(config.viewAttribute) ?? view);
  };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', showFirstView, { once: true });
  } else {
    showFirstView();
  }

  // Until the app has started, the page answers by itself, so that no tap or key is lost in the
  // second or so before its script has arrived: links show their page (or section) at once, the
  // language switch switches, the skip link moves focus, the carousel's toggle keeps the stop it
  // shows for the app to start with, and another button press is kept and pressed again, once, as
  // soon as the app is ready. Once the app has started, it answers everything itself.
  const started = () => html.hasAttribute(config.startedAttribute);
  const go = (hash: string) => {
    setView(`${language}-${pageOf(hash)}`);
    if (!showView()) return;
    const { hash: sectionHash } = parse(hash);
    const section = sectionHash ? anchor(sectionHash, document) : null;
    if (section) section.scrollIntoView();
    else window.scrollTo(0, 0);
    // Shown from its top, as after a link: no scroll position was restored.
    const heading = focusTarget(section, null, document);
    if (heading) focus(heading);
  };
  const pressed: Element[] = [];
  document.addEventListener(
    'click',
    (event) => {
      if (started() || event.defaultPrevented || !plain(event)) return;
      const target = event.target instanceof Element ? event.target : null;
      const link = target?.closest('a[href]');
      const href = link?.getAttribute('href') ?? '';
      const linkLanguage = link?.getAttribute('hreflang') ?? '';
      if (link && config.languages.includes(linkLanguage)) {
        choice(config.storageKey, config.choiceLifetime, linkLanguage);
        // A language's own address, or a page the root lacks: the link leads to the address.
        if (fixed || elsewhere(`${linkLanguage}-${pageOf(location.hash)}`)) return;
        event.preventDefault();
        language = linkLanguage;
        html.lang = language;
        setView(`${language}-${pageOf(location.hash)}`);
        showView();
      } else if (href.startsWith('#/')) {
        event.preventDefault();
        if (elsewhere(`${language}-${pageOf(href)}`)) {
          location.assign(`${language}/${href}`);
          return;
        }
        if (location.hash === href) history.replaceState(null, '', href);
        else history.pushState(null, '', href);
        go(href);
      } else if (href.startsWith('#')) {
        // An in-page jump (the skip link): focus and view move, the address stays a route.
        event.preventDefault();
        const destination = document.getElementById(href.slice(1));
        destination?.focus();
        destination?.scrollIntoView();
      } else if (!link) {
        const button = target?.closest('button');
        // Until the app runs, a carousel's toggle shows "pause", as prerendered, even when the
        // visitor's stop is kept from before a reload: pressing it means "stop". So the stop is
        // kept as the app's own toggle keeps it, and the app starts stopped; pressing the toggle
        // again once the app is ready would start the rotation the visitor just asked to stop.
        const carousel = button?.closest('[aria-roledescription="carousel"]');
        try {
          if (carousel?.id) {
            sessionStorage.setItem(config.stopKey + carousel.id, 'true');
            return;
          }
        } catch {
          // No session storage: the press is pressed again instead, below.
        }
        if (button) pressed.push(button);
      }
    },
    true,
  );
  const onHistory = () => {
    if (started()) return;
    const hash = emptyRoute(location.hash) ? `#/${config.defaultPage}` : location.hash;
    if (elsewhere(`${language}-${pageOf(hash)}`)) location.replace(`${language}/${hash}`);
    else go(hash);
  };
  window.addEventListener('popstate', onHistory);
  window.addEventListener('hashchange', onHistory);
  // The app marks `<html>` once it is ready; the presses it missed happen now, once each.
  new MutationObserver((_records, observer) => {
    if (!html.hasAttribute(config.readyAttribute)) return;
    observer.disconnect();
    for (const button of pressed.splice(0)) {
      const controls = button.getAttribute('aria-controls');
      const live =
        button.isConnected || !controls
          ? button
          : document.querySelector(`button[aria-controls="${controls}"]`);
      if (live instanceof HTMLElement) live.click();
    }
  }).observe(html, { attributes: true, attributeFilter: [config.readyAttribute] });

  // The page is readable from the HTML alone; the app's script, the translation files it needs and
  // the manifest only make it interactive. Fetched after the first paint, they do not compete with
  // the page's own bytes on a slow connection; they still load side by side.
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

/**
 * Runs inline right after each template, while the parser is still early: when the boot script
 * has chosen that template's page, its copy goes in at once as an app root of its own, before the
 * rendered page (which stays hidden), so that the browser can paint it at the parser's next yield,
 * as it paints a rendered page.
 */
export function showDueView(config: BootConfig): void {
  const template = document.currentScript?.previousElementSibling;
  const view = document.documentElement.getAttribute(config.shownAttribute);
  const rendered = document.querySelector(`.${config.rootClass}[${config.viewAttribute}]`);
  if (!(template instanceof HTMLTemplateElement) || !view || !rendered) return;
  if (template.getAttribute(config.viewAttribute) !== view) return;
  const root = document.createElement('div');
  root.className = config.rootClass;
  root.setAttribute(config.viewAttribute, view);
  root.append(template.content.cloneNode(true));
  rendered.before(root);
}

/** The `<meta name>` that tells the boot script where the app's script is (its name is hashed). */
export const APP_ENTRY_META = 'app-entry';

/** The id of the JSON block in `<head>` with the document's {@link PageData}. */
export const PAGE_DATA_ID = 'page-data';

export const bootConfig: BootConfig = {
  storageKey: LANGUAGE_STORAGE_KEY,
  choiceLifetime: LANGUAGE_CHOICE_LIFETIME_MS,
  languages: LANGUAGES,
  defaultLanguage: DEFAULT_LANGUAGE,
  pages: ROUTES,
  defaultPage: HOME_ROUTE,
  dictionaryUrl: DICTIONARY_URL_PATTERN,
  pageDataId: PAGE_DATA_ID,
  fixedLanguageAttribute: FIXED_LANGUAGE_ATTRIBUTE,
  shownAttribute: SHOWN_VIEW_ATTRIBUTE,
  viewAttribute: VIEW_ATTRIBUTE,
  rootClass: APP_ROOT_CLASS,
  startedAttribute: STARTED_ATTRIBUTE,
  readyAttribute: INTERACTIVE_ATTRIBUTE,
  entryMetaName: APP_ENTRY_META,
  stopKey: STOP_CHOICE_KEY_PREFIX,
};

/**
 * Writes the configuration into the function's text: each `config.name` becomes its value. Passed
 * as an object, every property name would stay in the minified script of every document,
 * and the root document has no bytes to spare (it must arrive in a connection's first round trip;
 * see `maxDocumentBytes` in perf/performance-targets.ts).
 */
export function withConfigWrittenIn(source: string, config: BootConfig): string {
  const written = source.replace(/\bconfig\.(\w+)/g, (_match, key: string) => {
    if (!Object.hasOwn(config, key))
      throw new Error(`The boot script reads config.${key}, which BootConfig lacks`);
    return JSON.stringify(config[key as keyof BootConfig]);
  });
  // What is left is the parameter itself, in the function's head.
  if ((written.match(/\bconfig\b/g) ?? []).length !== 1) {
    throw new Error('The boot script uses `config` other than as `config.name`');
  }
  return written;
}

/** The app's own rules the boot script shares, in the order of its parameters after `config`. */
export const sharedRules = [
  pickLanguage,
  languageChoice,
  parseHashRoute,
  routeOf,
  anchorTarget,
  focusTargetAfter,
  focusWithoutScrolling,
  isPlainClick,
] as const;

/**
 * The inline `<script>`'s text; its hash goes into the Content-Security-Policy. Its configuration
 * is written in, so the call passes nothing in its place.
 */
export const bootScript = `(${withConfigWrittenIn(String(showPrerenderedView), bootConfig)})(0,${sharedRules.map(String).join(',')})`;

/** The inline `<script>` after each template; its hash goes into the policy too. */
export const swapScript = `(${withConfigWrittenIn(String(showDueView), bootConfig)})()`;
