import { type Page } from '@playwright/test';
import { business } from '../src/content/business.ts';
import {
  HOME_SECTIONS,
  itemPositions,
  SERVICE_AREAS,
  type ServiceArea,
} from '../src/content/home-sections.ts';
import { expect, test, READS_CONTENT } from './support/fixtures.ts';
import {
  languageOptionName,
  PRIVACY_SECTIONS,
  readDictionary,
  text,
  type Dictionary,
  type Language,
} from './support/translations.ts';

/**
 * The key flows walked the way a screen reader user walks them, checking what the screen reader
 * gets: the accessibility tree of each page (landmarks, headings, names, in order), what is said
 * when focus moves (the focused element's role and name), and that nothing else speaks up. The
 * expected trees are built from the translation files and the business facts, so the test checks
 * structure and names, never the owner's wording.
 */

/** Aria snapshot syntax: `- role "name" [level=n]`, the name quoted as YAML (and JSON) quote. */
type Tree = {
  role: string;
  name?: string | RegExp;
  level?: number;
  children?: Tree[];
  exact?: boolean;
};

function yaml(nodes: readonly Tree[], indent = ''): string {
  return nodes
    .map(({ role, name, level, children, exact }) => {
      const named =
        name === undefined
          ? ''
          : ` ${name instanceof RegExp ? String(name) : JSON.stringify(name)}`;
      const head = `${indent}- ${role}${named}${level === undefined ? '' : ` [level=${level}]`}`;
      if (!children) return head;
      const strict = exact ? `${indent}  - /children: equal\n` : '';
      return `${head}:\n${strict}${yaml(children, `${indent}  `)}`;
    })
    .join('\n');
}

const link = (name: string): Tree => ({ role: 'link', name });
const item = (child: Tree): Tree => ({ role: 'listitem', children: [child] });
const heading = (level: number, name: string): Tree => ({ role: 'heading', level, name });

/** What the pages are made of, in one language, from its translation file. */
function pages(dictionary: Dictionary) {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    Object.entries(params).reduce(
      (result, [name, value]) => result.replace(`{${name}}`, String(value)),
      text(dictionary, key),
    );
  const brand = `${business.name} – ${t('header.tagline')}`;
  const slideName = new RegExp(
    `^${escapeRegExp(text(dictionary, 'intro.slide'))
      .replace(escapeRegExp('{current}'), '[1-5]')
      .replace(escapeRegExp('{total}'), '5')}$`,
  );
  const banner = (home: boolean): Tree => ({
    role: 'banner',
    exact: true,
    children: [
      home
        ? { role: 'heading', level: 1, name: brand, children: [link(brand)] }
        : { role: 'paragraph', children: [link(`${brand} – ${t('header.homeLink')}`)] },
      {
        role: 'navigation',
        name: t('header.navLabel'),
        children: [
          {
            role: 'list',
            children: HOME_SECTIONS.map((section) => item(link(t(`nav.${section}`)))),
          },
        ],
      },
      {
        role: 'navigation',
        name: t('language.label'),
        exact: true,
        children: (['de', 'en'] as const).map((option) => link(languageOptionName(option))),
      },
    ],
  });
  const contentinfo: Tree = {
    role: 'contentinfo',
    children: [
      {
        role: 'navigation',
        name: t('footer.navLabel'),
        children: [
          {
            role: 'list',
            children: [item(link(t('footer.imprint'))), item(link(t('footer.privacy')))],
          },
        ],
      },
    ],
  };
  /** A page as a screen reader lists it: skip link, header, the page, footer, nothing else. */
  const page = (home: boolean, main: Tree[]): string =>
    yaml([
      { role: 'link', name: t('header.skipLink') },
      banner(home),
      { role: 'main', children: main },
      contentinfo,
    ]);
  const serviceArea = (area: ServiceArea): Tree => ({
    role: 'region',
    name: t(`${area}.title`),
    children: [
      heading(2, t(`${area}.title`)),
      {
        role: 'list',
        exact: true,
        children: itemPositions(area).map((index) => item(heading(3, t(`${area}.items.${index}`)))),
      },
    ],
  });
  /** A legal page: its heading, the close X, then its parts (each a heading, or a named region). */
  const legal = (title: string, parts: Tree[]): Tree[] => [
    { role: 'article', children: [heading(1, title), link(t('close')), ...parts] },
  ];

  return {
    t,
    brand,
    home: page(true, [
      {
        role: 'region',
        name: t('intro.label'),
        children: [
          { role: 'button', name: t('intro.pause') },
          // The slide shown, "n of 5" in the file's words (which one depends on the moment).
          { role: 'group', name: slideName },
        ],
      },
      { role: 'paragraph', children: [link(t('hero.cta'))] },
      ...SERVICE_AREAS.map(serviceArea),
      {
        role: 'region',
        name: t('contact.title'),
        children: [
          heading(2, t('contact.title')),
          { role: 'definition', children: [link(business.phone)] },
          { role: 'definition', children: [link(business.email)] },
          { role: 'paragraph', children: [link(t('contact.save'))] },
        ],
      },
    ]),
    imprint: page(
      false,
      legal(
        t('imprint.title'),
        ['provider', 'representedBy', 'contact', 'register', 'vat'].map((key) =>
          heading(2, t(`imprint.${key}`)),
        ),
      ),
    ),
    privacy: page(
      false,
      legal(
        t('privacy.title'),
        PRIVACY_SECTIONS.map((section) => {
          const name = t(`privacy.${section}.title`);
          return { role: 'region', name, children: [heading(2, name)] };
        }),
      ),
    ),
  };
}

