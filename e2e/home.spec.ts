import { expect, test } from './support/fixtures';

const consulting = [
  'Business Process Engineering',
  'Enterprise Architecture',
  'IT Strategy',
  'IT Controlling',
];
const development = [
  'Software Architecture',
  'Web Applications',
  'Fullstack Development',
  'Application & Data Migrations',
];

for (const { locale, consultingTitle, developmentTitle, contactTitle, tagline } of [
  {
    locale: 'de-DE',
    consultingTitle: 'Beratung',
    developmentTitle: 'Entwicklung',
    contactTitle: 'Kontakt',
    tagline: 'IT Beratung & Entwicklung',
  },
  {
    locale: 'en-US',
    consultingTitle: 'Consulting',
    developmentTitle: 'Development',
    contactTitle: 'Contact',
    tagline: 'IT Consulting & Development',
  },
]) {
  test.describe(`home page (${locale})`, () => {
    test.use({ locale });

    test('shows header, carousel, both service lists, contact and footer in order', async ({
      page,
    }) => {
      await page.goto('./#/home');
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toContainText('Muster IT');
      await expect(heading).toContainText(tagline);

      const ids = await page
        .locator('main section[id]')
        .evaluateAll((sections) => sections.map((section) => section.id));
      expect(ids).toEqual(['intro', 'consulting', 'development', 'contact']);

      const consultingSection = page.locator('#consulting');
      await expect(consultingSection.getByRole('heading', { level: 2 })).toHaveText(
        consultingTitle,
      );
      await expect(
        consultingSection.getByRole('listitem').getByRole('heading', { level: 3 }),
      ).toHaveText(consulting);

      const developmentSection = page.locator('#development');
      await expect(developmentSection.getByRole('heading', { level: 2 })).toHaveText(
        developmentTitle,
      );
      await expect(
        developmentSection.getByRole('listitem').getByRole('heading', { level: 3 }),
      ).toHaveText(development);

      const contact = page.locator('#contact');
      await expect(contact.getByRole('heading', { level: 2 })).toHaveText(contactTitle);
      await expect(contact).toContainText('Max Mustermann');
      await expect(contact.getByRole('link', { name: '+49 30 1234567' })).toHaveAttribute(
        'href',
        'tel:+49301234567',
      );
      await expect(contact.getByRole('link', { name: 'kontakt@example.com' })).toHaveAttribute(
        'href',
        'mailto:kontakt@example.com',
      );

      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText(`© ${new Date().getFullYear()} Muster IT GmbH`);
      await expect(footer.getByRole('link')).toHaveCount(2);
    });
  });
}

test("the footer shows the visitor's current year, not the build's", async ({ page }) => {
  await page.clock.setFixedTime(new Date('2031-02-03T10:00:00'));
  await page.goto('./#/home');
  await expect(page.getByRole('contentinfo')).toContainText('© 2031 Muster IT GmbH');
});
