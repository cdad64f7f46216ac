import { describe, expect, it } from 'vitest';
import de from '../../../public/assets/i18n/de.json';
import en from '../../../public/assets/i18n/en.json';
import type { Business } from '../../content/business-schema.ts';
import type { Language } from '../../i18n/language.ts';
import { translate } from '../../i18n/translate.ts';
import {
  CLOUDFLARE_PAGES,
  EU_MAILBOX,
  EU_SERVER,
  MICROSOFT_365,
  OWN_SERVER,
  SWISS_MAILBOX,
} from '../../test/hosting-examples.ts';
import { withCountryName } from './country-name.ts';
import { hostingParagraphs, type Paragraph } from './hosting-paragraphs.ts';

/*
 * What the privacy statement must say, by the specification (section 2 and the six months of
 * section 9) and the law (Art. 13, 21, 28, 45, 46, 77 GDPR; § 25 TDDDG; § 257 HGB, § 147 AO).
 * These are requirements on the wording,
 * not examples: the browser tests check that the page shows whatever the files say, and these hold
 * the files to the requirements, so an edit that drops one fails here, naming it.
 */
const REQUIRED = {
  de: {
    contact: [
      'E-Mail',
      'telefonisch',
      'sechs Monate ab unserem letzten Kontakt',
      'löschen sie dann',
      'Ohne Ihre Einwilligung',
      'nicht an Dritte',
      'gesetzlichen Fällen',
    ],
    recipients: [
      'Finanzamt',
      'Außenprüfung',
      'Steuerberater',
      'Rechtsansprüchen',
      'Art. 6 Abs. 1 lit. c DSGVO',
      'Art. 6 Abs. 1 lit. f DSGVO',
      'berechtigtes Interesse',
      'Verschwiegenheit',
    ],
    mail: ['{provider}', '{address}, {country}', 'Auftragsverarbeiter', 'Art. 28 DSGVO'],
    retention: ['sechs Jahre', '§ 257 HGB', '§ 147 AO', 'Art. 6 Abs. 1 lit. c DSGVO'],
    required: ['weder gesetzlich noch vertraglich verpflichtet', 'nicht antworten'],
    rights: [
      'Auskunft',
      'Berichtigung',
      'Löschung',
      'Einschränkung',
      'Datenübertragbarkeit',
      'Widerruf',
      'Widerspruch',
      'Datenschutzbehörde',
      'beschweren',
      'gewöhnlichen Aufenthalts',
      'Arbeitsplatzes',
    ],
    hosting: ['Art. 28 DSGVO', 'Art. 6 Abs. 1 lit. f DSGVO'],
    transfer: {
      none: ['Drittländer', 'nicht'],
      dpf: [
        'USA',
        'Data Privacy Framework',
        '10. Juli 2023',
        '(EU) 2023/1795',
        'Art. 45 DSGVO',
        'zertifiziert',
      ],
      adequacy: ['außerhalb der EU', '{country}', 'Angemessenheitsbeschluss', 'Art. 45 DSGVO'],
      scc: [
        'außerhalb der EU',
        '{country}',
        'Standardvertragsklauseln',
        'Art. 46 Abs. 2 lit. c DSGVO',
      ],
    },
    incident: ['Sicherheitsvorfall', 'Ermittlungsbehörden'],
    storage: ['§ 25 Abs. 2 Nr. 2 TDDDG', 'keine Einwilligung', 'unbedingt erforderlich'],
    interest: [
      'Rechtsgrundlage',
      'Art. 6 Abs. 1 lit. f DSGVO',
      'berechtigtes Interesse',
      'widersprechen',
    ],
    objection: ['Einträge in Ihrem Browser', 'Server-Logdateien', 'Weitergaben'],
    expiry: [
      'Ablaufdatum',
      'zwölf Monate ab Ihrer letzten Wahl',
      'löscht die Website ihn',
      'Umschalter',
      'Einstellung Ihres Browsers',
      'nichts wird gespeichert',
    ],
  },
  en: {
    contact: [
      'e-mail',
      'phone',
      'six months from our last contact',
      'then delete them',
      'without your consent',
      'to third parties',
      'required or permitted by law',
    ],
    recipients: [
      'tax office',
      'tax audit',
      'tax adviser',
      'legal claims',
      'Art. 6(1)(c) GDPR',
      'Art. 6(1)(f) GDPR',
      'legitimate interest',
      'professional secrecy',
    ],
    mail: ['{provider}', '{address}, {country}', 'processor', 'Art. 28 GDPR'],
    retention: ['six years', '§ 257 HGB', '§ 147 AO', 'Art. 6(1)(c) GDPR'],
    required: ['no legal or contractual obligation', 'cannot reply'],
    rights: [
      'access',
      'rectification',
      'erasure',
      'restriction',
      'portability',
      'withdrawal',
      'objection',
      'data protection authority',
      'complain',
      'habitual residence',
      'place of work',
    ],
    hosting: ['Art. 28 GDPR', 'Art. 6(1)(f) GDPR'],
    transfer: {
      none: ['third countries', 'do not'],
      dpf: [
        'USA',
        'Data Privacy Framework',
        '10 July 2023',
        '(EU) 2023/1795',
        'Art. 45 GDPR',
        'certified',
      ],
      adequacy: ['outside the EU', '{country}', 'adequacy decision', 'Art. 45 GDPR'],
      scc: ['outside the EU', '{country}', 'standard contractual clauses', 'Art. 46(2)(c) GDPR'],
    },
    incident: ['security incident', 'law enforcement'],
    storage: ['§ 25(2) no. 2 TDDDG', 'no consent', 'strictly necessary'],
    interest: ['legal basis', 'Art. 6(1)(f) GDPR', 'legitimate interest', 'object'],
    objection: ['entries in your browser', 'server log files', 'disclosures'],
    expiry: [
      'the date it expires',
      'twelve months from your last choice',
      'the website deletes it',
      'switch',
      "browser's language setting",
      'nothing is stored',
    ],
  },
} as const;

