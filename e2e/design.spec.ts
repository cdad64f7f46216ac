import { test as plainTest, type Page } from '@playwright/test';
import { NEUTRALS } from '../site-build/content-check/brand-colors.ts';
import { business, legalName, phoneHref } from '../src/content/business.ts';
import { itemPositions, SERVICE_AREAS } from '../src/content/home-sections.ts';
import { test, expect, READS_CONTENT } from './support/fixtures.ts';
import { BROWSER_LANGUAGES, LEGAL_ROUTES, ROUTES } from './support/page-watch.ts';
import { DICTIONARIES as dictionaries, HEADLINE_KEYS, text } from './support/translations.ts';
import { startOver } from './support/start-over.ts';
import { TEXT_SPACING } from './support/text-spacing.ts';

/**
 * Shows `route` of the German site, from the address, and returns once its page is on screen. After
 * the first page, the address changes within the one page load: what these tests measure is the
 * layout of each page, the same however the visitor got there.
 */
async function visit(page: Page, route: (typeof ROUTES)[number]) {
  await page.goto(`./#/${route}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    text(dictionaries.de, HEADLINE_KEYS[route]),
  );
}

const FIRST_SCREENS = [
  { width: 360, height: 640 },
  { width: 1280, height: 800 },
] as const;

for (const { lang, locale } of BROWSER_LANGUAGES) {
  test.describe(`home in a ${locale} browser`, () => {
    test.use({ locale });
    const texts = dictionaries[lang];
    const t = (key: string) => text(texts, key);

    // One test per language: each first screen is a first visit at its size (`startOver` between
    // the two), and what is then read from the page does not depend on how the visitor got there.
    test(
      'the first screen at 360×640 and 1280×800 has the call to action leading to the contact card; the services and the vCard are complete',
      READS_CONTENT,
      async ({ page, request }) => {
        for (const viewport of FIRST_SCREENS) {
          const size = `${viewport.width}×${viewport.height}`;
          await test.step(`at ${size} the call to action is in view and leads to the contact card`, async () => {
            await startOver(page);
            await page.setViewportSize(viewport);
            await page.goto('./#/home');
            const cta = page.getByRole('link', { name: t('hero.cta') });
            await expect(cta, `${size}: the call to action`).toBeInViewport({ ratio: 1 });
            // The hero says who this is before the visitor scrolls.
            await expect(page.locator('main'), `${size}: the hero`).toContainText(business.name);
            await cta.click();
            await expect(page).toHaveURL(/#\/home#contact$/);
            await expect(
              page.getByRole('heading', { level: 2, name: t('contact.title') }),
              `${size}: the contact card's heading`,
            ).toBeInViewport();
          });
        }

        await test.step('each service shows its name as heading, then what a client gets, and an icon', async () => {
          for (const area of SERVICE_AREAS) {
            const items = page.locator(`#${area} li`);
            await expect(items).toHaveCount(itemPositions(area).length);
            for (const index of itemPositions(area)) {
              const item = items.nth(index);
              const parts = await item.evaluate((li) =>
                [...li.children]
                  .filter((child) => child.textContent?.trim())
                  .map((child) => [child.tagName, child.textContent?.trim()]),
              );
              expect(parts, `${area} ${index}`).toEqual([
                ['H3', t(`${area}.items.${index}`)],
                ['P', t(`${area}.descriptions.${index}`)],
              ]);
              // Inline SVG, hidden from assistive technology: no icon font, no request. It draws:
              // its reference finds the drawing in the document's sprite.
              const icon = item.locator('svg[aria-hidden="true"]');
              await expect(icon, `${area} ${index}: the icon`).toHaveCount(1);
              const drawn = await icon.evaluate((svg) => {
                const use = svg.querySelector('use');
                const symbol = document.querySelector(use?.getAttribute('href') ?? 'none');
                return symbol instanceof SVGSymbolElement && (use?.getBBox().width ?? 0) > 0;
              });
              expect(drawn, `${area} ${index}: the icon draws`).toBe(true);
            }
          }
        });

        await test.step('the contact card offers a vCard with the business facts', async () => {
          const save = page.getByRole('link', { name: t('contact.save') });
          const href = await save.getAttribute('href');
          expect(href).toMatch(/\.vcf$/);
          await expect(save).toHaveAttribute('download', /\.vcf$/);

          const response = await request.get(new URL(href ?? '', page.url()).href);
          expect(response.ok()).toBe(true);
          const card = (await response.text()).replace(/\r\n[ \t]/g, '');
          const fields = new Map(
            card
              .split('\r\n')
              .filter(Boolean)
              .map((line) => {
                const colon = line.indexOf(':');
                return [line.slice(0, colon).split(';')[0], line.slice(colon + 1)] as const;
              }),
          );
          expect(fields.get('BEGIN')).toBe('VCARD');
          expect(fields.get('VERSION')).toBe('4.0');
          expect(fields.get('FN')).toBe(business.owner);
          expect(fields.get('ORG')).toBe(legalName);
          expect(fields.get('TEL')).toBe(phoneHref);
          expect(fields.get('EMAIL')).toBe(business.email);
          expect(fields.get('ADR')).toContain(
            `${business.street};${business.town};;${business.postalCode}`,
          );
          expect(fields.get('URL')).toBe(business.siteUrl);
          expect(fields.get('END')).toBe('VCARD');
        });
      },
    );
  });
}

