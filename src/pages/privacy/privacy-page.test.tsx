import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import de from '../../../public/assets/i18n/de.json';
import en from '../../../public/assets/i18n/en.json';
import type { Business } from '../../content/business-schema.ts';
import { createDictionaryLoader } from '../../i18n/dictionaries.ts';
import { I18nProvider } from '../../i18n/i18n-provider.tsx';
import type { Language } from '../../i18n/language.ts';
import { createStaticHistory } from '../../router/hash-history.ts';
import { RouterProvider } from '../../router/router.tsx';
import {
  CLOUDFLARE_PAGES,
  EU_MAILBOX,
  EU_SERVER,
  GOOGLE_WORKSPACE,
  OWN_SERVER,
  SWISS_MAILBOX_TO_INDIA,
  SWISS_MAILBOX_TO_US,
  SWISS_MAILBOX_TO_US_DPF,
} from '../../test/hosting-examples.ts';
import { GMBH_CO_KG, SOLE_TRADER } from '../../test/legal-form-examples.ts';
import { hostingParagraphs } from './hosting-paragraphs.ts';
import { PrivacyPage } from './privacy-page.tsx';

type Facts = Pick<Business, 'hosting' | 'mailProvider'>;

const CF = CLOUDFLARE_PAGES.name;

/*
 * The statement as the page renders it for each set-up the owner may have, read in both languages.
 * The expected sentences are written out here, from the translation files, so that a statement
 * that drops a transfer, its ground or a country's name fails, whatever the code makes of the facts.
 */
