import { test as plain, type Page, type Route } from '@playwright/test';
import { test, expect, READS_CONTENT } from './support/fixtures.ts';
import { watchConsoleErrors } from './support/page-watch.ts';
import { startOver } from './support/start-over.ts';
import { business } from '../src/content/business.ts';
import { HOME_SECTIONS } from '../src/content/home-sections.ts';
import { DICTIONARY_TIMEOUT_MS } from '../src/i18n/dictionaries.ts';
import { CONTENT_HASH } from '../hosting/header-policy.ts';
import {
  dictionaryUrl,
  expectHomeIn,
  pageTitle,
  readDictionary,
  serveDictionary,
  text,
  withText,
  languageOptionName,
} from './support/translations.ts';

const de = readDictionary('de');
const en = readDictionary('en');

declare global {
  interface Window {
    __xss?: number;
  }
}

test.describe('a key missing from a translation file', () => {
  test.describe('in an English browser', () => {
    test.use({ locale: 'en-US' });

    test('shows the German text for a key en.json lacks, English everywhere else', async ({
      page,
    }) => {
      await serveDictionary(page, 'en', withText(en, 'consulting.title', undefined));
      await page.goto('./#/home');
      await expect(page.locator('#consulting').getByRole('heading', { level: 2 })).toHaveText(
        text(de, 'consulting.title'),
      );
      await expect(page.locator('#consulting')).toContainText(text(en, 'consulting.lead'));
      await expect(page.locator('#development').getByRole('heading', { level: 2 })).toHaveText(
        text(en, 'development.title'),
      );
      await expect(page.getByRole('banner')).toContainText(text(en, 'header.tagline'));
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });

    test('shows the key itself when neither file has it', async ({ page }) => {
      await serveDictionary(page, 'de', withText(de, 'contact.title', undefined));
      await serveDictionary(page, 'en', withText(en, 'contact.title', undefined));
      await page.goto('./#/home');
      await expect(page.locator('#contact').getByRole('heading', { level: 2 })).toHaveText(
        'contact.title',
      );
      await expect(page.locator('#contact')).toContainText(text(en, 'contact.lead'));
    });
  });

  test('shows the key itself in a German browser when de.json lacks it', async ({ page }) => {
    await serveDictionary(page, 'de', withText(de, 'contact.title', undefined));
    await page.goto('./#/home');
    await expect(page.locator('#contact').getByRole('heading', { level: 2 })).toHaveText(
      'contact.title',
    );
    await expect(page.locator('#contact')).toContainText(text(de, 'contact.lead'));
    await expect(page.locator('#consulting').getByRole('heading', { level: 2 })).toHaveText(
      text(de, 'consulting.title'),
    );
  });
});

