import { type Locator, type Page } from '@playwright/test';
import { HOME_SECTIONS } from '../src/content/home-sections.ts';
import { expect, test } from './support/fixtures.ts';
import { BROWSER_LANGUAGES, LEGAL_ROUTES } from './support/page-watch.ts';
import { DICTIONARIES as dictionaries, text } from './support/translations.ts';

/** The focused element is `locator`, and it is on screen. */
async function expectFocusedInView(locator: Locator) {
  await expect(locator).toBeFocused();
  await expect(locator).toBeInViewport();
}

const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName);

for (const { lang, locale } of BROWSER_LANGUAGES) {
  const t = (key: string) => text(dictionaries[lang], key);

  test.describe(`focus follows every navigation (${locale})`, () => {
    test.use({ locale, viewport: { width: 1280, height: 800 } });

    test('a footer link puts focus on the new page’s heading; the close X on the home page’s', async ({
      page,
    }) => {
      await page.goto('./#/home');
      for (const route of LEGAL_ROUTES) {
        await page
          .getByRole('navigation', { name: t('footer.navLabel') })
          .getByRole('link', { name: t(`footer.${route}`) })
          .press('Enter');
        await expect(page).toHaveURL(new RegExp(`#/${route}$`));
        await expectFocusedInView(
          page.getByRole('heading', { level: 1, name: t(`${route}.title`) }),
        );

        await page.getByRole('link', { name: t('close') }).press('Enter');
        await expect(page).toHaveURL(/#\/home$/);
        await expectFocusedInView(page.getByRole('heading', { level: 1 }));
        expect(await focusedTag(page)).not.toBe('BODY');
      }
    });

    test('Back puts focus on something in view when nothing had it, never on the body', async ({
      page,
    }) => {
      await page.goto('./#/home');
      await page.evaluate(() => window.scrollTo(0, 600));
      await page
        .getByRole('navigation', { name: t('footer.navLabel') })
        .getByRole('link', { name: t('footer.imprint') })
        .dispatchEvent('click');
      await expectFocusedInView(page.getByRole('heading', { level: 1, name: t('imprint.title') }));
      await page.goBack();
      await expect(page).toHaveURL(/#\/home$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
      expect(await focusedTag(page)).not.toBe('BODY');
      await expectFocusedInView(page.locator(':focus'));
    });

    test('Back returns focus to the footer link that was followed, in view; the next Tab goes on from it', async ({
      page,
    }) => {
      await page.goto('./#/home');
      const footer = page.getByRole('navigation', { name: t('footer.navLabel') });
      const imprint = footer.getByRole('link', { name: t('footer.imprint') });
      await imprint.press('Enter');
      await expectFocusedInView(page.getByRole('heading', { level: 1, name: t('imprint.title') }));
      const scrolled = await page.evaluate(() => window.scrollY);

      await page.goBack();
      await expect(page).toHaveURL(/#\/home$/);
      await expectFocusedInView(imprint);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
      await page.keyboard.press('Tab');
      await expect(footer.getByRole('link', { name: t('footer.privacy') })).toBeFocused();
    });

    test('Back from a section returns focus to the header link that led there, at the top', async ({
      page,
    }) => {
      await page.goto('./#/home');
      const contact = page
        .getByRole('navigation', { name: t('header.navLabel') })
        .getByRole('link', { name: t('nav.contact') });
      await contact.press('Enter');
      await expect(page).toHaveURL(/#\/home#contact$/);
      await expectFocusedInView(page.locator('#contact').getByRole('heading', { level: 2 }));

      await page.goBack();
      await expect(page).toHaveURL(/#\/home$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expectFocusedInView(contact);
    });

    test('Back then Forward: each page gets back the focus it had when it was left', async ({
      page,
    }) => {
      await page.goto('./#/home');
      const privacy = page
        .getByRole('navigation', { name: t('footer.navLabel') })
        .getByRole('link', { name: t('footer.privacy') });
      await privacy.press('Enter');
      await expect(page).toHaveURL(/#\/privacy$/);
      // On the privacy page the visitor moves on to the link home before going Back.
      const close = page.getByRole('link', { name: t('close') });
      await close.focus();

      await page.goBack();
      await expectFocusedInView(privacy);
      await page.goForward();
      await expect(page).toHaveURL(/#\/privacy$/);
      await expectFocusedInView(close);
    });

    test('"Contact" in the header focuses the contact heading; the next Tab is the phone', async ({
      page,
    }) => {
      await page.goto('./#/home');
      const contact = page
        .getByRole('navigation', { name: t('header.navLabel') })
        .getByRole('link', { name: t('nav.contact') });
      await contact.press('Enter');
      const heading = page.locator('#contact').getByRole('heading', { level: 2 });
      await expectFocusedInView(heading);
      await page.keyboard.press('Tab');
      await expect(page.locator('#contact a').first()).toBeFocused();

      // The same link again, from elsewhere on the page: focus goes to the section again.
      await page.evaluate(() => window.scrollTo(0, 0));
      await contact.press('Enter');
      await expectFocusedInView(heading);
    });

    // One load for the four links: each starts from the imprint again, reached by its address (a
    // hash route, so no new load), which is what "from another page" asks.
    test('each header link to a section, from another page, focuses that section; again from below', async ({
      page,
    }) => {
      for (const section of HOME_SECTIONS) {
        await test.step(`#${section}`, async () => {
          await page.goto('./#/imprint');
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('imprint.title'));
          const link = page
            .getByRole('navigation', { name: t('header.navLabel') })
            .getByRole('link', { name: t(`nav.${section}`) });
          const area = page.locator(`[id="${section}"]`);
          await link.press('Enter');
          await expect(page).toHaveURL(new RegExp(`#/home#${section}$`));
          // The section's heading, or the section itself where it has none (the carousel).
          const target = (await area.locator('h2').count()) ? area.locator('h2').first() : area;
          await expectFocusedInView(target);

          // The next Tab goes on from there, not back into the header.
          await page.keyboard.press('Tab');
          expect(
            await page.evaluate((id) => {
              const focused = document.activeElement;
              const from = document.getElementById(id);
              return Boolean(
                focused &&
                from &&
                !focused.closest('header') &&
                (from.contains(focused) ||
                  from.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING),
              );
            }, section),
            `the Tab after #${section} goes on from it`,
          ).toBe(true);

          // The same address again, from the bottom of the page: focus goes there again.
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await link.press('Enter');
          await expectFocusedInView(target);
        });
      }
    });

    test('the call to action focuses the contact heading; the skip link the content', async ({
      page,
    }) => {
      await page.goto('./#/home');
      await page.getByRole('link', { name: t('hero.cta') }).press('Enter');
      await expectFocusedInView(page.locator('#contact').getByRole('heading', { level: 2 }));

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('link', { name: t('header.skipLink') }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
    });

    test('a fresh load leaves focus alone: the first Tab reaches the skip link', async ({
      page,
    }) => {
      await page.goto('./#/imprint');
      expect(await focusedTag(page)).toBe('BODY');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: t('header.skipLink') })).toBeFocused();
    });
  });
}