/** Every visible link and button that is not a link inside running text (WCAG 2.5.8's exception). */
async function controlSizes(page: Page) {
  return page.locator('a, button').evaluateAll((elements) =>
    elements
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return box.width > 0 && style.visibility !== 'hidden' && style.display !== 'inline';
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        return {
          name: (element.textContent ?? '').trim() || (element.getAttribute('title') ?? ''),
          width: Math.round(box.width),
          height: Math.round(box.height),
        };
      }),
  );
}

plainTest.describe('dark theme', () => {
  plainTest.use({ colorScheme: 'dark', javaScriptEnabled: false });

  plainTest('is chosen by the stylesheet before any script runs', async ({ page }) => {
    await page.goto('./#/home');
    const [background, color] = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return [style.backgroundColor, style.colorScheme];
    });
    const { r, g, b } = hexToRgb(NEUTRALS.dark.background);
    expect(background).toBe(`rgb(${r}, ${g}, ${b})`);
    expect(color).toContain('dark');
  });
});

function hexToRgb(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

/** What tells a selected button from another one. */
function look(el: Element) {
  const style = getComputedStyle(el);
  return `${style.backgroundColor} ${style.outlineStyle} ${style.color}`;
}

test.describe('forced colours (Windows high contrast)', () => {
  test.use({ forcedColors: 'active' });

  test('toggle, selected language, card borders and focus ring stay visible', async ({ page }) => {
    await page.goto('./#/home');
    const toggle = page.locator('#intro button');
    expect(await toggle.evaluate((el) => getComputedStyle(el).borderStyle)).toBe('solid');
    expect(
      await toggle.evaluate((el) => parseFloat(getComputedStyle(el).borderWidth)),
    ).toBeGreaterThan(0);

    const selected = page.locator('a[hreflang][aria-current="true"]');
    const other = page.locator('a[hreflang]:not([aria-current])');
    expect(await selected.evaluate(look)).not.toBe(await other.evaluate(look));

    const card = page.locator('#consulting li').first();
    expect(await card.evaluate((el) => getComputedStyle(el).borderStyle)).toBe('solid');

    await page.keyboard.press('Tab');
    const focused = page.locator(':focus-visible');
    expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  });
});

test('#/imprint and #/privacy print without navigation and with link addresses', async ({
  page,
}) => {
  await page.emulateMedia({ media: 'print' });
  for (const route of LEGAL_ROUTES) {
    await visit(page, route);
    await expect(
      page.getByRole('navigation', { name: text(dictionaries.de, 'header.navLabel') }),
      `#/${route}: the navigation`,
    ).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: text(dictionaries.de, 'language.label') }),
      `#/${route}: the language switch`,
    ).toBeHidden();
    const external = page.locator('main a[href^="http"]');
    for (const link of await external.all()) {
      const after = await link.evaluate((el) => getComputedStyle(el, '::after').content);
      expect(after, `#/${route}: a printed link`).toContain(await link.getAttribute('href'));
    }
  }
});

// One load for the two narrow-screen checks: what they measure is the layout of each page, the
// same however the visitor got there; the text spacing style comes last, as it stays in the
// document.
test('at 360 px every control is 44×44 px, and at 320 px text spacing clips nothing', async ({
  page,
}) => {
  await test.step('at 360 px, on every page every control is at least 44×44 px', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const route of ROUTES) {
      await visit(page, route);
      const controls = await controlSizes(page);
      expect(controls.length, `#/${route}: controls`).toBeGreaterThan(5);
      expect(
        controls.filter(({ width, height }) => width < 44 || height < 44),
        `#/${route}: controls under 44×44 px`,
      ).toEqual([]);
    }
  });

  await test.step('at 320 px (a 1280 px window at 400 % zoom) with WCAG text spacing, no page clips text or scrolls sideways', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const route of ROUTES) {
      await visit(page, route);
      // Once, on the first page: the style stays in the document as the address changes.
      if (route === ROUTES[0]) await page.addStyleTag({ content: TEXT_SPACING });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `#/${route}: page width`,
      ).toBeLessThanOrEqual(320);
      const clipped = await page.locator('body *').evaluateAll((elements) =>
        elements
          .filter((element) => {
            const style = getComputedStyle(element);
            if (style.visibility === 'hidden' || element.closest('.visually-hidden, [inert]'))
              return false;
            const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible';
            return (
              clips &&
              (element.scrollWidth > element.clientWidth + 1 ||
                element.scrollHeight > element.clientHeight + 1)
            );
          })
          .map((element) => `${element.tagName}.${element.className}`),
      );
      expect(clipped, `#/${route}: clipped elements`).toEqual([]);
    }
  });
});
