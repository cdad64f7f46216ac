import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  readTranslationFile,
  TRANSLATION_FILES,
} from '../../site-build/content-check/translation-files.ts';
import { HOME_ROUTE, ROUTES } from '../../src/content/routes.ts';
import { textAt, type Dictionary } from '../../src/i18n/translate.ts';
import { launchFirefox, launchWebKit, type Engine } from './engines.ts';
import { PROBLEMS_KEY, startSite, type Site } from './site.ts';

/**
 * The site's key flows in Debian's Firefox ESR and WebKitGTK (`npm run test:engines`), one suite
 * for both, on the production build. Chromium runs the full browser tests (e2e/); this suite holds
 * what a visitor of the other two engines would notice first.
 */

type Language = 'de' | 'en';
const LANGUAGES: readonly Language[] = ['de', 'en'];

const dictionaries: Record<Language, Dictionary> = {
  de: readTranslationFile(TRANSLATION_FILES.de),
  en: readTranslationFile(TRANSLATION_FILES.en),
};

/** The text under a dotted key (`consulting.title`). */
function t(language: Language, key: string): string {
  const found = textAt(dictionaries[language], key);
  if (found === undefined) throw new Error(`No text "${key}" in ${language}`);
  return found;
}

const PORT = Number(process.env.ENGINES_PORT ?? 4384);

/** The carousel's interval, as the specification gives it. */
const INTERVAL_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `fn`, run in the page, returns `true`. Generous by default: it bounds a wait, it
 * does not measure one. Errors while a navigation replaces the page count as "not yet".
 */
async function waitFor<A extends unknown[]>(
  engine: Engine,
  what: string,
  fn: (...args: A) => boolean,
  args: A,
  timeoutMs = 10_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await engine.run(fn, ...args)) return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until)
      throw new Error(`${engine.name}: timed out waiting for ${what}`, { cause: last });
    await sleep(100);
  }
}

/** What the page reported as wrong since it was loaded (e2e/engines/site.ts puts the watch in). */
const problems = (engine: Engine) =>
  engine.run(
    (key) => (window as unknown as Record<string, string[]>)[key] ?? ['no watch'],
    PROBLEMS_KEY,
  );

/** Where the page keeps its pending timeouts once {@link holdTimeouts} has run. */
const TIMEOUTS_KEY = '__engineTimeouts';

type KeptTimeouts = Map<number, { handler: TimerHandler; delay: number; args: unknown[] }>;

/**
 * From now on the page's timeouts are kept where the test can run them early: WebDriver has no
 * clock to install, so time passes when the test says, not on the wall clock.
 */
const holdTimeouts = (engine: Engine) =>
  engine.run((key) => {
    const kept: KeptTimeouts = new Map();
    const set = window.setTimeout.bind(window);
    const clear = window.clearTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, delay = 0, ...args: unknown[]) => {
      const id: number = set(
        (...given: unknown[]) => {
          kept.delete(id);
          if (typeof handler === 'function') handler(...given);
        },
        delay,
        ...args,
      );
      kept.set(id, { handler, delay, args });
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) kept.delete(id);
      clear(id);
    }) as typeof window.clearTimeout;
    (window as unknown as Record<string, KeptTimeouts>)[key] = kept;
  }, TIMEOUTS_KEY);

/**
 * Lets `ms` pass on the held timeouts: runs at once each one due within it, then lets the page
 * render what they changed. Returns how many ran.
 */
const passTime = (engine: Engine, ms: number) =>
  engine.run(
    async (key, within) => {
      const kept = (window as unknown as Record<string, KeptTimeouts>)[key];
      if (!kept) throw new Error('holdTimeouts() has not run in this page');
      const due = [...kept].filter(([, timeout]) => timeout.delay <= within);
      for (const [id, { handler, args }] of due) {
        window.clearTimeout(id);
        if (typeof handler === 'function') handler(...args);
      }
      // React renders in tasks of its own: two message round trips leave room for them.
      for (let round = 0; round < 2; round += 1) {
        await new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.addEventListener('message', () => resolve(), { once: true });
          channel.port1.start();
          channel.port2.postMessage(null);
        });
      }
      return due.length;
    },
    TIMEOUTS_KEY,
    ms,
  );

/** The app has taken the page over: links route, buttons answer (src/app/layout.tsx). */
const appReady = () =>
  !location.pathname.includes('__engines') &&
  document.documentElement.hasAttribute('data-interactive');

/** A fresh visit of `path` (`de/#/home`), after a page that empties the engine's cache. */
async function visit(engine: Engine, site: Site, path: string) {
  await engine.open(site.fresh);
  await engine.open(`${site.origin}${path}`);
  await waitFor(engine, `the app on ${path}`, appReady, []);
}

