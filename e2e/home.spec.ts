import { business, legalName, phoneHref } from '../src/content/business.ts';
import { HOME_SECTIONS, itemPositions, SERVICE_AREAS } from '../src/content/home-sections.ts';
import { expect, test, READS_CONTENT } from './support/fixtures.ts';
import { BROWSER_LANGUAGES } from './support/page-watch.ts';
import { textsOf } from './support/translations.ts';

for (const { lang, locale } of BROWSER_LANGUAGES) {
  const t = textsOf(lang);

  test.describe(`home page (${locale})`, () => {
    test.use({ locale });

    // One load for both: the footer's year is read from the same page.
    test(
      'shows header, carousel, both service lists, contact and footer in order',
      READS_CONTENT,
      async ({ page }) => {
        // The visitor's clock says 2031, which no build's year is.
        await page.clock.setFixedTime(new Date('2031-02-03T10:00:00'));
        await page.goto('./#/home');

        await test.step('shows header, carousel, both service lists, contact and footer in order', async () => {
          const heading = page.getByRole('heading', { level: 1 });
          await expect(heading).toContainText(business.name);
          await expect(heading).toContainText(t('header.tagline'));

          const ids = await page
            .locator('main section[id]')
            .evaluateAll((sections) => sections.map((section) => section.id));
          expect(ids).toEqual(HOME_SECTIONS);

          for (const area of SERVICE_AREAS) {
            const section = page.locator(`#${area}`);
            await expect(section.getByRole('heading', { level: 2 })).toHaveText(t(`${area}.title`));
            await expect(
              section.getByRole('listitem').getByRole('heading', { level: 3 }),
            ).toHaveText(itemPositions(area).map((index) => t(`${area}.items.${index}`)));
          }

          const contact = page.locator('#contact');
          await expect(contact.getByRole('heading', { level: 2 })).toHaveText(t('contact.title'));
          await expect(contact).toContainText(business.owner);
          await expect(contact.getByRole('link', { name: business.phone })).toHaveAttribute(
            'href',
            phoneHref,
          );
          await expect(contact.getByRole('link', { name: business.email })).toHaveAttribute(
            'href',
            `mailto:${business.email}`,
          );
          await expect(page.getByRole('contentinfo').getByRole('link')).toHaveCount(2);
        });

        await test.step("the footer shows the visitor's current year, not the build's", async () => {
          await expect(page.getByRole('contentinfo')).toContainText(
            t('footer.copyrightName', { year: 2031, name: legalName }),
          );
        });
      },
    );
  });
}
