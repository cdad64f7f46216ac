import { business } from '../src/content/business.ts';
import { managingDirectorsLine } from '../src/i18n/legal-format.ts';
import { withCountryName } from '../src/pages/privacy/country-name.ts';
import { hostingParagraphs, type Paragraph } from '../src/pages/privacy/hosting-paragraphs.ts';
import { expect, test, READS_CONTENT } from './support/fixtures.ts';
import { textsOf, type Language } from './support/translations.ts';

/** The language's own address, so each language is tested whatever the browser prefers. */
const address = (language: Language) => `./${language}/`;

for (const language of ['de', 'en'] as const) {
  const t = textsOf(language);
  /** A paragraph of the statement as the page shows it: its country named in the page's language. */
  const show = ({ key, params }: Paragraph) => t(key, withCountryName(params, language));

  test.describe(`legal pages in ${language}`, () => {
    // One load of the statement for what it says: each step reads another part of the same page.
    test('the privacy statement', READS_CONTENT, async ({ page }) => {
      await page.goto(`${address(language)}#/privacy`);
      await test.step('keeps the three required sections in their order', async () => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('privacy.title'));
        const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
        const required = [
          'privacy.duty.title',
          'privacy.contact.title',
          'privacy.rights.title',
        ].map((key) => headings.indexOf(t(key)));
        expect(required.every((position) => position >= 0)).toBe(true);
        expect(required).toEqual(required.toSorted((a, b) => a - b));
        const contact = page.getByRole('region', { name: t('privacy.contact.title') });
        await expect(contact).toContainText(t('privacy.contact.text'));
        const rights = page.getByRole('region', { name: t('privacy.rights.title') });
        await expect(rights).toContainText(t('privacy.rights.complaint'));
      });

      await test.step('names the host, what it logs, where the logs go and how long they stay', async () => {
        const hosting = page.getByRole('region', { name: t('privacy.hosting.title') });
        // Whichever kind of hosting the facts name (the content proof serves from a US network).
        const { provider, processor, transfer, retention, policyUrl, incident } =
          hostingParagraphs(business);
        const providerText = show(provider);
        await expect(hosting).toContainText(
          processor ? `${providerText} ${t('privacy.hosting.processor')}` : providerText,
        );
        if (!processor) await expect(hosting).not.toContainText(t('privacy.hosting.processor'));
        await expect(hosting.getByRole('listitem')).toHaveText(
          [0, 1, 2, 3, 4].map((index) => t(`privacy.hosting.items.${index}`)),
        );
        await expect(hosting).toContainText(t('privacy.hosting.purpose'));
        await expect(hosting.getByRole('paragraph').filter({ hasText: show(transfer) })).toHaveText(
          show(transfer),
        );
        await expect(hosting).toContainText(show(retention));
        if (incident) await expect(hosting).toContainText(t('privacy.hosting.incident'));
        else await expect(hosting).not.toContainText(t('privacy.hosting.incident'));
        const policyLinks = hosting.getByRole('link');
        if (policyUrl === null) await expect(policyLinks).toHaveCount(0);
        else await expect(policyLinks).toHaveAttribute('href', policyUrl);
      });

      await test.step('names the mail provider, where e-mails go, how long they are kept and who else may get them', async () => {
        const contact = page.getByRole('region', { name: t('privacy.contact.title') });
        const { mail, mailTransfer } = hostingParagraphs(business);
        await expect(contact.getByRole('paragraph')).toHaveText([
          t('privacy.contact.text'),
          show(mail),
          show(mailTransfer),
          t('privacy.contact.basis'),
          t('privacy.contact.retention'),
          t('privacy.contact.recipients'),
          t('privacy.contact.required'),
        ]);
      });

      await test.step('sets the right to object apart and links the authority', async () => {
        const objection = page.getByRole('region', { name: t('privacy.objection.title') });
        await expect(objection.getByRole('heading', { level: 2 })).toHaveText(
          t('privacy.objection.title'),
        );
        await expect(objection).toContainText(t('privacy.objection.text'));
        // The objection is its own section, not a sentence inside "your rights".
        const rights = page.getByRole('region', { name: t('privacy.rights.title') });
        await expect(rights).not.toContainText(t('privacy.objection.text'));

        const authority = rights.getByRole('link', { name: business.supervisoryAuthority.name });
        await expect(authority).toHaveAttribute('href', business.supervisoryAuthority.url);

        const updated = page.locator(`time[datetime="${business.privacyUpdated}"]`);
        await expect(updated).toBeVisible();
        await expect(updated.locator('..')).toContainText(t('privacy.updated'));
      });
    });

    test('the imprint names the managing director', READS_CONTENT, async ({ page }) => {
      await page.goto(`${address(language)}#/imprint`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('imprint.title'));
      await expect(page.getByRole('main')).toContainText(
        managingDirectorsLine(t, business.managingDirectors, language),
      );
      // The country closes the address; the imprint says where consumer disputes stand (§ 36 VSBG).
      await expect(page.locator('address')).toContainText(
        `${business.postalCode} ${business.town}${t('imprint.country')}`,
      );
      await expect(page.getByRole('main')).toContainText(
        `${t('imprint.disputeTitle')}${t('imprint.dispute')}`,
      );
      // The EU's online dispute resolution platform closed on 20 July 2025.
      await expect(page.getByRole('main')).not.toContainText(
        /ec\.europa\.eu\/consumers\/odr|OS-Plattform|ODR platform/i,
      );
    });
  });
}
