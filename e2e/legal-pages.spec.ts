import { business, legalName } from '../src/content/business.ts';
import type { Business } from '../src/content/business-schema.ts';
import { hostingParagraphs } from '../src/pages/privacy/hosting-paragraphs.ts';
import { expect, test, READS_CONTENT } from './support/fixtures.ts';
import { BROWSER_LANGUAGES } from './support/page-watch.ts';
import { languageOptionName, textsOf } from './support/translations.ts';

/** The fields the legal form has: a sole trader names no directors, a KG its partner's. */
const facts: Business = business;
/** Which sentence each kind of host and each form takes is held by the unit tests; here, its words. */
const paragraphs = hostingParagraphs(facts);

for (const { lang: language, locale } of BROWSER_LANGUAGES) {
  const t = textsOf(language);
  /** A country as a reader of the page's language knows it: `US` → "Vereinigte Staaten". */
  const country = (code: string) =>
    new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  /**
   * What the statement must name of a provider, whatever its kind: its name and address where it
   * has them, its country, and every country its data go on to. (Which sentences each kind and
   * transfer takes is held by src/pages/privacy/privacy-page.test.tsx.)
   */
  const namesOf = (provider: {
    name?: string;
    address?: string;
    country: string;
    transfers?: readonly { country: string }[];
  }) => [
    ...(provider.name ? [provider.name] : []),
    ...(provider.address ? [provider.address] : []),
    country(provider.country),
    ...(provider.transfers ?? []).map((transfer) => country(transfer.country)),
  ];

  test.describe(`legal pages in a ${locale} browser`, () => {
    test.use({ locale });

    // One test per language, as each load of a page costs more than what is read from it. The
    // statement is reached by the language's own address, the imprint by the root address, which
    // follows the browser's language: the two ways a visitor arrives in that language. The site is
    // then used on the root address before the statement lists what it stored.
    test('the privacy statement and the imprint', READS_CONTENT, async ({ page }) => {
      await page.goto(`./${language}/#/privacy`);
      const article = page.getByRole('article');

      await test.step('the privacy statement keeps the three required sections in their order', async () => {
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

      await test.step('the privacy statement has all its sections, names the controller and leads home', async () => {
        // (What the sections must say is held by src/pages/privacy/privacy-texts.test.ts.)
        const region = (key: string) => article.getByRole('region', { name: t(`${key}.title`) });
        await expect(region('privacy.duty').getByRole('paragraph')).toHaveText(
          t('privacy.duty.text'),
        );
        const email = business.email;
        await expect(region('privacy.rights')).toContainText(t('privacy.rights.text', { email }));
        await expect(region('privacy.storage')).toContainText(t('privacy.storage.text'));

        // The controller's address, so the visitor knows whom to ask.
        await expect(article).toContainText(legalName);
        await expect(article).toContainText(business.email);

        await expect(page.getByRole('link', { name: t('close') })).toHaveAttribute(
          'href',
          '#/home',
        );
      });

      await test.step('the privacy statement names the host, what it logs, where the logs go and how long they stay', async () => {
        const hosting = page.getByRole('region', { name: t('privacy.hosting.title') });
        // Whichever kind of hosting the facts name (the content proof serves from a US network).
        // As the owner may set it, not as the example narrows it.
        const host = business.hosting as Business['hosting'];
        for (const name of namesOf(host)) await expect(hosting).toContainText(name);
        await expect(hosting.getByRole('listitem')).toHaveText(
          [0, 1, 2, 3, 4].map((index) => t(`privacy.hosting.items.${index}`)),
        );
        await expect(hosting).toContainText(t('privacy.hosting.purpose'));
        await expect(hosting).toContainText(
          t(paragraphs.retention.key, { days: host.accessLogRetentionDays }),
        );
        const policyLinks = hosting.getByRole('link');
        if (host.kind === 'cdn')
          await expect(policyLinks).toHaveAttribute('href', host.privacyPolicyUrl);
        else await expect(policyLinks).toHaveCount(0);
      });

      await test.step('the privacy statement names the mail provider, where e-mails go, how long they are kept and who else may get them', async () => {
        const contact = page.getByRole('region', { name: t('privacy.contact.title') });
        for (const key of ['text', 'basis', 'recipients', 'required'])
          await expect(contact).toContainText(t(`privacy.contact.${key}`));
        await expect(contact).toContainText(t(paragraphs.letters));
        for (const name of namesOf(business.mailProvider))
          await expect(contact).toContainText(name);
      });

      await test.step('the privacy statement sets the right to object apart and links the authority', async () => {
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

      await page.goto('./#/imprint');

      await test.step('the imprint names the managing director', async () => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('imprint.title'));
        const directors = facts.managingDirectors ?? facts.generalPartner?.managingDirectors ?? [];
        // The word the owner chose for the role; unset, the neutral one ("Geschäftsführung").
        const roleWord = facts.roleWord ?? 'neutral';
        const [one, many] =
          roleWord === 'masculine'
            ? (['imprint.managingDirector', 'imprint.managingDirectors'] as const)
            : roleWord === 'feminine'
              ? (['imprint.managingDirectorFemale', 'imprint.managingDirectorsFemale'] as const)
              : (['imprint.managementOne', 'imprint.managementMany'] as const);
        if (directors.length > 0)
          await expect(page.getByRole('main')).toContainText(
            t(directors.length === 1 ? one : many, {
              names: new Intl.ListFormat(language, { type: 'conjunction' }).format(directors),
            }),
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

      await test.step('the imprint names the legal entity, and its close link leads home', async () => {
        const address = article.locator('address');
        await expect(address).toContainText(legalName);
        await expect(address).toContainText(business.street);
        await expect(address).toContainText(`${business.postalCode} ${business.town}`);
        if (facts.vatId !== undefined) await expect(article).toContainText(facts.vatId);
        // Which register the form stands in, each form in each language: imprint-page.test.tsx.
        if (facts.registerCourt !== undefined && facts.registerNumber !== undefined)
          await expect(article).toContainText(`${facts.registerCourt}, ${facts.registerNumber}`);

        const image = article.locator('img');
        await expect(image).toHaveCount(1);
        await expect(image).toHaveAttribute('alt', '');
        await expect(image).toHaveAttribute('width', /^\d+$/);
        await expect(image).toHaveAttribute('height', /^\d+$/);
        await expect(image).toBeVisible();
        await expect
          .poll(() =>
            image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
          )
          .toBeGreaterThan(0);

        const close = page.getByRole('link', { name: t('close') });
        await expect(close).toHaveAttribute('href', '#/home');
        await close.click();
        await expect(page).toHaveURL(/#\/home$/);
        await expect(page.locator('#consulting').getByRole('heading', { level: 2 })).toHaveText(
          t('consulting.title'),
        );
      });

      await test.step('the privacy statement names one item per entry the site keeps in the browser, after using everything that keeps one', async () => {
        // Pause the carousel, switch the language twice, and leave a page: each keeps an entry.
        await page.locator('#intro button').click();
        // Each switch is awaited before the next click: a click on a page that is still switching
        // can be lost, and the statement would then be read in the other language.
        for (const target of ['en', 'de', language] as const) {
          await page.getByRole('link', { name: languageOptionName(target), exact: true }).click();
          await expect(page.locator('html')).toHaveAttribute('lang', target);
        }
        await page.locator('footer a[href="#/privacy"]').click();
        // Read the storage once the privacy page is shown, when leaving home has been recorded.
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('privacy.title'));
        const keys = await page.evaluate(() => [
          ...Object.keys(localStorage),
          ...Object.keys(sessionStorage),
        ]);
        // The language choice's expiry is kept beside it, and its item names it ("with the date it
        // expires"): one item for the two.
        const entries = keys.filter(
          (key) => !(key.endsWith('-expires') && keys.includes(key.slice(0, -'-expires'.length))),
        );
        expect(keys).toContain('language-expires');
        expect(entries.length).toBeGreaterThanOrEqual(3);
        const storage = article.getByRole('region', { name: t('privacy.storage.title') });
        await expect(storage.getByRole('listitem')).toHaveCount(entries.length);
      });
    });
  });
}