describe.each([
  ['de', de],
  ['en', en],
] as const)('the privacy statement in %s.json', (language, { privacy }) => {
  const required = REQUIRED[language];

  it('keeps enquiries six months from the last contact and passes them on only with consent or by law', () => {
    for (const words of required.contact) expect(privacy.contact.text).toContain(words);
  });

  it("names the law's exceptions to that promise and who receives the data then", () => {
    for (const words of required.recipients) expect(privacy.contact.recipients).toContain(words);
  });

  it('names the mail provider as the processor that receives every e-mail', () => {
    for (const words of required.mail) expect(privacy.contact.mail).toContain(words);
  });

  it('keeps business e-mails the six years the law asks, on the legal duty as basis', () => {
    for (const words of required.retention) expect(privacy.contact.retention).toContain(words);
  });

  it('says that no one must give data, and what follows if they do not (Art. 13(2)(e))', () => {
    for (const words of required.required) expect(privacy.contact.required).toContain(words);
  });

  it("names every right of the visitor's and the complaint to an authority where they live or work", () => {
    for (const words of required.rights)
      expect(`${privacy.rights.text} ${privacy.rights.complaint}`).toContain(words);
  });

  it('names the host as processor and the legal basis of the server logs', () => {
    for (const words of required.hosting)
      expect(`${privacy.hosting.processor} ${privacy.hosting.purpose}`).toContain(words);
    for (const kind of ['server', 'cdn'] as const) {
      expect(privacy.hosting[kind]).toContain('{host}');
      expect(privacy.hosting[kind]).toContain('{address}, {country}');
    }
    expect(privacy.hosting.ownServer).toContain('{country}');
  });

  it.each(['none', 'dpf', 'adequacy', 'scc'] as const)(
    'says whether the logs leave the EU, and on what ground: %s',
    (transfer) => {
      for (const words of required.transfer[transfer])
        expect(privacy.transfer[transfer]).toContain(words);
    },
  );

  it('keeps log entries longer only for a security incident, which may go to the police', () => {
    for (const words of required.incident) expect(privacy.hosting.incident).toContain(words);
  });

  it('calls § 25 TDDDG what it is: no need of consent, not a legal basis', () => {
    for (const words of required.storage) expect(privacy.storage.basis).toContain(words);
    expect(privacy.storage.basis).not.toMatch(/Rechtsgrundlage|legal basis/);
  });

  it('names the legal basis of the entries in the browser and ties it to the objection', () => {
    for (const words of required.interest) expect(privacy.storage.interest).toContain(words);
    for (const words of required.objection) expect(privacy.objection.text).toContain(words);
  });

  it('says the language choice expires after twelve months, and where it is made', () => {
    for (const words of required.expiry) expect(privacy.storage.language).toContain(words);
    expect(privacy.storage.language).toContain('localStorage');
  });

  it('sets the right to object (Art. 21) apart, under a heading of its own', () => {
    expect(privacy.objection.title).toContain('21');
    expect(privacy.rights.text).not.toContain(privacy.objection.text);
  });

  it('names what the site keeps in the browser, and where', () => {
    const storage = Object.values(privacy.storage).join(' ');
    expect(storage).toContain('localStorage');
    expect(storage).toContain('sessionStorage');
  });
});