/** Tag, id, href and text of the focused element, to compare and to read in a failure. */
const focused = (engine: Engine) =>
  engine.run(() => {
    const element = document.activeElement;
    if (!element) return null;
    const { top, bottom } = element.getBoundingClientRect();
    return {
      tag: element.localName,
      href: element.getAttribute('href'),
      text: element.textContent?.trim() ?? '',
      inFooter: Boolean(element.closest('footer')),
      inHeader: Boolean(element.closest('header')),
      inView: bottom > 0 && top < window.innerHeight,
    };
  });

const scrollY = (engine: Engine) => engine.run(() => Math.round(window.scrollY));

/** Focuses the first element `selector` finds, as Tab would reach it, without scrolling. */
const focus = (engine: Engine, selector: string) =>
  engine.run((s) => document.querySelector<HTMLElement>(s)?.focus() ?? null, selector);

/** Back and Forward as the page's own history does them (WebKitWebDriver's Back may leave the page). */
const back = (engine: Engine) => engine.run(() => history.back());
const forward = (engine: Engine) => engine.run(() => history.forward());

const hashIs = (hash: string) => location.hash === hash;
const focusedHrefIs = (href: string) => document.activeElement?.getAttribute('href') === href;
const focusedTextIs = (text: string) => document.activeElement?.textContent?.trim() === text;

const ENGINES = [
  { name: 'Firefox ESR', launch: launchFirefox },
  { name: 'WebKitGTK', launch: launchWebKit },
] as const;

let site: Site;
before(async () => {
  site = await startSite(PORT, PORT + 1);
});
after(() => site.close());