const EXPECTED = {
  de: {
    country: {
      AT: 'Österreich',
      CH: 'Schweiz',
      DE: 'Deutschland',
      GB: 'Vereinigtes Königreich',
      IE: 'Irland',
      IN: 'Indien',
      SG: 'Singapur',
      US: 'Vereinigte Staaten',
    },
    /** Other names of the same countries, which the page must not use beside the one above. */
    otherNames: /\bUSA\b|Vereinigten Staaten|Großbritannien|\bUK\b|Germany|Switzerland/,
    seat: (provider: string, country: string) =>
      `Der Sitz von ${provider} liegt in einem Drittland außerhalb der EU und des EWR; die Daten werden also dorthin übermittelt: ${country}.`,
    onward: (provider: string, country: string, also: boolean) =>
      `${provider} übermittelt die Daten ${also ? 'außerdem ' : ''}in ein Drittland außerhalb der EU und des EWR: ${country}.`,
    ground: {
      'eu-us-data-privacy-framework':
        'Grundlage dieser Übermittlung ist der Angemessenheitsbeschluss der Europäischen Kommission zum EU-US Data Privacy Framework vom 10. Juli 2023',
      'swiss-us-data-privacy-framework':
        'Diese Übermittlung durch den Anbieter in der Schweiz unterliegt schweizerischem Recht; ihre Grundlage ist das Swiss-U.S. Data Privacy Framework',
      'adequacy-decision':
        'Grundlage dieser Übermittlung ist der Angemessenheitsbeschluss der Europäischen Kommission für dieses Land (Art. 45 DSGVO).',
      'standard-contractual-clauses':
        'Grundlage dieser Übermittlung sind Standardvertragsklauseln der Europäischen Kommission (Art. 46 Abs. 2 lit. c DSGVO)',
    },
    swissGround: {
      'adequacy-decision':
        'Diese Übermittlung durch den Anbieter in der Schweiz unterliegt schweizerischem Recht; ihre Grundlage ist die Feststellung des Schweizer Bundesrates, dass dieses Land einen angemessenen Datenschutz gewährleistet (Art. 16 Abs. 1 DSG, Anhang 1 DSV).',
      'standard-contractual-clauses':
        'Diese Übermittlung durch den Anbieter in der Schweiz unterliegt schweizerischem Recht; ihre Grundlage sind Standarddatenschutzklauseln, die der Anbieter mit dem Empfänger vereinbart hat und die der Eidgenössische Datenschutz- und Öffentlichkeitsbeauftragte anerkannt hat (Art. 16 Abs. 2 Bst. d DSG).',
    },
    edges: (provider: string) =>
      `Das Netz von ${provider} hat Server auch in Drittländern außerhalb der EU und des EWR;`,
    none: 'in Drittländer übermitteln wir sie nicht',
    noneLogs: 'Die Protokolldaten werden in der Europäischen Union',
    noneMail: 'Ihre E-Mails werden in der Europäischen Union',
    days: (days: number) => `Die Protokolldateien werden nach ${days} Tagen gelöscht.`,
    oneDay: 'Die Protokolldateien werden nach 1 Tag gelöscht.',
    cdnDays: (days: number) =>
      `Soweit der Anbieter die Protokolldaten in unserem Auftrag verarbeitet, löscht er sie nach ${days} Tagen; wie lange er sie zu eigenen Zwecken speichert, steht in seiner Datenschutzerklärung.`,
    solely: 'ausschließlich',
    incident:
      'Länger bleibt ein Eintrag nur gespeichert, wenn er zur Aufklärung eines konkreten Sicherheitsvorfalls nötig ist',
    processor:
      'Der Anbieter verarbeitet die unten genannten Daten ausschließlich in unserem Auftrag',
    asFarAs:
      'Soweit der Anbieter die unten genannten Daten in unserem Auftrag verarbeitet, ist er unser Auftragsverarbeiter (Art. 28 DSGVO)',
    ownServer: 'auf einem eigenen Server, den wir selbst betreiben (Standort: Österreich)',
    anyProcessor: /Auftragsverarbeiter|in unserem Auftrag und/,
    letters:
      'gerechnet ab dem Ende des Kalenderjahres, in dem wir sie empfangen oder abgesandt haben',
    disclosures: 'Weitergabe an Dritte: Ohne Ihre Einwilligung',
    addresses:
      'Auf den Adressen der einzelnen Sprachen (sie enden auf /de/ oder /en/) entscheidet dagegen die Adresse.',
    officer: 'Datenschutzbeauftragte/r (Art. 13 Abs. 1 lit. b DSGVO): Dr. Dana Schutz',
    objectionCdn:
      'Das gilt auch dafür, dass Ihre Verbindungsdaten an den Anbieter des Content Delivery Networks zu dessen eigenen Zwecken gelangen',
  },
  en: {
    country: {
      AT: 'Austria',
      CH: 'Switzerland',
      DE: 'Germany',
      GB: 'United Kingdom',
      IE: 'Ireland',
      IN: 'India',
      SG: 'Singapore',
      US: 'United States',
    },
    otherNames: /\bUSA\b|\bU\.S\.|Great Britain|\bUK\b|Deutschland|Schweiz/,
    seat: (provider: string, country: string) =>
      `${provider} is established in a third country outside the EU and the EEA, so the data are transferred there: ${country}.`,
    onward: (provider: string, country: string, also: boolean) =>
      `${provider} ${also ? 'also ' : ''}transfers the data to a third country outside the EU and the EEA: ${country}.`,
    ground: {
      'eu-us-data-privacy-framework':
        "This transfer is based on the European Commission's adequacy decision of 10 July 2023 on the EU-US Data Privacy Framework",
      'swiss-us-data-privacy-framework':
        'This transfer by the provider in Switzerland is governed by Swiss law; it is based on the Swiss-U.S. Data Privacy Framework',
      'adequacy-decision':
        "This transfer is based on the European Commission's adequacy decision for that country (Art. 45 GDPR).",
      'standard-contractual-clauses':
        "This transfer is based on the European Commission's standard contractual clauses (Art. 46(2)(c) GDPR)",
    },
    swissGround: {
      'adequacy-decision':
        "This transfer by the provider in Switzerland is governed by Swiss law; it is based on the Swiss Federal Council's finding that this country ensures adequate data protection (Art. 16(1) FADP, Annex 1 DPO).",
      'standard-contractual-clauses':
        'This transfer by the provider in Switzerland is governed by Swiss law; it is based on standard data protection clauses that the provider has agreed with the recipient and that the Swiss Federal Data Protection and Information Commissioner has recognised (Art. 16(2)(d) FADP).',
    },
    edges: (provider: string) =>
      `The network of ${provider} has servers in third countries outside the EU and the EEA too;`,
    none: 'we do not transfer them to third countries',
    noneLogs: 'The log data are processed in the European Union',
    noneMail: 'Your e-mails are processed in the European Union',
    days: (days: number) => `The log files are deleted after ${days} days.`,
    oneDay: 'The log files are deleted after 1 day.',
    cdnDays: (days: number) =>
      `As far as the provider processes the log data on our behalf, it deletes them after ${days} days; how long it keeps them for its own purposes is set out in its privacy policy.`,
    solely: 'solely',
    incident:
      'An entry is kept longer only when it is needed to investigate a specific security incident',
    processor: 'The provider processes the data listed below solely on our behalf',
    asFarAs:
      'As far as the provider processes the data listed below on our behalf, it is our processor (Art. 28 GDPR)',
    ownServer: 'on a server of our own that we operate ourselves (location: Austria)',
    anyProcessor: /processor|on our behalf and/,
    letters: 'counted from the end of the calendar year in which we received or sent them',
    disclosures: 'Disclosure to third parties: without your consent',
    addresses:
      'On the addresses of the single languages (they end in /de/ or /en/), the address decides instead.',
    officer: 'Data protection officer (Art. 13(1)(b) GDPR): Dr. Dana Schutz',
    objectionCdn:
      'This includes passing your connection data to the provider of the content delivery network for its own purposes',
  },
} as const;

