import { describe, expect, it } from 'vitest';
import de from '../../../public/assets/i18n/de.json';
import en from '../../../public/assets/i18n/en.json';

/*
 * What the privacy statement must say, by the specification (section 2 and the six months of
 * section 9) and the law (Art. 13, 21, 28, 45, 46, 77 GDPR; § 25 TDDDG; § 257 HGB, § 147 AO). These are requirements on the wording,
 * not examples: the browser tests check that the page shows whatever the files say, and these hold
 * the files to the requirements, so an edit that drops one fails here, naming it.
 */
const REQUIRED = {
  de: {
    contact: ['E-Mail', 'telefonisch', 'sechs Monate', 'Ohne Ihre Einwilligung', 'nicht an Dritte'],
    mail: ['{provider}', '{address}', 'Auftragsverarbeiter', 'Art. 28 DSGVO'],
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
      dpf: ['USA', 'Data Privacy Framework', '10. Juli 2023', 'Art. 45 DSGVO'],
      adequacy: ['außerhalb der EU', 'Angemessenheitsbeschluss', 'Art. 45 DSGVO'],
      scc: ['außerhalb der EU', 'Standardvertragsklauseln', 'Art. 46 Abs. 2 lit. c DSGVO'],
    },
    incident: ['Sicherheitsvorfall', 'Ermittlungsbehörden'],
    storage: ['§ 25 Abs. 2 Nr. 2 TDDDG', 'keine Einwilligung', 'unbedingt erforderlich'],
    expiry: ['läuft nicht ab', 'Umschalter'],
  },
  en: {
    contact: ['e-mail', 'phone', 'six months', 'without your consent', 'to third parties'],
    mail: ['{provider}', '{address}', 'processor', 'Art. 28 GDPR'],
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
      dpf: ['USA', 'Data Privacy Framework', '10 July 2023', 'Art. 45 GDPR'],
      adequacy: ['outside the EU', 'adequacy decision', 'Art. 45 GDPR'],
      scc: ['outside the EU', 'standard contractual clauses', 'Art. 46(2)(c) GDPR'],
    },
    incident: ['security incident', 'law enforcement'],
    storage: ['§ 25(2) no. 2 TDDDG', 'no consent', 'strictly necessary'],
    expiry: ['does not expire', 'switch'],
  },
} as const;

describe.each([
  ['de', de],
  ['en', en],
] as const)('the privacy statement in %s.json', (language, { privacy }) => {
  const required = REQUIRED[language];

  it('keeps e-mail and phone enquiries six months and passes them to no third party without consent', () => {
    for (const words of required.contact) expect(privacy.contact.text).toContain(words);
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
      expect(privacy.hosting[kind]).toContain('{address}');
    }
  });

  it.each(['none', 'dpf', 'adequacy', 'scc'] as const)(
    'says whether the logs leave the EU, and on what ground: %s',
    (transfer) => {
      for (const words of required.transfer[transfer])
        expect(privacy.hosting.transfer[transfer]).toContain(words);
    },
  );

  it('keeps log entries longer only for a security incident, which may go to the police', () => {
    for (const words of required.incident) expect(privacy.hosting.incident).toContain(words);
  });

  it('calls § 25 TDDDG what it is: no need of consent, not a legal basis', () => {
    for (const words of required.storage) expect(privacy.storage.basis).toContain(words);
    expect(privacy.storage.basis).not.toMatch(/Rechtsgrundlage|legal basis/);
  });

  it('says the language choice does not expire, and where it is made', () => {
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