for (const { name, launch } of ENGINES) {
  describe(name, () => {
    let engine: Engine;
    before(async () => {
      engine = await launch();
    });
    after(() => engine.close());

    test('every page in both languages shows its content, with no error reported', async () => {
      for (const language of LANGUAGES) {
        for (const route of ROUTES) {
          await visit(engine, site, `${language}/#/${route}`);
          const shown = await engine.run(
            (home) =>
              [
                document.documentElement.lang,
                document
                  .querySelector(home ? '#consulting-heading' : 'main h1')
                  ?.textContent?.trim(),
              ] as const,
            route === HOME_ROUTE,
          );
          const heading = route === HOME_ROUTE ? 'consulting.title' : `${route}.title`;
          assert.deepEqual(shown, [language, t(language, heading)], `${language}/#/${route}`);
          assert.deepEqual(await problems(engine), [], `${language}/#/${route}`);
        }
      }
    });

    for (const language of LANGUAGES) {
      test(`${language}: footer link, Back, Forward: scroll and focus come back`, async () => {
        await visit(engine, site, `${language}/#/home`);
        await engine.run(() => window.scrollTo(0, document.body.scrollHeight));
        const left = await scrollY(engine);
        assert.ok(left > 0, 'the home page scrolls');
        await focus(engine, 'footer a[href="#/imprint"]');
        await engine.press('Enter');
        await waitFor(engine, '#/imprint', hashIs, ['#/imprint']);
        const title = t(language, 'imprint.title');
        await waitFor(engine, 'focus on the heading', focusedTextIs, [title]);
        assert.equal(await scrollY(engine), 0, 'a new page starts at its top');

        await back(engine);
        await waitFor(engine, '#/home', hashIs, ['#/home']);
        await waitFor(engine, 'the footer link focused', focusedHrefIs, ['#/imprint']);
        assert.deepEqual(await focused(engine), {
          tag: 'a',
          href: '#/imprint',
          text: t(language, 'footer.imprint'),
          inFooter: true,
          inHeader: false,
          inView: true,
        });
        assert.equal(await scrollY(engine), left, 'Back restores the scroll position');
        // The next Tab goes on from the link, not from the top of the page.
        await engine.press('Tab');
        assert.equal((await focused(engine))?.href, '#/privacy');

        await forward(engine);
        await waitFor(engine, '#/imprint again', hashIs, ['#/imprint']);
        await waitFor(engine, 'focus on the heading again', focusedTextIs, [title]);
        assert.deepEqual(await problems(engine), []);
      });
    }

    test('a section link leads to the section; Back returns to the link, at the top', async () => {
      await visit(engine, site, 'en/#/imprint');
      await focus(engine, 'header a[href="#/home#contact"]');
      await engine.press('Enter');
      await waitFor(engine, '#/home#contact', hashIs, ['#/home#contact']);
      await waitFor(
        engine,
        'focus on the contact heading',
        () => document.activeElement?.id === 'contact-heading',
        [],
      );
      assert.equal((await focused(engine))?.inView, true, 'the contact heading is in view');

      await back(engine);
      await waitFor(engine, '#/imprint', hashIs, ['#/imprint']);
      await waitFor(engine, 'the header link focused', focusedHrefIs, ['#/home#contact']);
      assert.equal(await scrollY(engine), 0);
      assert.equal((await focused(engine))?.inHeader, true);
    });

    test('route links shown by a click: the privacy page at its top, home by the brand', async () => {
      await visit(engine, site, 'de/#/home');
      await engine.run(() => window.scrollTo(0, document.body.scrollHeight));
      await engine.click('footer a[href="#/privacy"]');
      await waitFor(engine, '#/privacy', hashIs, ['#/privacy']);
      const heading = await engine.run(() =>
        document.querySelector('main h1')?.textContent?.trim(),
      );
      assert.equal(heading, t('de', 'privacy.title'));
      assert.equal(await scrollY(engine), 0);
      await engine.click('header a[href="#/home"]');
      await waitFor(engine, '#/home', hashIs, ['#/home']);
      await waitFor(
        engine,
        'the home page',
        () => Boolean(document.querySelector('#consulting-heading')),
        [],
      );
      assert.deepEqual(await problems(engine), []);
    });

    test('the language switch shows the page in English', async () => {
      await visit(engine, site, 'de/#/home');
      await engine.click('header a[hreflang="en"]');
      await waitFor(
        engine,
        'the English page',
        (text) =>
          document.documentElement.lang === 'en' &&
          document.documentElement.hasAttribute('data-interactive') &&
          document.querySelector('#consulting-heading')?.textContent?.trim() === text,
        [t('en', 'consulting.title')],
      );
      assert.equal(await engine.run(() => location.hash), '#/home');
      assert.deepEqual(await problems(engine), []);
    });

    test('the carousel moves on by itself, and its toggle stops it', async () => {
      await visit(engine, site, 'de/#/home');
      const SHOWN = '#intro [aria-roledescription="slide"]:not([inert])';
      const shownText = () =>
        engine.run((s) => document.querySelector(s)?.textContent ?? '', SHOWN);
      await holdTimeouts(engine);
      const first = await shownText();
      // Here it need only move; e2e/carousel.spec.ts times the interval on Chromium's clock.
      await waitFor(
        engine,
        'the next slide',
        (s, text) => (document.querySelector(s)?.textContent ?? '') !== text,
        [SHOWN, first],
        15_000,
      );
      // The held timeouts drive the carousel: one interval passed on them moves it on at once.
      const second = await shownText();
      assert.ok((await passTime(engine, INTERVAL_MS)) > 0, 'no timeout was held');
      assert.notEqual(await shownText(), second, 'the held timeouts do not move the carousel');

      await engine.click('#intro button');
      await waitFor(
        engine,
        'the toggle to offer play',
        (text) => document.querySelector('#intro button')?.getAttribute('title') === text,
        [t('de', 'intro.play')],
      );
      const stopped = await shownText();
      // More than one interval: stopped for good, not merely until the next tick.
      await passTime(engine, INTERVAL_MS + 500);
      assert.equal(await shownText(), stopped);
    });

    test('a click on the imprint link before the app has started shows the imprint, once', async () => {
      const release = site.holdAppScript();
      let entries = 0;
      try {
        await engine.open(site.fresh);
        await engine.openEarly(`${site.origin}de/#/home`);
        await waitFor(
          engine,
          'the painted page, the app not started',
          () =>
            Boolean(document.querySelector('#consulting-heading')) &&
            !document.documentElement.hasAttribute('data-app-started'),
          [],
        );
        entries = await engine.run(() => history.length);
        await engine.click('footer a[href="#/imprint"]');
        await waitFor(engine, '#/imprint', hashIs, ['#/imprint']);
        assert.equal(
          await engine.run(() => document.documentElement.hasAttribute('data-app-started')),
          false,
          'the click came before the app',
        );
      } finally {
        release();
      }
      await waitFor(engine, 'the app', appReady, []);
      const shown = await engine.run(() => [
        location.hash,
        document.querySelector('main h1')?.textContent?.trim(),
        document.querySelectorAll('main').length,
        history.length,
      ]);
      assert.equal(shown[0], '#/imprint');
      assert.equal(shown[1], t('de', 'imprint.title'));
      assert.equal(shown[2], 1);
      assert.equal(shown[3], entries + 1, 'the click made one history entry');
      assert.deepEqual(await problems(engine), []);
    });
  });
}
