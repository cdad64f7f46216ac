import { describe, expect, it } from 'vitest';
import de from '../../../public/assets/i18n/de.json';
import en from '../../../public/assets/i18n/en.json';

/*
 * What the privacy statement must say, by the specification (section 2 and the six months of
 * section 9) and the law (Art. 13, 21, 28 GDPR; § 25 TDDDG). These are requirements on the wording,
 * not examples: the browser tests check that the page shows whatever the files say, and these hold
 * the files to the requirements, so an edit that drops one fails here, naming it.
 */
const REQUIRED = {
  de: {
    contact: ['sechs Monate', 'nicht ohne Ihre Einwilligung weiter'],
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
    ],
    hosting: ['Art. 28 DSGVO', 'Art. 6 Abs. 1 lit. f DSGVO'],
  },
  en: {
    contact: ['six months', 'do not pass on this data without your consent'],
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
    ],
    hosting: ['Art. 28 GDPR', 'Art. 6(1)(f) GDPR'],
  },
} as const;

describe.each([
  ['de', de],
  ['en', en],
] as const)('the privacy statement in %s.json', (language, { privacy }) => {
  const required = REQUIRED[language];

  it('keeps contact data six months and passes it on only with consent', () => {
    for (const words of required.contact) expect(privacy.contact.text).toContain(words);
  });

  it("names every right of the visitor's and the complaint to the authority", () => {
    const rights = `${privacy.rights.text} ${privacy.rights.complaint}`;
    for (const word of required.rights) expect(rights).toContain(word);
  });

  it('names the host as processor and the legal basis of the server logs', () => {
    const hosting = `${privacy.hosting.provider} ${privacy.hosting.purpose}`;
    for (const words of required.hosting) expect(hosting).toContain(words);
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