const files: Record<string, unknown> = {
  './assets/i18n/de.json': de,
  './assets/i18n/en.json': en,
};

const region = (title: string) => screen.getByRole('region', { name: title });

/** The privacy page rendered for `facts` in `language`, read by its sections. */
async function statement(facts: Facts, language: Language, controller?: Business) {
  const loader = createDictionaryLoader(async (url) => files[url]);
  await act(async () => {
    render(
      <Suspense fallback={null}>
        <RouterProvider history={createStaticHistory('#/privacy')}>
          <I18nProvider loader={loader} address={language}>
            <PrivacyPage
              hosting={hostingParagraphs({ legalForm: controller?.legalForm ?? 'GmbH', ...facts })}
              {...(controller ? { facts: controller } : {})}
            />
          </I18nProvider>
        </RouterProvider>
      </Suspense>,
    );
  });
  const { privacy } = language === 'de' ? de : en;
  const contact = region(privacy.contact.title);
  return {
    hosting: region(privacy.hosting.title).textContent ?? '',
    contact: contact.textContent ?? '',
    storage: region(privacy.storage.title).textContent ?? '',
    contactParagraphs: [...contact.querySelectorAll('p')].map((p) => p.textContent ?? ''),
    controller: region(privacy.controller.title).textContent ?? '',
    objection: region(privacy.objection.title).textContent ?? '',
    all: screen.getByRole('article').textContent ?? '',
  };
}

type Transfer = {
  provider: string;
  country: keyof (typeof EXPECTED)['de']['country'];
  safeguard: Safeguard;
  /** Whether a country was named before: "also". */
  also?: boolean;
};
type Safeguard = keyof (typeof EXPECTED)['de']['ground'];

