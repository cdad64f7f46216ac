import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_ROOT_CLASS,
  INTERACTIVE_ATTRIBUTE,
  SHOWN_VIEW_ATTRIBUTE,
  VIEW_ATTRIBUTE,
} from '../app/prerendered-view.ts';
import { readStopChoice } from '../components/carousel/stop-choice.ts';
import { matchRoute } from '../content/routes.ts';
import {
  detectLanguage,
  LANGUAGE_STORAGE_KEY,
  languageChoice,
  pickLanguage,
} from '../i18n/language.ts';
import { FIXED_LANGUAGE_ATTRIBUTE } from '../i18n/language-address.ts';
import { createHashHistory } from '../router/hash-history.ts';
import {
  APP_ENTRY_META,
  bootConfig,
  bootScript,
  withConfigWrittenIn,
  showPrerenderedView,
  PAGE_DATA_ID,
  sharedRules,
} from './boot-script.ts';

interface Visit {
  hash: string;
  stored?: string;
  /** When the stored choice expires, in ms from now (past when negative). */
  expires?: number;
  /** `navigator.languages`; undefined in some embedded web views. */
  browser: string[] | undefined;
  /** `navigator.language`, when the test sets it. */
  single?: string | undefined;
}

function visit(visitor: Visit): void {
  const { hash, stored, expires, browser, single } = visitor;
  window.history.replaceState(null, '', `/${hash}`);
  localStorage.clear();
  if (stored !== undefined) localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
  if (expires !== undefined)
    localStorage.setItem(`${LANGUAGE_STORAGE_KEY}-expires`, String(Date.now() + expires));
  // The type says these always exist; some browsers disagree, which is what the tests copy.
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser as unknown as string[]);
  if ('single' in visitor) {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(single as unknown as string);
  }
}

/** What the app decides for the same visit: its language rules and its router. */
function appView(visitor: Visit): string {
  visit(visitor);
  const marker = matchRoute(createHashHistory(window).state.location.pathname);
  return `${detectLanguage()}-${marker}`;
}

function bootView(visitor: Visit): string | null {
  visit(visitor);
  showPrerenderedView(bootConfig, ...sharedRules);
  return document.documentElement.getAttribute(SHOWN_VIEW_ATTRIBUTE);
}

const visits: Visit[] = [
  { hash: '#/home', browser: ['de-DE'] },
  { hash: '#/imprint', browser: ['en-US', 'de'] },
  { hash: '#/privacy', browser: ['fr-FR', 'en'] },
  { hash: '#/privacy', browser: ['fr-FR'] },
  { hash: '#/imprint', stored: 'en', browser: ['de-AT'] },
  { hash: '#/imprint', stored: 'xx', browser: ['EN_gb'] },
  { hash: '#/IMPRINT/', browser: ['de'] },
  { hash: '#/privacy?ref=mail#rights', browser: ['en'] },
  { hash: '#/home#contact', browser: ['en'] },
  { hash: '#privacy', browser: ['de'] },
  { hash: '#/imprint/more', browser: ['de'] },
  { hash: '#/no-such-page', browser: ['en'] },
  { hash: '#/', browser: ['en'] },
  { hash: '#', browser: ['de'] },
  { hash: '', browser: [] },
  // Embedded web views and privacy browsers: no list, or an empty one and no single language.
  { hash: '#/home', browser: undefined, single: 'en-US' },
  { hash: '#/imprint', browser: undefined, single: undefined },
  { hash: '#/privacy', browser: [], single: undefined },
  { hash: '#/privacy', browser: [], single: 'en' },
  { hash: '#/home', stored: 'en', browser: undefined, single: undefined },
  // A choice within its twelve months holds; an expired one is gone, and the browser decides.
  { hash: '#/imprint', stored: 'en', expires: 60_000, browser: ['de-AT'] },
  { hash: '#/imprint', stored: 'en', expires: -60_000, browser: ['de-AT'] },
];

const viewMarkup = (name: string) => `<main><h1 id="top">${name}</h1></main>`;

