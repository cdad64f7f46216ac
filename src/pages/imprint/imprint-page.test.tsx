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
  EK,
  GBR,
  GMBH,
  GMBH_CO_KG,
  OHG,
  PARTG,
  SOLE_TRADER,
  UG,
} from '../../test/legal-form-examples.ts';
import { imprintLines } from './imprint-lines.ts';
import { ImprintPage } from './imprint-page.tsx';

/*
 * The imprint of each legal form, read in both languages. § 5(1) no. 1 DDG asks for the name and
 * address, for a legal person or partnership its legal form and who represents it; no. 4 the
 * register and the number; no. 6 the VAT id or the Wirtschafts-Identifikationsnummer, where there
 * is one. §§ 125a, 177a HGB: a KG whose general partner is a company names that company with its
 * seat, register court and number. The expected words are written out here, so that a page that
 * names the wrong representative fails whatever the code makes of the facts.
 */
const EXPECTED = {
  de: {
    managingDirectors: 'Geschäftsführung: Max Mustermann und Erika Musterfrau',
    managingDirectress: 'Geschäftsführerin: Erika Musterfrau',
    managingDirectorsMasculine: 'Geschäftsführer: Max Mustermann und Erika Musterfrau',
    generalPartner:
      'Persönlich haftende Gesellschafterin: Muster Verwaltungs GmbH, Sitz: Musterstadt, Handelsregister: Amtsgericht Beispielstadt, HRB 45678',
    generalPartnerRepresented: 'Die Muster Verwaltungs GmbH wird vertreten durch:',
    owner: 'Inhaberin: Erika Musterfrau',
    partners: 'Gesellschafter/innen: Max Mustermann und Erika Musterfrau',
    partnersMasculine: 'Gesellschafter: Max Mustermann und Erika Musterfrau',
    partnersFeminine: 'Gesellschafterinnen: Erika Musterfrau und Maria Muster',
    generalPartnerFeminine: 'Persönlich haftende Gesellschafterin: Erika Musterfrau',
    generalPartnerNeutral: 'Persönlich haftende/r Gesellschafter/in: Erika Musterfrau',
    professionalPartners: 'Partner/innen: Max Mustermann und Erika Musterfrau',
    registerHeading: 'Registereintrag',
    commercialRegister: 'Handelsregister: Amtsgericht Musterstadt, ',
    partnershipRegister: 'Partnerschaftsregister: Amtsgericht Essen, PR 1234',
    civilRegister: 'Gesellschaftsregister: Amtsgericht Musterstadt, GsR 12',
    vat: 'Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: DE123456789',
    economicId: 'Wirtschafts-Identifikationsnummer gemäß § 139c Abgabenordnung: DE123456789-00001',
    representedBy: 'Vertreten durch',
    directorWord: /Geschäftsführer/,
  },
  en: {
    managingDirectors: 'Managing directors: Max Mustermann and Erika Musterfrau',
    managingDirectress: 'Managing director: Erika Musterfrau',
    managingDirectorsMasculine: 'Managing directors: Max Mustermann and Erika Musterfrau',
    generalPartner:
      'General partner: Muster Verwaltungs GmbH, registered office: Musterstadt, commercial register (Handelsregister): Amtsgericht Beispielstadt, HRB 45678',
    generalPartnerRepresented: 'Muster Verwaltungs GmbH is represented by:',
    owner: 'Owner: Erika Musterfrau',
    partners: 'Partners: Max Mustermann and Erika Musterfrau',
    partnersMasculine: 'Partners: Max Mustermann and Erika Musterfrau',
    partnersFeminine: 'Partners: Erika Musterfrau and Maria Muster',
    generalPartnerFeminine: 'General partner: Erika Musterfrau',
    generalPartnerNeutral: 'General partner: Erika Musterfrau',
    professionalPartners: 'Partners: Max Mustermann and Erika Musterfrau',
    registerHeading: 'Register entry',
    commercialRegister: 'Commercial register (Handelsregister): Amtsgericht Musterstadt, ',
    partnershipRegister:
      'Partnership register (Partnerschaftsregister): Amtsgericht Essen, PR 1234',
    civilRegister:
      'Register of civil-law partnerships (Gesellschaftsregister): Amtsgericht Musterstadt, GsR 12',
    vat: 'VAT identification number according to § 27a of the German VAT Act: DE123456789',
    economicId:
      'Business identification number (Wirtschafts-Identifikationsnummer) under section 139c of the German Fiscal Code: DE123456789-00001',
    representedBy: 'Represented by',
    directorWord: /Managing director/,
  },
} as const;

const files: Record<string, unknown> = {
  './assets/i18n/de.json': de,
  './assets/i18n/en.json': en,
};

/** The imprint rendered for `facts` in `language`: its text, its address and its paragraphs. */
async function imprint(facts: Business, language: Language) {
  // A test may read two imprints: the page it read before goes first.
  cleanup();
  const loader = createDictionaryLoader(async (url) => files[url]);
  await act(async () => {
    render(
      <Suspense fallback={null}>
        <RouterProvider history={createStaticHistory('#/imprint')}>
          <I18nProvider loader={loader} address={language}>
            <ImprintPage facts={facts} lines={imprintLines(facts)} />
          </I18nProvider>
        </RouterProvider>
      </Suspense>,
    );
  });
  const article = screen.getByRole('article');
  return {
    all: article.textContent ?? '',
    address: article.querySelector('address')?.textContent ?? '',
    paragraphs: [...article.querySelectorAll('p')].map((p) => p.textContent ?? ''),
    headings: [...article.querySelectorAll('h2')].map((h) => h.textContent ?? ''),
  };
}