describe.each(['de', 'en'] as const)('the privacy statement rendered in %s', (language) => {
  const expected = EXPECTED[language];
  const name = (code: Transfer['country']) => expected.country[code];
  /** The sentence naming a country, followed at once by its ground. */
  const seat = ({ provider, country, safeguard }: Transfer) =>
    `${expected.seat(provider, name(country))} ${expected.ground[safeguard]}`;
  const onward = ({ provider, country, safeguard, also = true }: Transfer) =>
    `${expected.onward(provider, name(country), also)} ${expected.ground[safeguard]}`;

  it('on the shipped rented server in Germany: the host as processor, no transfer, its days', async () => {
    const page = await statement({ hosting: EU_SERVER, mailProvider: EU_MAILBOX }, language);
    expect(page.hosting).toContain(`${EU_SERVER.address}, ${name('DE')}.`);
    expect(page.hosting).toContain(expected.processor);
    expect(page.hosting).toContain(expected.none);
    // Only the logs are meant: the e-mails have their own sentence, which may name a transfer.
    expect(page.hosting).toContain(expected.noneLogs);
    expect(page.hosting).toContain(expected.days(14));
    expect(page.hosting).toContain(expected.incident);
    expect(page.contact).toContain(expected.noneMail);
    expect(page.objection).not.toContain(expected.objectionCdn);
    expect(page.all).not.toMatch(expected.otherNames);
  });

  it('after one day: the singular', async () => {
    const hosting = { ...EU_SERVER, accessLogRetentionDays: 1 };
    const page = await statement({ hosting, mailProvider: EU_MAILBOX }, language);
    expect(page.hosting).toContain(expected.oneDay);
    expect(page.hosting).not.toMatch(/1 (Tagen|days)/);
  });

  it('on a server of our own: no processor, where it stands, no transfer', async () => {
    const page = await statement({ hosting: OWN_SERVER, mailProvider: EU_MAILBOX }, language);
    expect(page.hosting).toContain(expected.ownServer);
    expect(page.hosting).not.toMatch(expected.anyProcessor);
    expect(page.hosting).toContain(expected.none);
    expect(page.hosting).toContain(expected.days(7));
    expect(page.hosting).toContain(expected.incident);
  });

  it('on Cloudflare Pages: a processor as far as it acts for us, the seat and every further country with its ground', async () => {
    const page = await statement({ hosting: CLOUDFLARE_PAGES, mailProvider: EU_MAILBOX }, language);
    expect(page.hosting).toContain(`${CLOUDFLARE_PAGES.address}, ${name('US')}`);
    expect(page.hosting).toContain(expected.asFarAs);
    expect(page.hosting).not.toContain(expected.solely);
    expect(page.hosting).toContain(
      seat({ provider: CF, country: 'US', safeguard: 'eu-us-data-privacy-framework' }),
    );
    expect(page.hosting).toContain(
      onward({ provider: CF, country: 'GB', safeguard: 'adequacy-decision' }),
    );
    expect(page.hosting).toContain(
      onward({ provider: CF, country: 'SG', safeguard: 'standard-contractual-clauses' }),
    );
    expect(page.hosting).not.toContain(expected.none);
    expect(page.hosting).toContain(expected.cdnDays(30));
    expect(page.hosting).not.toContain(expected.days(30));
    // Its own ends have their own ground, and the visitor may object to them (Art. 21(4) GDPR).
    expect(page.objection).toContain(expected.objectionCdn);
    // We never hold a network's logs, so we keep none of them longer.
    expect(page.hosting).not.toContain(expected.incident);
    expect(page.all).not.toMatch(expected.otherNames);
  });

  it('with Google Workspace through Ireland: the seat in Ireland, each further country with its ground', async () => {
    const page = await statement({ hosting: EU_SERVER, mailProvider: GOOGLE_WORKSPACE }, language);
    expect(page.contact).toContain(`${GOOGLE_WORKSPACE.address}, ${name('IE')},`);
    expect(page.contact).toContain(
      onward({
        provider: GOOGLE_WORKSPACE.name,
        country: 'US',
        safeguard: 'eu-us-data-privacy-framework',
        also: false,
      }),
    );
    expect(page.contact).toContain(
      onward({
        provider: GOOGLE_WORKSPACE.name,
        country: 'IN',
        safeguard: 'standard-contractual-clauses',
      }),
    );
    // Ireland is in the EU: no transfer to the seat is claimed.
    expect(page.contact).not.toContain(expected.seat(GOOGLE_WORKSPACE.name, name('IE')));
    expect(page.all).not.toMatch(expected.otherNames);
  });

  it('with a Swiss mailbox that passes data on to the US: both transfers, each with its ground', async () => {
    const page = await statement(
      { hosting: EU_SERVER, mailProvider: SWISS_MAILBOX_TO_US },
      language,
    );
    expect(page.contact).toContain(`${SWISS_MAILBOX_TO_US.address}, ${name('CH')},`);
    const provider = SWISS_MAILBOX_TO_US.name;
    expect(page.contact).toContain(
      seat({ provider, country: 'CH', safeguard: 'adequacy-decision' }),
    );
    expect(page.contact).toContain(
      `${expected.onward(provider, name('US'), true)} ${expected.swissGround['standard-contractual-clauses']}`,
    );
    // Swiss law governs it: no clauses of the Commission, no copy from us.
    expect(page.contact).not.toContain(expected.ground['standard-contractual-clauses']);
    expect(page.contact).not.toContain(expected.none);
  });

  it('with a Swiss mailbox passing data to India: the Swiss grounds alone for that transfer', async () => {
    const page = await statement(
      { hosting: EU_SERVER, mailProvider: SWISS_MAILBOX_TO_INDIA },
      language,
    );
    const provider = SWISS_MAILBOX_TO_INDIA.name;
    expect(page.contact).toContain(
      `${expected.onward(provider, name('IN'), true)} ${expected.swissGround['standard-contractual-clauses']}`,
    );
    expect(page.contact).not.toContain(expected.ground['standard-contractual-clauses']);
    expect(page.all).not.toMatch(expected.otherNames);
  });

  it('with a Swiss mailbox passing data to a certified US recipient: Swiss law, the Swiss-US framework', async () => {
    const page = await statement(
      { hosting: EU_SERVER, mailProvider: SWISS_MAILBOX_TO_US_DPF },
      language,
    );
    const provider = SWISS_MAILBOX_TO_US_DPF.name;
    expect(page.contact).toContain(
      onward({ provider, country: 'US', safeguard: 'swiss-us-data-privacy-framework' }),
    );
    // The EU's decision on the US does not reach a transfer from Switzerland.
    expect(page.contact).not.toContain('2023/1795');
  });

  it('dates the statement day before month, in the words of its language', async () => {
    const page = await statement({ hosting: EU_SERVER, mailProvider: EU_MAILBOX }, language, {
      ...GMBH_CO_KG,
      privacyUpdated: '2026-11-25',
    });
    expect(page.all).toContain(language === 'de' ? '25. November 2026' : '25 November 2026');
  });

  it('counts letters received or sent, gives disclosures their own lead-in and says where the address decides the language', async () => {
    const page = await statement({ hosting: EU_SERVER, mailProvider: EU_MAILBOX }, language);
    expect(page.contact).toContain(expected.letters);
    expect(
      page.contactParagraphs.filter((text) => text.startsWith(expected.disclosures)),
    ).toHaveLength(1);
    expect(page.storage).toContain(expected.addresses);
  });

  // Art. 13(1)(a) GDPR: "the identity and the contact details of the controller"; (b): "the
  // contact details of the data protection officer, where applicable".
  it('names the controller as the imprint does: a sole trader by full name, a KG by its firm', async () => {
    const shop = { hosting: EU_SERVER, mailProvider: EU_MAILBOX };
    const sole = await statement(shop, language, SOLE_TRADER);
    expect(sole.controller).toContain('Max MustermannMuster IT');
    expect(sole.controller).not.toContain('Einzelunternehmen');
  });

  it('names the KG with its legal form and, where there is one, the data protection officer', async () => {
    const shop = { hosting: EU_SERVER, mailProvider: EU_MAILBOX };
    const officer = { name: 'Dr. Dana Schutz', email: 'dsb@example.com', phone: '+49 30 7654321' };
    const kg = await statement(shop, language, { ...GMBH_CO_KG, dataProtectionOfficer: officer });
    expect(kg.controller).toContain('Muster IT GmbH & Co. KG');
    expect(kg.controller).toContain(expected.officer);
    for (const value of Object.values(officer)) expect(kg.controller).toContain(value);
    cleanup();
    const without = await statement(shop, language, GMBH_CO_KG);
    expect(without.controller).not.toContain(expected.officer);
  });
});