describe('the boot script', () => {
  beforeEach(() => {
    // Only the test about loading lets the first frame come; the others stop before it.
    vi.stubGlobal(
      'requestAnimationFrame',
      vi.fn(() => 0),
    );
  });

  afterEach(() => {
    document.documentElement.removeAttribute(SHOWN_VIEW_ATTRIBUTE);
    document.head.replaceChildren();
    window.history.replaceState(null, '', '/');
  });

  it.each(visits)('shows the page the app will render: $hash, $browser, stored $stored', (v) => {
    expect(bootView(v)).toBe(appView(v));
  });

  it('deletes an expired language choice before it decides', () => {
    expect(bootView({ hash: '#/home', stored: 'en', expires: -1, browser: ['de'] })).toBe(
      'de-home',
    );
    expect(localStorage.length).toBe(0);
  });

  it('turns the empty path into #/home, as the router does', () => {
    bootView({ hash: '#/', browser: ['de'] });
    expect(window.location.hash).toBe('#/home');
  });

  it('sets the language and title at once, then loads the app and the files it will fetch', async () => {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = PAGE_DATA_ID;
    data.textContent = JSON.stringify({
      titles: { 'en-imprint': 'Legal notice – Muster IT' },
      manifest: './manifest.webmanifest',
    });
    document.head.append(data);

    const entry = document.createElement('meta');
    entry.name = APP_ENTRY_META;
    entry.content = './assets/index-abc123.js';
    document.head.append(entry);

    bootView({ hash: '#/imprint', browser: ['en-GB'] });

    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Legal notice – Muster IT');
    // Nothing competes with the page's own bytes before the first frame has painted.
    expect(
      document.head.querySelector('script[src], link[rel="preload"], link[rel="manifest"]'),
    ).toBeNull();
    const frame = vi.mocked(requestAnimationFrame).mock;
    expect(frame.calls).toHaveLength(1);
    frame.calls[0]?.[0](0);
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(document.head.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      './manifest.webmanifest',
    );
    const script = document.head.querySelector('script[src]');
    expect(script?.getAttribute('type')).toBe('module');
    expect(script?.getAttribute('src')).toBe('./assets/index-abc123.js');
    const preloads = [...document.head.querySelectorAll('link[rel="preload"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      './assets/i18n/en.json',
      './assets/i18n/de.json',
    ]);
    expect(preloads.every((link) => link.getAttribute('crossorigin') === 'anonymous')).toBe(true);
  });

  it('on a language address shows that language, whatever was saved or the browser prefers', () => {
    document.documentElement.setAttribute(FIXED_LANGUAGE_ATTRIBUTE, 'en');
    try {
      expect(bootView({ hash: '#/imprint', stored: 'de', browser: ['de-DE'] })).toBe('en-imprint');
      document.documentElement.setAttribute(FIXED_LANGUAGE_ATTRIBUTE, 'de');
      expect(bootView({ hash: '#/home', browser: ['en-US'] })).toBe('de-home');
    } finally {
      document.documentElement.removeAttribute(FIXED_LANGUAGE_ATTRIBUTE);
    }
  });

  describe('with another page due than the rendered one', () => {
    beforeEach(() => {
      document.body.innerHTML = [
        `<div class="${APP_ROOT_CLASS}" ${VIEW_ATTRIBUTE}="de-home">${viewMarkup('de-home')}</div>`,
        `<template ${VIEW_ATTRIBUTE}="en-imprint">${viewMarkup('en-imprint')}</template>`,
      ].join('');
    });

    afterEach(() => {
      document.body.replaceChildren();
    });

    it("puts the template's copy in the rendered page's place: one page, unique ids", () => {
      expect(bootView({ hash: '#/imprint', browser: ['en'] })).toBe('en-imprint');
      const root = document.querySelector(`.${APP_ROOT_CLASS}`);
      expect(root?.getAttribute(VIEW_ATTRIBUTE)).toBe('en-imprint');
      expect(document.querySelectorAll('main')).toHaveLength(1);
      expect(document.getElementById('top')?.textContent).toBe('en-imprint');
    });

    it('leaves the rendered page in place when it is the one due', () => {
      const rendered = document.querySelector('main');
      expect(bootView({ hash: '#/home', browser: ['de'] })).toBe('de-home');
      expect(document.querySelector('main')).toBe(rendered);
    });

    it("keeps the swap script's copy and takes the rendered page after it away, for Back", () => {
      const copy = document.createElement('div');
      copy.className = APP_ROOT_CLASS;
      copy.setAttribute(VIEW_ATTRIBUTE, 'en-imprint');
      copy.innerHTML = viewMarkup('en-imprint');
      document.body.prepend(copy);
      expect(bootView({ hash: '#/imprint', browser: ['en'] })).toBe('en-imprint');
      expect([...document.querySelectorAll(`.${APP_ROOT_CLASS}`)]).toEqual([copy]);
      expect(document.querySelectorAll('main')).toHaveLength(1);
      const kept = document.querySelector(`template[${VIEW_ATTRIBUTE}="de-home"]`);
      expect((kept as HTMLTemplateElement | null)?.content.textContent).toBe('de-home');
    });

    it('shows the rendered page rather than nothing when the due one is missing', () => {
      bootView({ hash: '#/privacy', browser: ['en'] });
      expect(document.documentElement.getAttribute(SHOWN_VIEW_ATTRIBUTE)).toBe('de-home');
      expect(document.getElementById('top')?.textContent).toBe('de-home');
    });
  });

  describe('the carousel toggle pressed before the app has started', () => {
    beforeEach(() => {
      sessionStorage.clear();
      document.body.innerHTML = `<section id="intro" aria-roledescription="carousel"><button type="button" aria-controls="intro-slides">Pause</button><div id="intro-slides"></div></section>`;
    });

    afterEach(() => {
      document.body.replaceChildren();
      document.documentElement.removeAttribute(INTERACTIVE_ATTRIBUTE);
      sessionStorage.clear();
    });

    it('keeps the stop it shows for the app, and is not pressed again once the app is ready', async () => {
      bootView({ hash: '#/home', browser: ['de'] });
      const toggle = document.querySelector('button');
      const presses = vi.fn<() => void>();
      toggle?.addEventListener('click', presses);
      toggle?.click();
      // The app reads the stop from where its own toggle keeps it (stop-choice.ts).
      expect(readStopChoice('intro')).toBe(true);

      document.documentElement.setAttribute(INTERACTIVE_ATTRIBUTE, '');
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Pressed again, it would start the rotation a stop kept from before a reload had stopped.
      expect(presses).toHaveBeenCalledTimes(1);
      expect(readStopChoice('intro')).toBe(true);
    });

    it('is pressed again once the app is ready when session storage is blocked', async () => {
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
        throw new DOMException('blocked', 'SecurityError');
      });
      bootView({ hash: '#/home', browser: ['de'] });
      const toggle = document.querySelector('button');
      const presses = vi.fn<() => void>();
      toggle?.addEventListener('click', presses);
      toggle?.click();
      document.documentElement.setAttribute(INTERACTIVE_ATTRIBUTE, '');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(presses.mock.calls.length).toBeGreaterThan(1);
    });
  });

  it('still decides when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(bootView({ hash: '#/privacy', browser: ['en'] })).toBe('en-privacy');
  });

  it('is inlined as a call with its configuration written in, and uses nothing from its module', () => {
    expect(bootScript).toMatch(/^\(function showPrerenderedView\(config, pick, choice, /);
    expect(bootScript).toContain(`)(0,${String(pickLanguage)},${String(languageChoice)},`);
    expect(bootScript).not.toMatch(/\bconfig\./);
    expect(bootScript).toContain(`${JSON.stringify(bootConfig.languages)}.includes(`);
    // Running the text on its own (as the browser will) must work like calling the function.
    visit({ hash: '#/privacy', browser: ['en'] });
    // eslint-disable-next-line no-new-func -- exactly what the browser does with the inline script
    new Function(bootScript)();
    expect(document.documentElement.getAttribute(SHOWN_VIEW_ATTRIBUTE)).toBe('en-privacy');
  });

  it('refuses a configuration name the function reads but BootConfig lacks', () => {
    expect(() =>
      withConfigWrittenIn('function f(config) { return config.nothing; }', bootConfig),
    ).toThrow('config.nothing');
    expect(() =>
      withConfigWrittenIn('function f(config) { return g(config); }', bootConfig),
    ).toThrow('other than as `config.name`');
  });

  it.each(visits.filter((v) => 'single' in v))(
    'as inlined text, decides as the app does where the browser hides its languages: $browser, $single',
    (v) => {
      const expected = appView(v);
      visit(v);
      // eslint-disable-next-line no-new-func -- exactly what the browser does with the inline script
      new Function(bootScript)();
      expect(document.documentElement.getAttribute(SHOWN_VIEW_ATTRIBUTE)).toBe(expected);
    },
  );
});