/** What a screen reader says when focus lands: the focused element's role and name. */
const focused = (page: Page) => page.locator(':focus');

/**
 * Nothing but the carousel's slides may speak up by itself (and they only while stopped): a page
 * change is announced once, by the focus move to its heading, not a second time by a live region.
 */
async function expectNoOtherLiveRegion(page: Page) {
  await expect(
    page.locator(
      '[aria-live]:not([aria-live="off"]):not(#intro-slides), [role="status"], [role="alert"], [role="log"]',
    ),
  ).toHaveCount(0);
}

const START = [
  { locale: 'de-DE', lang: 'de', other: 'en' },
  { locale: 'en-US', lang: 'en', other: 'de' },
] as const satisfies readonly { locale: string; lang: Language; other: Language }[];

for (const { locale, lang, other } of START) {
  const here = pages(readDictionary(lang));
  const there = pages(readDictionary(other));
  const { t } = here;

  test.describe(`a screen reader user in a ${locale} browser`, () => {
    test.use({ locale, viewport: { width: 1280, height: 800 } });

    test(
      'hears the home page, goes to the imprint and back, then to the privacy statement',
      READS_CONTENT,
      async ({ page }) => {
        await page.goto('./#/home');
        await expect(page.locator('body')).toMatchAriaSnapshot(here.home);
        await expect(page).toHaveTitle(
          t('titles.template', { page: t('titles.home'), name: business.name }),
        );
        await expectNoOtherLiveRegion(page);

        // A fresh load says nothing by itself; the first Tab is the skip link.
        await page.keyboard.press('Tab');
        await expect(focused(page)).toMatchAriaSnapshot(yaml([link(t('header.skipLink'))]));

        // The footer's imprint link: the new page's heading is said, the page reads as a page.
        const footer = page.getByRole('navigation', { name: t('footer.navLabel') });
        await footer.getByRole('link', { name: t('footer.imprint') }).press('Enter');
        await expect(focused(page)).toMatchAriaSnapshot(yaml([heading(1, t('imprint.title'))]));
        await expect(page.locator('body')).toMatchAriaSnapshot(here.imprint);
        await expect(page).toHaveTitle(
          t('titles.template', { page: t('titles.imprint'), name: business.name }),
        );
        await expectNoOtherLiveRegion(page);

        // The close X: back on the home page, whose heading is said.
        await page.getByRole('link', { name: t('close') }).press('Enter');
        await expect(focused(page)).toMatchAriaSnapshot(yaml([heading(1, here.brand)]));
        await expect(page.locator('body')).toMatchAriaSnapshot(here.home);

        // The privacy statement, then Back: focus lands on something in view, never nowhere.
        await footer.getByRole('link', { name: t('footer.privacy') }).press('Enter');
        await expect(focused(page)).toMatchAriaSnapshot(yaml([heading(1, t('privacy.title'))]));
        await expect(page.locator('body')).toMatchAriaSnapshot(here.privacy);
        await page.goBack();
        await expect(page).toHaveURL(/#\/home$/);
        await expect(focused(page)).toHaveCount(1);
        await expect(focused(page)).toBeInViewport();
        await expectNoOtherLiveRegion(page);
      },
    );

    test('pauses the carousel, and hears each state of its one control', async ({ page }) => {
      await page.goto('./#/home');
      const toggle = page.locator('#intro').getByRole('button');
      // Reached by keyboard, the carousel stops (APG): the control now offers to start it.
      await toggle.focus();
      await expect(focused(page)).toMatchAriaSnapshot(
        yaml([{ role: 'button', name: t('intro.play') }]),
      );
      await page.keyboard.press('Enter');
      await expect(focused(page)).toMatchAriaSnapshot(
        yaml([{ role: 'button', name: t('intro.pause') }]),
      );
      await page.keyboard.press('Enter');
      await expect(focused(page)).toMatchAriaSnapshot(
        yaml([{ role: 'button', name: t('intro.play') }]),
      );
      // Stopped, the shown slide may be read as it changes (arrow keys); rotating, it never is.
      await expect(page.locator('#intro-slides')).toHaveAttribute('aria-live', 'polite');
    });

    test(
      `switches to ${other}: the switch says the language in itself, the page answers in it`,
      READS_CONTENT,
      async ({ page }) => {
        await page.goto('./#/home');
        const option = page
          .getByRole('navigation', { name: t('language.label') })
          .getByRole('link', { name: languageOptionName(other), exact: true });
        await option.focus();
        await expect(focused(page)).toMatchAriaSnapshot(yaml([link(languageOptionName(other))]));
        await expect(focused(page)).toHaveAttribute('lang', other);
        await page.keyboard.press('Enter');

        // Switched in place (the root address adapts): focus stays where it was, the page speaks
        // the other language, and is that language to a screen reader's voice.
        await expect(page.locator('html')).toHaveAttribute('lang', other);
        await expect(focused(page)).toMatchAriaSnapshot(yaml([link(languageOptionName(other))]));
        await expect(focused(page)).toHaveAttribute('aria-current', 'true');
        await expect(page.locator('body')).toMatchAriaSnapshot(there.home);
        await expectNoOtherLiveRegion(page);
      },
    );
  });
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