describe.each(['de', 'en'] as const)('the imprint rendered in %s', (language) => {
  const expected = EXPECTED[language];

  it('of a GmbH: its name with the form, its managing directors, its HRB entry and VAT id', async () => {
    const page = await imprint(GMBH, language);
    expect(page.address).toContain('Muster IT GmbH');
    expect(page.paragraphs).toContain(expected.managingDirectors);
    expect(page.paragraphs).toContain(`${expected.commercialRegister}HRB 12345`);
    expect(page.paragraphs).toContain(expected.vat);
  });

  it('of a GmbH whose owner chose the masculine word: "Geschäftsführer"', async () => {
    const page = await imprint({ ...GMBH, roleWord: 'masculine' }, language);
    expect(page.paragraphs).toContain(expected.managingDirectorsMasculine);
  });

  it('of a UG (haftungsbeschränkt) without VAT id: the chosen word, the Wirtschafts-ID, no VAT line', async () => {
    const page = await imprint(UG, language);
    expect(page.address).toContain('Muster IT UG (haftungsbeschränkt)');
    expect(page.paragraphs).toContain(expected.managingDirectress);
    expect(page.paragraphs).toContain(expected.economicId);
    expect(page.all).not.toContain(expected.vat.split(':')[0]);
  });

  it('of a GmbH & Co. KG: represented by its general partner, with its register entry and managing directors; the KG in HRA', async () => {
    const page = await imprint(GMBH_CO_KG, language);
    expect(page.address).toContain('Muster IT GmbH & Co. KG');
    const represented = page.paragraphs.indexOf(expected.generalPartner);
    expect(represented).toBeGreaterThan(-1);
    expect(page.paragraphs.slice(represented + 1, represented + 3)).toEqual([
      expected.generalPartnerRepresented,
      expected.managingDirectors,
    ]);
    expect(page.paragraphs).toContain(`${expected.commercialRegister}HRA 34567`);
  });

  it('of an e.K.: the owner as Inhaberin, the HRA entry', async () => {
    const page = await imprint(EK, language);
    expect(page.address).toContain('Muster IT e.K.');
    expect(page.paragraphs).toContain(expected.owner);
    expect(page.headings).not.toContain(expected.representedBy);
    expect(page.paragraphs).toContain(`${expected.commercialRegister}HRA 56789`);
    expect(page.all).not.toMatch(expected.directorWord);
  });

  it('of a sole trader: the person by full name, no representative, no register, no VAT id', async () => {
    const page = await imprint(SOLE_TRADER, language);
    expect(page.address.startsWith('Max Mustermann')).toBe(true);
    expect(page.address).toContain('Muster IT');
    expect(page.address).not.toContain('Einzelunternehmen');
    expect(page.headings).not.toContain(expected.representedBy);
    expect(page.headings).not.toContain(expected.registerHeading);
    expect(page.all).not.toMatch(expected.directorWord);
    expect(page.all).not.toContain(expected.vat.split(':')[0]);
  });

  it('of a GbR: its partners, no register', async () => {
    const gbr = await imprint(GBR, language);
    expect(gbr.paragraphs).toContain(expected.partners);
    expect(gbr.headings).not.toContain(expected.registerHeading);
  });

  it('of an OHG: its partners and its HRA entry', async () => {
    const page = await imprint(OHG, language);
    expect(page.paragraphs).toContain(expected.partners);
    expect(page.headings).toContain(expected.representedBy);
    expect(page.paragraphs).toContain(`${expected.commercialRegister}HRA 67890`);
  });

  it('of a PartG: its partners and its entry in the partnership register', async () => {
    const page = await imprint(PARTG, language);
    expect(page.address).toContain(PARTG.firm);
    expect(page.address).not.toContain(`${PARTG.name} PartG`);
    expect(page.paragraphs).toContain(expected.professionalPartners);
    expect(page.paragraphs).toContain(expected.partnershipRegister);
  });

  it('of an eGbR: its entry in the Gesellschaftsregister', async () => {
    const egbr = {
      ...GBR,
      legalForm: 'eGbR',
      registerCourt: 'Amtsgericht Musterstadt',
      registerNumber: 'GsR 12',
    } as const;
    const page = await imprint(egbr, language);
    expect(page.paragraphs).toContain(expected.civilRegister);
  });

  it('of partners, in the word the owner chose', async () => {
    const partners = ['Erika Musterfrau', 'Maria Muster'];
    const masculine = await imprint({ ...OHG, roleWord: 'masculine' }, language);
    expect(masculine.paragraphs).toContain(expected.partnersMasculine);
    const feminine = await imprint({ ...GBR, partners, roleWord: 'feminine' }, language);
    expect(feminine.paragraphs).toContain(expected.partnersFeminine);
  });

  it('of a KG of one natural person, in the word the owner chose', async () => {
    const kg: Business = { ...OHG, legalForm: 'KG', partners: ['Erika Musterfrau'] };
    const feminine = await imprint({ ...kg, roleWord: 'feminine' }, language);
    expect(feminine.paragraphs).toContain(expected.generalPartnerFeminine);
    const neutral = await imprint(kg, language);
    expect(neutral.paragraphs).toContain(expected.generalPartnerNeutral);
  });

  it('of an e.Kfr.: the owner as a woman, whatever the word', async () => {
    const page = await imprint({ ...EK, legalForm: 'e.Kfr.', roleWord: undefined }, language);
    expect(page.paragraphs).toContain(expected.owner);
  });
});