/** The hosting and contact paragraphs as the page shows them for `facts`, in `language`. */
function statement(facts: Pick<Business, 'hosting' | 'mailProvider'>, language: Language) {
  const dictionary = language === 'de' ? de : en;
  const { privacy } = dictionary;
  const paragraphs = hostingParagraphs(facts);
  const show = ({ key, params }: Paragraph) =>
    translate([dictionary], key, withCountryName(params, language));
  return {
    hosting: [
      show(paragraphs.provider),
      paragraphs.processor ? privacy.hosting.processor : '',
      show(paragraphs.transfer),
      show(paragraphs.retention),
      paragraphs.incident ? privacy.hosting.incident : '',
    ].join(' '),
    mail: `${show(paragraphs.mail)} ${show(paragraphs.mailTransfer)}`,
  };
}

const dictionaries = { de, en } as const;

describe.each(['de', 'en'] as const)(
  'the statement in %s for each host and mailbox',
  (language) => {
    const { privacy } = dictionaries[language];
    const german = language === 'de';

    it('on a rented server in the EU: the host as processor, the EU, its days, the incident', () => {
      const { hosting } = statement({ hosting: EU_SERVER, mailProvider: EU_MAILBOX }, language);
      expect(hosting).toContain(`${EU_SERVER.address}, ${german ? 'Deutschland' : 'Germany'}.`);
      expect(hosting).toContain(privacy.hosting.processor);
      expect(hosting).toContain(privacy.transfer.none);
      expect(hosting).toContain(german ? 'nach 14 Tagen gelöscht' : 'deleted after 14 days');
      expect(hosting).toContain(privacy.hosting.incident);
    });

    it('on a server we run ourselves: no processor, where it stands, the EU, the incident', () => {
      const { hosting } = statement({ hosting: OWN_SERVER, mailProvider: EU_MAILBOX }, language);
      expect(hosting).toContain(
        german
          ? 'selbst betreiben (Standort: Österreich)'
          : 'operate ourselves (location: Austria)',
      );
      expect(hosting).not.toContain(privacy.hosting.processor);
      expect(hosting).not.toMatch(/Auftragsverarbeiter|processor/);
      expect(hosting).toContain(privacy.transfer.none);
      expect(hosting).toContain(german ? 'nach 7 Tagen gelöscht' : 'deleted after 7 days');
      expect(hosting).toContain(privacy.hosting.incident);
    });

    it('on a US network: its country, the DPF, the days of its contract, and no incident of ours', () => {
      const { hosting } = statement(
        { hosting: CLOUDFLARE_PAGES, mailProvider: EU_MAILBOX },
        language,
      );
      expect(hosting).toContain(
        `${CLOUDFLARE_PAGES.address}, ${german ? 'Vereinigte Staaten' : 'United States'}`,
      );
      expect(hosting).toContain(privacy.hosting.processor);
      expect(hosting).toContain(privacy.transfer.dpf);
      expect(hosting).not.toContain(privacy.transfer.none);
      expect(hosting).toContain(german ? 'nach 30 Tagen gelöscht' : 'deleted after 30 days');
      // A processor keeps the logs as the contract says; we never hold them, so we keep none longer.
      expect(hosting).not.toContain(privacy.hosting.incident);
      expect(JSON.stringify(privacy.hosting)).not.toMatch(
        /legt er .* fest|decides|how long the provider/,
      );
    });

    it('with a Swiss mailbox: its country in this language and the adequacy decision', () => {
      const { mail } = statement({ hosting: EU_SERVER, mailProvider: SWISS_MAILBOX }, language);
      expect(mail).toContain(`${SWISS_MAILBOX.address}, ${german ? 'Schweiz' : 'Switzerland'},`);
      expect(mail).toContain(
        german ? 'außerhalb der EU und des EWR' : 'outside the EU and the EEA',
      );
      expect(mail).toContain(german ? 'werden: Schweiz.' : 'EEA: Switzerland.');
      expect(mail).toContain(german ? 'Angemessenheitsbeschluss' : 'adequacy decision');
      expect(mail).not.toContain(privacy.transfer.none);
    });

    it('with Microsoft 365 through Ireland: the seat in Ireland, the transfer to the USA', () => {
      const { mail } = statement({ hosting: EU_SERVER, mailProvider: MICROSOFT_365 }, language);
      expect(mail).toContain(`${MICROSOFT_365.address}, ${german ? 'Irland' : 'Ireland'},`);
      expect(mail).toContain(privacy.transfer.dpf);
      expect(mail).not.toContain(privacy.transfer.none);
    });

    it('with a mailbox in the EU: no transfer', () => {
      const { mail } = statement({ hosting: EU_SERVER, mailProvider: EU_MAILBOX }, language);
      expect(mail).toContain(privacy.transfer.none);
    });

    it("names no country in the other page's language", () => {
      const all = Object.values(
        statement({ hosting: EU_SERVER, mailProvider: EU_MAILBOX }, language),
      ).join(' ');
      expect(all).not.toContain(german ? 'Germany' : 'Deutschland');
    });
  },
);
