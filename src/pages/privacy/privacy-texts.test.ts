import { describe, expect, it } from 'vitest';
import de from '../../../public/assets/i18n/de.json';
import en from '../../../public/assets/i18n/en.json';

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
      'Weitergabe an Dritte:',
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
    retention: [
      // § 147(3) AO: six years, and not before the assessment period has run out.
      'mindestens sechs Jahre',
      '§ 257 HGB',
      '§ 147 Abs. 3 AO',
      'Art. 6 Abs. 1 lit. c DSGVO',
      'empfangen oder abgesandt',
    ],
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
    cdnProcessor: [
      'Soweit',
      'in unserem Auftrag',
      'Art. 28 DSGVO',
      'eigenen Zwecken',
      'selbst Verantwortlicher',
      'Art. 6 Abs. 1 lit. f DSGVO',
    ],
    solely: 'ausschließlich',
    transfer: {
      noneLogs: ['Die Protokolldaten', 'Drittländer', 'nicht'],
      noneMail: ['Ihre E-Mails', 'Drittländer', 'nicht'],
      seat: ['{provider}', 'Sitz', 'außerhalb der EU und des EWR', '{country}'],
      onward: ['{provider} übermittelt', 'außerhalb der EU und des EWR', '{country}'],
      onwardAlso: ['{provider} übermittelt', 'außerdem', '{country}'],
      dpf: [
        'Data Privacy Framework',
        '10. Juli 2023',
        '(EU) 2023/1795',
        'Art. 45 DSGVO',
        'zertifiziert',
      ],
      adequacy: ['Angemessenheitsbeschluss', 'Art. 45 DSGVO'],
      // Art. 16(1) DSG: the Federal Council decides; Annex 1 DSV lists the US since 15 September 2024.
      swissDpf: [
        'schweizerischem Recht',
        'Swiss-U.S. Data Privacy Framework',
        'zertifiziert',
        '15. September 2024',
        'Art. 16 Abs. 1 DSG',
        'Anhang 1 DSV',
      ],
      scc: ['Standardvertragsklauseln', 'Art. 46 Abs. 2 lit. c DSGVO'],
    },
    incident: ['Sicherheitsvorfall', 'Ermittlungsbehörden', 'Art. 6 Abs. 1 lit. f DSGVO'],
    // § 25(2) no. 2 TDDDG: a service the user has expressly asked for.
    storage: [
      '§ 25 Abs. 2 Nr. 2 TDDDG',
      'keine Einwilligung',
      'unbedingt erforderlich',
      'ausdrücklich anfordern',
    ],
    scroll: ['jedes Mal, wenn Sie die Seite verlassen', 'die Sie selbst auslösen'],
    objectionCdn: ['Content Delivery Network', 'eigenen Zwecken'],
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
      '/de/',
      '/en/',
      'entscheidet dagegen die Adresse',
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
      'Disclosure to third parties:',
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
    retention: [
      'at least six years',
      '§ 257 HGB',
      '§ 147(3) AO',
      'Art. 6(1)(c) GDPR',
      'received or sent',
    ],
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
    cdnProcessor: [
      'As far as',
      'on our behalf',
      'Art. 28 GDPR',
      'its own purposes',
      'a controller itself',
      'Art. 6(1)(f) GDPR',
    ],
    solely: 'solely',
    transfer: {
      noneLogs: ['The log data', 'third countries', 'do not'],
      noneMail: ['Your e-mails', 'third countries', 'do not'],
      seat: ['{provider}', 'established', 'outside the EU and the EEA', '{country}'],
      onward: ['{provider} transfers', 'outside the EU and the EEA', '{country}'],
      onwardAlso: ['{provider} also transfers', '{country}'],
      dpf: [
        'Data Privacy Framework',
        '10 July 2023',
        '(EU) 2023/1795',
        'Art. 45 GDPR',
        'certified',
      ],
      adequacy: ['adequacy decision', 'Art. 45 GDPR'],
      swissDpf: [
        'Swiss law',
        'Swiss-U.S. Data Privacy Framework',
        'certified',
        '15 September 2024',
        'Art. 16(1) FADP',
        'Annex 1 DPO',
      ],
      scc: ['standard contractual clauses', 'Art. 46(2)(c) GDPR'],
    },
    incident: ['security incident', 'law enforcement', 'Art. 6(1)(f) GDPR'],
    storage: ['§ 25(2) no. 2 TDDDG', 'no consent', 'strictly necessary', 'expressly ask for'],
    scroll: ['each time you leave the page', 'which you trigger yourself'],
    objectionCdn: ['content delivery network', 'its own purposes'],
    interest: ['legal basis', 'Art. 6(1)(f) GDPR', 'legitimate interest', 'object'],
    objection: ['entries in your browser', 'server log files', 'disclosures'],
    expiry: [
      'the date it expires',
      'twelve months from your last choice',
      'the website deletes it',
      'switch',
      "browser's language setting",
      'nothing is stored',
      '/de/',
      '/en/',
      'the address decides instead',
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

  it('keeps the letters of a business that is no merchant under tax law alone (§ 147 AO, not § 257 HGB)', () => {
    const { retention, retentionTax } = privacy.contact;
    expect(retention).toContain('§ 257 HGB');
    expect(retentionTax).not.toContain('HGB');
    for (const words of required.retention.filter((each) => each !== '§ 257 HGB'))
      expect(retentionTax).toContain(words);
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

  it('names a CDN our processor only as far as it acts for us, and leaves its own ends to its policy', () => {
    for (const words of required.cdnProcessor)
      expect(privacy.hosting.cdnProcessor).toContain(words);
    expect(privacy.hosting.cdnProcessor).not.toContain(required.solely);
    // A processor keeps the logs as the contract says: the provider does not decide how long.
    expect(JSON.stringify(privacy.hosting)).not.toMatch(
      /legt er .* fest|decides|how long the provider/,
    );
  });

  it('counts the days of the logs in the singular and the plural', () => {
    expect(privacy.hosting.retentionOneDay).toContain('{days}');
    expect(privacy.hosting.retention).toContain('{days}');
    expect(privacy.hosting.retentionOneDay).not.toBe(privacy.hosting.retention);
  });

  it.each([
    'noneLogs',
    'noneMail',
    'seat',
    'onward',
    'onwardAlso',
    'dpf',
    'swissDpf',
    'adequacy',
    'scc',
  ] as const)('says whether the logs leave the EU, where to and on what ground: %s', (transfer) => {
    for (const words of required.transfer[transfer])
      expect(privacy.transfer[transfer]).toContain(words);
  });

  it('writes the scroll positions on each page left, for the Back and Reload the visitor triggers', () => {
    for (const words of required.scroll) expect(privacy.storage.scroll).toContain(words);
  });

  it("names a CDN's own ends in the objection section", () => {
    for (const words of required.objectionCdn) expect(privacy.objection.cdn).toContain(words);
  });

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