/** The ways a translation file can fail to arrive. */
const failures: { name: string; answer: (route: Route) => Promise<void> }[] = [
  { name: 'answers 404', answer: (route) => route.fulfill({ status: 404, body: 'Not Found' }) },
  {
    name: 'answers 500',
    answer: (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }),
  },
  {
    name: 'answers malformed JSON',
    answer: (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"header": {"tag' }),
  },
  {
    name: 'answers an HTML page',
    answer: (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><p>Oops</p>' }),
  },
  {
    name: 'answers JSON of the wrong shape',
    answer: (route) => route.fulfill({ status: 200, json: { header: { tagline: 42 } } }),
  },
  { name: 'cannot be fetched (network error)', answer: (route) => route.abort('failed') },
];

/** Fails every request for `language`'s file in the given way; returns how many were made. */
async function failDictionary(
  page: Page,
  language: 'de' | 'en',
  answer: (route: Route) => Promise<void>,
): Promise<{ count: number }> {
  const requests = { count: 0 };
  await page.route(dictionaryUrl(language), (route) => {
    requests.count += 1;
    return answer(route);
  });
  return requests;
}

/**
 * Loads `./#/home` afresh with `language`'s file failing in the given way, as a first visit would
 * (see `startOver`), with the last load's routes removed and its console errors forgotten.
 * Returns how many requests the file got.
 */
async function loadFailing(
  page: Page,
  errors: string[],
  language: 'de' | 'en',
  answer: (route: Route) => Promise<void>,
): Promise<{ count: number }> {
  await startOver(page);
  await page.unrouteAll({ behavior: 'wait' });
  errors.splice(0);
  const requests = await failDictionary(page, language, answer);
  await page.goto('./#/home');
  return requests;
}

/**
 * Runs Playwright's clock (installed before the page loaded) a minute on, so that a retry the app
 * might have put off fires now, then makes a request of its own and awaits its answer: the page's
 * requests reach the routes in the order it makes them, so a retry would be counted by then.
 */
async function letRetriesShow(page: Page) {
  await page.clock.runFor(60_000);
  await page.evaluate(() => fetch('./robots.txt', { cache: 'no-store' }).then((r) => r.text()));
}

/** The texts the page was built with travel in a script chunk of their own (`assets/de-….js`). */
const builtCopyUrl = (language: 'de' | 'en') =>
  new RegExp(`/assets/${language}-${CONTENT_HASH}\\.js$`);

/** Notes, from the first byte of the page on, whether `phrase` is ever part of its text. */
async function watchForText(page: Page, phrase: string): Promise<() => Promise<boolean>> {
  await page.addInitScript((watched) => {
    const state = window as unknown as { __seen?: boolean };
    state.__seen = false;
    new MutationObserver(() => {
      if (document.documentElement.textContent?.includes(watched)) state.__seen = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, phrase);
  return () => page.evaluate(() => (window as unknown as { __seen?: boolean }).__seen === true);
}

test.describe('de.json failing in a German browser', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  // One page for the six ways, each a first visit of its own (see `loadFailing`).
  test(
    'when de.json fails in any of six ways, the page keeps the German text it was built with',
    READS_CONTENT,
    async ({ page }) => {
      // Six first visits in one test: as long as six tests, beside npm test's other suites.
      test.slow();
      const errors = watchConsoleErrors(page);
      for (const { name, answer } of failures) {
        await test.step(`de.json ${name}`, async () => {
          const requests = await loadFailing(page, errors, 'de', answer);

          await expectHomeIn(page, de, 'de');
          await expect(page).toHaveTitle(pageTitle('de', 'home'));
          // The app is running on the built texts: the language switch works.
          await page.getByRole('link', { name: languageOptionName('en'), exact: true }).click();
          await expectHomeIn(page, en, 'en');

          await expect
            .poll(() => errors.filter((message) => message.includes('de.json')), {
              message: `a console error names de.json; console errors: ${JSON.stringify(errors)}`,
            })
            .toHaveLength(1);
          expect(errors.filter((message) => message.startsWith('Uncaught'))).toEqual([]);
          // No web-first assertion can show that something does NOT happen later: let a retry's
          // back-off run out, then count.
          await letRetriesShow(page);
          expect(requests.count, 'requests for de.json').toBe(1);
        });
      }
    },
  );

  test(
    'when de.json and the built copy both fail, the page shows its structure with the keys',
    READS_CONTENT,
    async ({ page }) => {
      const errors = watchConsoleErrors(page);
      const requests = await failDictionary(page, 'de', (route) =>
        route.fulfill({ status: 404, body: 'Not Found' }),
      );
      await page.route(builtCopyUrl('de'), (route) => route.abort('failed'));
      await page.goto('./#/home');

      await expect(page.getByRole('banner')).toContainText('header.tagline');
      for (const section of HOME_SECTIONS) {
        await expect(page.locator(`#${section}`)).toBeVisible();
      }
      await expect(page.locator('#consulting').getByRole('heading', { level: 2 })).toHaveText(
        'consulting.title',
      );
      // The business facts do not come from the translation files and stay readable.
      await expect(page.locator('#contact')).toContainText(business.owner);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      expect(errors.filter((message) => message.includes('de.json'))).toHaveLength(1);
      expect(errors.filter((message) => message.startsWith('Uncaught'))).toEqual([]);

      // A client-side navigation must not fetch the file again either.
      await page.getByRole('contentinfo').getByRole('link', { name: 'footer.imprint' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('imprint.title');
      await letRetriesShow(page);
      expect(requests.count, 'requests for de.json').toBe(1);
    },
  );
});

test.describe('en.json failing in an English browser', () => {
  test.use({ locale: 'en-US' });

  test(
    'when en.json fails in any of six ways, the page keeps the English text it was built with',
    READS_CONTENT,
    async ({ page }) => {
      // Six first visits in one test: as long as six tests, beside npm test's other suites.
      test.slow();
      const errors = watchConsoleErrors(page);
      for (const { name, answer } of failures) {
        await test.step(`en.json ${name}`, async () => {
          const requests = await loadFailing(page, errors, 'en', answer);
          await expectHomeIn(page, en, 'en');
          await expect(page).toHaveTitle(pageTitle('en', 'home'));
          await expect(
            page.getByRole('link', { name: languageOptionName('en'), exact: true }),
          ).toHaveAttribute('aria-current', 'true');
          await expect
            .poll(() => errors.filter((message) => message.includes('en.json')), {
              message: `a console error names en.json; console errors: ${JSON.stringify(errors)}`,
            })
            .toHaveLength(1);
          expect(requests.count, 'requests for en.json').toBe(1);
        });
      }
    },
  );

  test(
    'when en.json and its built copy both fail, the page reads German',
    READS_CONTENT,
    async ({ page }) => {
      await failDictionary(page, 'en', (route) => route.abort('failed'));
      await page.route(builtCopyUrl('en'), (route) => route.abort('failed'));
      await page.goto('./#/home');
      await expectHomeIn(page, de, 'de');
    },
  );
});

test.describe('a translation file that is slow to answer', () => {
  test.use({ locale: 'en-US' });

  // Playwright's own `test`: the app takes over only once the file has answered or its time-out has
  // passed, and that time-out is run here on the page's clock rather than waited for.
  plain(
    'is given up after its time-out; its late answer never changes the text',
    READS_CONTENT,
    async ({ page }) => {
      const errors = watchConsoleErrors(page);
      const phrase = 'A late answer the visitor must never see';
      const sawLateText = await watchForText(page, phrase);
      const late = withText(en, 'header.tagline', phrase);
      await page.clock.install();
      // The file answers only when the test says so, after the app's time-out.
      const allowAnswer: { now?: () => void } = {};
      const answerAllowed = new Promise<void>((resolve) => {
        allowAnswer.now = resolve;
      });
      let answered = false;
      let lateAnswer: Promise<void> = Promise.resolve();
      await page.route(dictionaryUrl('en'), (route) => {
        lateAnswer = answerAllowed.then(async () => {
          answered = true;
          // The app has aborted the request by now; Playwright may then refuse the answer.
          await route.fulfill({ json: late }).catch(() => {});
        });
        return lateAnswer;
      });

      await page.goto('./#/home');
      // The app arms the file's time-out (src/i18n/dictionaries.ts) when it starts, a moment after
      // the load: the page's clock is run past it until the app has given the file up and taken over.
      await expect
        .poll(
          async () => {
            await page.clock.runFor(DICTIONARY_TIMEOUT_MS);
            return page.locator('html[data-interactive]').count();
          },
          { message: 'the app takes over once the time-out has passed' },
        )
        .toBe(1);
      await expect
        .poll(() => errors.filter((message) => message.includes('en.json')))
        .toHaveLength(1);
      expect(answered, 'the app waited for the slow file').toBe(false);
      await expectHomeIn(page, en, 'en');
      await page.getByRole('link', { name: languageOptionName('de'), exact: true }).click();
      await expectHomeIn(page, de, 'de');
      await page.getByRole('link', { name: languageOptionName('en'), exact: true }).click();
      await expectHomeIn(page, en, 'en');

      // Now the answer comes.
      allowAnswer.now?.();
      await lateAnswer;
      // A request of the page's own answered after the late one, and a frame: had the late answer
      // been taken, it would show by now.
      await page.evaluate(() => fetch('./robots.txt', { cache: 'no-store' }).then((r) => r.text()));
      await page.clock.runFor(100);
      await expectHomeIn(page, en, 'en');
      expect(await sawLateText(), 'the late text was shown').toBe(false);
      expect(errors.filter((message) => message.includes('en.json'))).toHaveLength(1);
    },
  );
});

test.describe('markup in a translation', () => {
  const payload = '<img src=x onerror="window.__xss=1">';

  test('is shown literally as text and never run', READS_CONTENT, async ({ page }) => {
    const errors = watchConsoleErrors(page);
    let dictionary = withText(de, 'consulting.title', payload);
    dictionary = withText(dictionary, 'header.tagline', payload);
    dictionary = withText(dictionary, 'titles.home', payload);
    await serveDictionary(page, 'de', dictionary);
    await page.goto('./#/home');

    await expect(page.locator('#consulting').getByRole('heading', { level: 2 })).toHaveText(
      payload,
    );
    await expect(page.getByRole('banner')).toContainText(payload);
    await expect(page).toHaveTitle(
      text(de, 'titles.template').replace('{page}', payload).replace('{name}', business.name),
    );
    // No element was made from the text: the only images are the site's own.
    await expect(page.locator('img[src="x"], img[onerror]')).toHaveCount(0);
    expect(await page.evaluate(() => window.__xss)).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
