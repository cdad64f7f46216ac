import { expect, test, type Page } from '@playwright/test';
import { business, legalName } from '../src/content/business.ts';
import type { Business } from '../src/content/business-schema.ts';
import { PRIVACY_SECTIONS, readDictionary, text, type Language } from './support/translations.ts';
import { READS_CONTENT } from './support/fixtures.ts';

/**
 * Blocked scripts, reader modes, some corporate browsers: the document alone must not show a
 * control that does nothing, and the imprint and privacy statement must be one link away.
 */
test.use({ javaScriptEnabled: false });

const DOCUMENTS = [
  { path: './', lang: 'de' },
  { path: './de/', lang: 'de' },
  { path: './en/', lang: 'en' },
] as const satisfies readonly { path: string; lang: Language }[];

/** Every link a visitor can see, with where it points. */
async function visibleLinks(page: Page): Promise<{ name: string; href: string }[]> {
  const links = page.getByRole('link');
  const found: { name: string; href: string }[] = [];
  for (const link of await links.all()) {
    if (!(await link.isVisible())) continue;
    found.push({
      name: (await link.textContent()) ?? '',
      href: (await link.getAttribute('href'))!,
    });
  }
  return found;
}

for (const { path, lang } of DOCUMENTS) {
  const dictionary = readDictionary(lang);
  const t = (key: string) => text(dictionary, key);
  const footer = (page: Page) => page.getByRole('navigation', { name: t('footer.navLabel') });

  // One test per address: the first three steps read and follow links within one load, each
  // from where the one before left the page; the last is an arrival, a load of its own.
  test(
    `without JavaScript, ${path} shows no dead control, and its links, footer and addresses work`,
    READS_CONTENT,
    async ({ page }) => {
      await page.goto(path);

      await test.step('shows no button, and every link it shows leads somewhere', async () => {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The carousel's toggle is in the markup, but not shown: nothing would rotate or stop.
        await expect(page.locator('button')).not.toHaveCount(0);
        await expect(page.getByRole('button')).toHaveCount(0);

        const links = await visibleLinks(page);
        expect(links.length).toBeGreaterThan(10);
        for (const { name, href } of links) {
          if (href.startsWith('#')) {
            // A fragment a browser without scripts can follow: an element with that id.
            const id = decodeURIComponent(href.slice(1));
            await expect(page.locator(`[id="${id}"]`), `"${name}" → ${href}`).toHaveCount(1);
          } else if (/^(mailto|tel):/.test(href)) {
            continue;
          } else if (href.startsWith('./') || href.startsWith('../')) {
            // Another document of the site (the language switch) or a file (the business card).
            const response = await page.request.get(new URL(href, page.url()).href);
            expect(response.status(), `"${name}" → ${href}`).toBe(200);
          } else {
            expect(href, `"${name}"`).toMatch(/^https:\/\//);
          }
        }
      });

      await test.step('a section link in the header brings its section into view', async () => {
        await page
          .getByRole('navigation', { name: t('header.navLabel') })
          .getByRole('link', { name: t('nav.contact') })
          .click();
        await expect(page).toHaveURL(/#\/home#contact$/);
        await expect(
          page.locator('#contact').getByRole('heading', { level: 2, name: t('contact.title') }),
        ).toBeInViewport();
      });

      await test.step('the footer brings the imprint and the privacy statement into view', async () => {
        const imprint = page.getByRole('heading', { level: 1, name: t('imprint.title') });
        const privacy = page.getByRole('heading', { level: 1, name: t('privacy.title') });
        // Out of the way until asked for.
        await expect(imprint).toBeHidden();
        await expect(privacy).toBeHidden();

        await footer(page)
          .getByRole('link', { name: t('footer.imprint') })
          .click();
        await expect(page).toHaveURL(/#\/imprint$/);
        await expect(imprint).toBeInViewport();
        const imprintText = page.locator('article', { has: imprint });
        // The facts the legal form has: a sole trader has no register entry, a KG no directors.
        const facts: Business = business;
        for (const fact of [
          legalName,
          facts.street,
          ...(facts.managingDirectors ?? []),
          facts.registerCourt,
          facts.registerNumber,
          facts.vatId,
          facts.phone,
          facts.email,
        ].filter((value) => value !== undefined)) {
          await expect(imprintText).toContainText(fact);
        }
        await expect(imprintText.getByRole('heading', { level: 2 }).first()).toHaveText(
          t('imprint.provider'),
        );
        await expect(privacy).toBeHidden();

        await footer(page)
          .getByRole('link', { name: t('footer.privacy') })
          .click();
        await expect(page).toHaveURL(/#\/privacy$/);
        await expect(privacy).toBeInViewport();
        await expect(imprint).toBeHidden();
        await expect(
          page.locator('article', { has: privacy }).getByRole('heading', { level: 2 }),
        ).toHaveText(PRIVACY_SECTIONS.map((section) => t(`privacy.${section}.title`)));

        // Back shows the imprint again, as it would a page.
        await page.goBack();
        await expect(imprint).toBeInViewport();
        await expect(privacy).toBeHidden();
      });

      await test.step('an address naming the imprint opens on it', async () => {
        // about:blank first: the page is on this address already, and going to it again would
        // only move within the document.
        await page.goto('about:blank');
        await page.goto(`${path}#/imprint`);
        await expect(
          page.getByRole('heading', { level: 1, name: t('imprint.title') }),
        ).toBeInViewport();
      });
    },
  );
}
