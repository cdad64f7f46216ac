import { type Page } from '@playwright/test';
import { business } from '../src/content/business.ts';
import { SERVICE_AREAS } from '../src/content/home-sections.ts';
import { expect, test, READS_CONTENT } from './support/fixtures.ts';
import { ROUTES, seenText } from './support/page-watch.ts';
import {
  DICTIONARIES as dictionaries,
  text,
  type Language,
  languageOptionName,
} from './support/translations.ts';

const de = (key: string) => text(dictionaries.de, key);
const en = (key: string) => text(dictionaries.en, key);

/** The carousel's one control, its pause/play toggle. */
function toggle(page: Page) {
  return page.locator('#intro').getByRole('button');
}

function brandLink(page: Page) {
  return page.getByRole('banner').getByRole('link').first();
}

for (const language of ['de', 'en'] as const satisfies readonly Language[]) {
  const t = (key: string) => text(dictionaries[language], key);

  // One load per language: the home page's names, then the imprint's, reached by its address.
  test(`names that read right (${language})`, READS_CONTENT, async ({ page }) => {
    await page.goto(`./${language}/#/home`);

    await test.step('the home page heading says name and tagline apart, not run together', async () => {
      const heading = page.getByRole('heading', { level: 1 });
      const expected = new RegExp(
        `^${escape(business.name)}\\s*\\S+\\s+${escape(t('header.tagline'))}$`,
      );
      await expect(heading).toHaveAccessibleName(expected);
      await expect(heading).not.toHaveAccessibleName(`${business.name} ${t('header.tagline')}`);
    });

    await test.step('service names in the other language carry its lang: English terms on the German page, marked German words on the English one', async () => {
      for (const area of SERVICE_AREAS) {
        const items = page.locator(`#${area} li h3`);
        const count = await items.count();
        expect(count).toBeGreaterThan(0);
        for (let index = 0; index < count; index += 1) {
          const key = `${area}.items.${index}`;
          await expect(items.nth(index)).toHaveText(t(key));
          // The rule of site-build/content-check/english-terms.ts, restated: a mark in the files, else a name the
          // German file gives as the English one does is English, else the page's language.
          const marked = nameLanguageMark(area, index);
          const isEnglishTerm = text(dictionaries.de, key) === text(dictionaries.en, key);
          const own = marked ?? (isEnglishTerm ? 'en' : language);
          const expected = own === language ? null : own;
          expect(await items.nth(index).getAttribute('lang'), key).toBe(expected);
        }
      }
    });

    await page.goto(`./${language}/#/imprint`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('imprint.title'));

    await test.step('elsewhere the brand link says where it leads, after the words it shows', async () => {
      await expect(brandLink(page)).toHaveAccessibleName(
        `${business.name} – ${t('header.tagline')} – ${t('header.homeLink')}`,
      );
    });

    await test.step('the language switch names each language in itself, beginning with what is seen', async () => {
      const options = page.getByRole('navigation', { name: t('language.label') }).getByRole('link');
      await expect(options).toHaveCount(2);
      for (const [index, option] of (['de', 'en'] as const).entries()) {
        const own = (key: string) => text(dictionaries[option], key);
        const link = options.nth(index);
        // Seen: the code. Heard: the code, then the language's own name, in that language.
        expect(await seenText(link), option).toBe(own(`language.${option}`));
        await expect(link).toHaveAccessibleName(
          new RegExp(
            `^${escape(own(`language.${option}`))}\\s+${escape(own(`language.${option}Name`))}$`,
          ),
        );
        await expect(link).toHaveAttribute('lang', option);
        // No tooltip repeating the name as a description.
        await expect(link).not.toHaveAttribute('title');
      }
    });
  });

  test.describe(`a pause that holds (${language})`, () => {
    test('stays paused after the imprint and back, and after a reload', async ({ page }) => {
      await page.goto(`./${language}/#/home`);
      await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
      await expect(toggle(page)).toHaveAccessibleName(t('intro.pause'));
      await toggle(page).click();
      await expect(toggle(page)).toHaveAccessibleName(t('intro.play'));

      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: t('footer.imprint') })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('imprint.title'));
      await page.goBack();
      await expect(toggle(page)).toHaveAccessibleName(t('intro.play'));

      await page.reload();
      await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
      await expect(toggle(page)).toHaveAccessibleName(t('intro.play'));
    });
  });
}

test('a pause holds across a change of language', async ({ page }) => {
  await page.goto('./de/#/home');
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await page
    .locator('#intro')
    .getByRole('button', { name: de('intro.pause') })
    .click();

  await page
    .getByRole('navigation', { name: de('language.label') })
    .getByRole('link', { name: languageOptionName('en'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/en\/#\/home$/);
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await expect(
    page.locator('#intro').getByRole('button', { name: en('intro.play') }),
  ).toBeVisible();
});

/** The language `<area>.itemLanguages` gives a service name, if the files mark it. */
function nameLanguageMark(area: string, index: number): string | undefined {
  const marks = dictionaries.de[area];
  const group = typeof marks === 'object' ? marks.itemLanguages : undefined;
  const mark = typeof group === 'object' ? group[String(index)] : undefined;
  return typeof mark === 'string' ? mark : undefined;
}

function escape(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Words as voice control hears them: letters and digits, in lower case, one space apart. */
const words = (phrase: string) =>
  phrase
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Every link and button with the name Chromium gives it and the words a sighted visitor reads on
 * it: its text without what is there only for screen readers, nor the decoration hidden from them
 * (the logo mark's letters).
 */
async function controlNames(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: {
      role?: { value: string };
      name?: { value: string };
      backendDOMNodeId?: number;
      ignored: boolean;
    }[];
  };
  const controls = [];
  for (const node of nodes) {
    if (node.ignored || !['link', 'button'].includes(node.role?.value ?? '')) continue;
    const { object } = await cdp.send('DOM.resolveNode', { backendNodeId: node.backendDOMNodeId });
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      returnByValue: true,
      functionDeclaration: `function () {
        const copy = this.cloneNode(true);
        copy.querySelectorAll('.visually-hidden, [aria-hidden="true"]').forEach((hidden) => hidden.remove());
        return this.checkVisibility() ? copy.textContent : null;
      }`,
    });
    const seen = result.value as string | null;
    if (seen !== null) controls.push({ name: node.name?.value ?? '', seen });
  }
  await cdp.detach();
  return controls;
}

// WCAG 2.5.3: a control's name begins with the words it shows, so that a voice control user who
// says what they see reaches it, and a screen reader user hears what others read.
for (const language of ['de', 'en'] as const satisfies readonly Language[]) {
  test(`every control's name begins with the words it shows (${language})`, async ({ page }) => {
    for (const route of ROUTES) {
      await page.goto(`./${language}/#/${route}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const controls = await controlNames(page);
      expect(controls.length, `#/${route}: controls`).toBeGreaterThan(8);
      const mismatched = controls.filter(({ name, seen }) => !words(name).startsWith(words(seen)));
      expect(mismatched, `#/${route}: names that do not begin with the words shown`).toEqual([]);
    }
  });
}
