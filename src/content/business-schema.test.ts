import { describe, expect, it } from 'vitest';
import { business } from './business.ts';
import { businessProblems, validateBusiness } from './business-schema.ts';
import {
  EK,
  GBR,
  GMBH,
  GMBH_CO_KG,
  OHG,
  PARTG,
  SOLE_TRADER,
  UG,
} from '../test/legal-form-examples.ts';
import {
  CLOUDFLARE_PAGES,
  EU_MAILBOX,
  EU_SERVER,
  GOOGLE_WORKSPACE,
  MICROSOFT_365,
  OWN_SERVER,
  SWISS_MAILBOX,
  SWISS_MAILBOX_TO_UK,
  SWISS_MAILBOX_TO_US,
  SWISS_MAILBOX_TO_US_DPF,
} from '../test/hosting-examples.ts';
import { EU_ADEQUACY } from './country-codes.ts';

const withHosting = (hosting: object) => ({ ...business, hosting });

/** Every problem of the facts with `mailProvider`, one line each: its field and message. */
const problemsOf = (mailProvider: object) =>
  businessProblems({ ...business, mailProvider })
    .map(({ field, message }) => `${field}: ${message}`)
    .join('\n');

describe('validateBusiness', () => {
  it('accepts the shipped example facts', () => {
    expect(validateBusiness(business)).toEqual(business);
  });

  it.each([
    ['email', 'kontakt.example.com'],
    ['vatId', 'DE12345678'],
    ['vatId', 'AT123456789'],
    ['name', '   '],
    ['phone', '+49 30 CALL-ME'],
    ['postalCode', '1234'],
    ['registerNumber', '12345'],
    ['owner', ''],
    ['siteUrl', 'http://www.example.com/'],
    ['siteUrl', 'https://www.example.com'],
    ['siteUrl', 'www.example.com/'],
    ['siteUrl', 'https://www.example.com/?page=1/'],
    ['siteUrl', 'https://www.example.com/#/'],
    ['siteUrl', 'https://user:secret@www.example.com/'],
    ['siteUrl', 'https://localhost/'],
  ])('stops on a malformed %s (%j), naming the field', (field, value) => {
    expect(() => validateBusiness({ ...business, [field]: value })).toThrow(
      new RegExp(`^The business facts in src/content/business.ts are not valid:\\n  - ${field}: `),
    );
  });

  it.each([
    ['managingDirectors', []],
    ['managingDirectors', ['Max Mustermann', ' ']],
    ['managingDirectors', 'Max Mustermann'],
    ['hosting.name', { ...EU_SERVER, name: '' }],
    [
      'hosting.address',
      { kind: 'server', name: 'Beispiel Hosting GmbH', accessLogRetentionDays: 14 },
    ],
    ['hosting.kind', { ...EU_SERVER, kind: 'cloud' }],
    ['hosting.accessLogRetentionDays', { ...EU_SERVER, accessLogRetentionDays: '14' }],
    ['hosting.accessLogRetentionDays', { ...EU_SERVER, accessLogRetentionDays: 7.5 }],
    ['hosting.accessLogRetentionDays', { ...EU_SERVER, accessLogRetentionDays: 0 }],
    ['hosting.accessLogRetentionDays', { ...EU_SERVER, accessLogRetentionDays: 1400 }],
    ['hosting.country', { ...EU_SERVER, country: undefined }],
    ['hosting.country', { ...OWN_SERVER, country: 'CH' }],
    ['hosting.accessLogRetentionDays', { ...OWN_SERVER, accessLogRetentionDays: undefined }],
    ['hosting.transferSafeguard', { ...EU_SERVER, country: 'US' }],
    ['hosting.address', { ...EU_SERVER, address: `${EU_SERVER.address}, Deutschland` }],
    ['hosting.address', { ...EU_SERVER, address: `${EU_SERVER.address}, Germany.` }],
    ['mailProvider.name', { ...EU_MAILBOX, name: ' ' }],
    ['mailProvider.address', { name: 'Beispiel Mail GmbH', country: 'DE' }],
    [
      'mailProvider.country',
      { name: 'Beispiel Mail GmbH', address: 'Postweg 2, 54321 Beispielstadt' },
    ],
    ['mailProvider.transferSafeguard', { ...SWISS_MAILBOX, transferSafeguard: undefined }],
    ['mailProvider.transfers.0.safeguard', { ...MICROSOFT_365, transfers: [{ country: 'US' }] }],
    ['mailProvider.transferCountry', { ...EU_MAILBOX, transferCountry: 'FR' }],
    ['mailProvider.address', { ...SWISS_MAILBOX, address: `${SWISS_MAILBOX.address}, Schweiz` }],
    ['registerNumber', 'HRA 12345'],
    ['supervisoryAuthority.url', { name: 'LfD Musterland', url: 'http://lfd.example.org/' }],
    ['supervisoryAuthority.url', { name: 'LfD Musterland', url: 'lfd.example.org' }],
    ['supervisoryAuthority.name', { name: ' ', url: 'https://lfd.example.org/' }],
    ['privacyUpdated', '23.11.2026'],
    ['privacyUpdated', '2026-02-30'],
  ])('stops on a malformed legal fact %s (%j), naming the field', (field, value) => {
    const [top = field] = field.split('.');
    expect(() => validateBusiness({ ...business, [top]: value })).toThrow(
      new RegExp(`\\n  - ${field.replace('.', '\\.')}(\\.\\d+)?: `),
    );
  });

  it.each(['managingDirectors', 'hosting', 'mailProvider', 'privacyUpdated'])(
    'names the legal fact %s when it is missing',
    (field) => {
      const { [field as keyof typeof business]: _gone, ...rest } = business;
      expect(() => validateBusiness(rest)).toThrow(new RegExp(`\\n  - ${field}: `));
    },
  );

  describe('served by a content delivery network', () => {
    it.each([
      ['a US network under the Data Privacy Framework', CLOUDFLARE_PAGES],
      [
        'a network in the EU, which needs no safeguard',
        { ...CLOUDFLARE_PAGES, country: 'SI', transferSafeguard: undefined },
      ],
      [
        'a Swiss network under an adequacy decision',
        { ...CLOUDFLARE_PAGES, country: 'CH', transferSafeguard: 'adequacy-decision' },
      ],
      [
        'one elsewhere under the contractual clauses',
        { ...CLOUDFLARE_PAGES, country: 'IN', transferSafeguard: 'standard-contractual-clauses' },
      ],
    ])('accepts %s', (_what, hosting) => {
      const { transferSafeguard, ...rest } = hosting;
      const facts = transferSafeguard === undefined ? rest : hosting;
      expect(validateBusiness(withHosting(facts)).hosting).toEqual(facts);
    });

    it.each([
      ['its country', { ...CLOUDFLARE_PAGES, country: undefined }, 'country'],
      ['a country code', { ...CLOUDFLARE_PAGES, country: 'USA' }, 'country'],
      [
        'the safeguard of a transfer outside the EU',
        { ...CLOUDFLARE_PAGES, transferSafeguard: undefined },
        'transferSafeguard',
      ],
      [
        'a known safeguard',
        { ...CLOUDFLARE_PAGES, transferSafeguard: 'consent' },
        'transferSafeguard',
      ],
      [
        'the Data Privacy Framework only for the US',
        { ...CLOUDFLARE_PAGES, country: 'IN' },
        'transferSafeguard',
      ],
      ['no safeguard inside the EU', { ...CLOUDFLARE_PAGES, country: 'DE' }, 'transferSafeguard'],
      [
        'its privacy policy',
        { ...CLOUDFLARE_PAGES, privacyPolicyUrl: undefined },
        'privacyPolicyUrl',
      ],
      [
        'the days its contract keeps the logs',
        { ...CLOUDFLARE_PAGES, accessLogRetentionDays: undefined },
        'accessLogRetentionDays',
      ],
      [
        'an address without the country',
        { ...CLOUDFLARE_PAGES, address: `${CLOUDFLARE_PAGES.address}, USA` },
        'address',
      ],
      ['no name for a server of our own', { ...OWN_SERVER, name: 'Muster IT GmbH' }, 'name'],
    ])('asks for %s, naming the field', (_what, hosting, field) => {
      expect(() => validateBusiness(withHosting(hosting))).toThrow(
        new RegExp(`\\n  - hosting${field ? `\\.${field}` : ''}: `),
      );
    });
  });

  it.each([
    ['a rented server in the EU', EU_SERVER],
    ['a server of our own in Austria', OWN_SERVER],
    [
      'a rented server in India under the clauses',
      { ...EU_SERVER, country: 'IN', transferSafeguard: 'standard-contractual-clauses' },
    ],
  ])('accepts %s', (_what, hosting) => {
    expect(validateBusiness(withHosting(hosting)).hosting).toEqual(hosting);
  });

  it.each([
    ['in the EU', EU_MAILBOX],
    ['in Switzerland', SWISS_MAILBOX],
    ['in Switzerland, sending data on to the US', SWISS_MAILBOX_TO_US],
    ['in Ireland, sending data to the US', MICROSOFT_365],
    ['in Ireland, sending data to the US and India', GOOGLE_WORKSPACE],
  ])('accepts a mailbox %s', (_what, mailProvider) => {
    expect(validateBusiness({ ...business, mailProvider }).mailProvider).toEqual(mailProvider);
  });

  describe('every transfer of a processor', () => {
    const US_BY_SCC = { country: 'US', safeguard: 'standard-contractual-clauses' } as const;
    it.each([
      [
        'a ground for a seat outside the EU/EEA, even with further transfers',
        { ...SWISS_MAILBOX_TO_US, transferSafeguard: undefined },
        'transferSafeguard',
        /the seat in CH, outside the EU\/EEA/,
      ],
      [
        'a ground for each further country',
        { ...SWISS_MAILBOX, transfers: [{ country: 'US' }] },
        'transfers.0.safeguard',
        /must say what allows this transfer/,
      ],
      [
        'further countries outside the EU/EEA only',
        { ...EU_MAILBOX, transfers: [{ country: 'FR', safeguard: 'adequacy-decision' }] },
        'transfers.0.country',
        /outside the EU\/EEA/,
      ],
      [
        'the seat not named again as a further country',
        { ...SWISS_MAILBOX, transfers: [{ country: 'CH', safeguard: 'adequacy-decision' }] },
        'transfers.0.country',
        /names CH twice/,
      ],
      [
        'each further country once',
        { ...EU_MAILBOX, transfers: [US_BY_SCC, US_BY_SCC] },
        'transfers.1.country',
        /names US twice/,
      ],
      [
        'the Data Privacy Framework for the US only',
        {
          ...EU_MAILBOX,
          transfers: [{ country: 'IN', safeguard: 'eu-us-data-privacy-framework' }],
        },
        'transfers.0.safeguard',
        /US only, not IN/,
      ],
      [
        'the Data Privacy Framework, not an adequacy decision, for the US',
        { ...EU_MAILBOX, transfers: [{ country: 'US', safeguard: 'adequacy-decision' }] },
        'transfers.0.safeguard',
        /covers only recipients certified under the EU-US Data Privacy Framework/,
      ],
      [
        'a further country in the list of transfers',
        { ...EU_MAILBOX, transferCountry: 'US', transferSafeguard: 'eu-us-data-privacy-framework' },
        'transferCountry',
        /transfers: \[\{ country: "US"/,
      ],
    ])('asks for %s, naming the field', (_what, mailProvider, field, message) => {
      const attempt = () => validateBusiness({ ...business, mailProvider });
      expect(attempt).toThrow(
        new RegExp(`\\n  - mailProvider\\.${field.replaceAll('.', '\\.')}: `),
      );
      expect(attempt).toThrow(message);
    });
  });

  describe('the countries and grounds of transfers', () => {
    it.each([
      ['UK', 'GB'],
      ['EL', 'GR'],
    ])('names the ISO code for %s: %s', (alias, code) => {
      expect(problemsOf({ ...SWISS_MAILBOX, country: alias })).toContain(
        `mailProvider.country: must be "${code}"`,
      );
    });

    it('refuses a code that is no country, such as "ZZ" ("Unknown Region")', () => {
      expect(
        problemsOf({
          ...EU_MAILBOX,
          transfers: [{ country: 'ZZ', safeguard: 'standard-contractual-clauses' }],
        }),
      ).toMatch(/mailProvider\.transfers\.0\.country: must be a country's code in ISO 3166/);
    });

    it('allows "adequacy-decision" only where the Commission has decided: Japan, not India', () => {
      const japan = {
        ...EU_MAILBOX,
        transfers: [{ country: 'JP', safeguard: 'adequacy-decision' }],
      };
      const india = {
        ...EU_MAILBOX,
        transfers: [{ country: 'IN', safeguard: 'adequacy-decision' }],
      };
      expect(problemsOf(japan)).toBe('');
      expect(problemsOf(india)).toMatch(
        /mailProvider\.transfers\.0\.safeguard: the European Commission has found no adequate protection in IN \(the Commission's list of adequacy decisions, as of 26 January 2026\): write "standard-contractual-clauses" if they are agreed with the recipient$/,
      );
    });

    it('grounds what a Swiss provider passes to the US on the Swiss-US framework, not the EU-US one', () => {
      expect(problemsOf(SWISS_MAILBOX_TO_US_DPF)).toBe('');
      expect(
        problemsOf({
          ...SWISS_MAILBOX,
          transfers: [{ country: 'US', safeguard: 'eu-us-data-privacy-framework' }],
        }),
      ).toMatch(/mailProvider\.transfers\.0\.safeguard: .*under Swiss law/);
      // Outside Switzerland the Swiss framework grounds nothing.
      expect(
        problemsOf({
          ...EU_MAILBOX,
          transfers: [{ country: 'US', safeguard: 'swiss-us-data-privacy-framework' }],
        }),
      ).toMatch(/mailProvider\.transfers\.0\.safeguard: .*seated in Switzerland/);
    });

    // The Commission's list of adequacy decisions (Art. 45(3) GDPR), read at its source: Andorra,
    // Argentina, Canada (commercial organisations), the Faroe Islands, Guernsey, Israel, the Isle
    // of Man, Japan, Jersey, New Zealand, the Republic of Korea, Switzerland, the United Kingdom,
    // Uruguay, and the United States for certified recipients (the EU-US framework).
    it("holds the Commission's list, with its date and its source", () => {
      expect(Object.keys(EU_ADEQUACY.decisions).toSorted()).toEqual(
        [
          'AD',
          'AR',
          'BR',
          'CA',
          'FO',
          'GG',
          'IL',
          'IM',
          'JP',
          'JE',
          'NZ',
          'KR',
          'CH',
          'GB',
          'UY',
        ].toSorted(),
      );
      // The date of its latest entry: Brazil, Implementing Decision (EU) 2026/179.
      expect(EU_ADEQUACY.asOf).toBe('2026-01-26');
      expect(EU_ADEQUACY.decisions.BR?.reference).toBe(
        'Commission Implementing Decision (EU) 2026/179',
      );
      for (const { reference, date } of Object.values(EU_ADEQUACY.decisions)) {
        expect(reference).toMatch(/^Commission (Implementing )?Decision /);
        expect(date <= EU_ADEQUACY.asOf).toBe(true);
      }
      expect(EU_ADEQUACY.source).toMatch(/^https:\/\/commission\.europa\.eu\/.*adequacy-decisions/);
    });
  });

  it('accepts a Brazilian recipient under the adequacy decision for Brazil', () => {
    expect(
      problemsOf({ ...EU_MAILBOX, transfers: [{ country: 'BR', safeguard: 'adequacy-decision' }] }),
    ).toBe('');
  });

  it('holds the Swiss list apart: what a Swiss provider passes to Japan has no Swiss adequacy', () => {
    expect(
      problemsOf({
        ...SWISS_MAILBOX,
        transfers: [{ country: 'JP', safeguard: 'adequacy-decision' }],
      }),
    ).toBe(
      `mailProvider.transfers.0.safeguard: the Swiss Federal Council has found no adequate protection in JP (Annex 1 DSV, as of 15 September 2024): write "standard-contractual-clauses" if they are agreed with the recipient`,
    );
    expect(problemsOf(SWISS_MAILBOX_TO_UK)).toBe('');
  });

  describe('the legal forms', () => {
    it.each([
      ['a GmbH', GMBH],
      ['a UG (haftungsbeschränkt) without VAT id', UG],
      ['a GmbH & Co. KG', GMBH_CO_KG],
      ['an e.K.', EK],
      ['a sole trader', SOLE_TRADER],
      ['a GbR', GBR],
      ['an OHG', OHG],
      ['a PartG', PARTG],
      ['a PartG without its firm, as name and form', { ...PARTG, firm: undefined }],
      [
        'an eGbR whose registered firm carries its form inside',
        {
          ...GBR,
          legalForm: 'eGbR',
          registerCourt: 'Amtsgericht Musterstadt',
          registerNumber: 'GsR 12',
          firm: 'Muster eGbR Beratung',
        },
      ],
      ['a GmbH & Co. KG with its firm', { ...GMBH_CO_KG, firm: 'Muster IT GmbH & Co. KG' }],
      [
        'a general partner whose firm says "Verwaltungsgesellschaft mbH" (§ 4 GmbHG)',
        {
          ...GMBH_CO_KG,
          firm: 'Muster Verwaltungsgesellschaft mbH & Co. KG',
          generalPartner: {
            ...GMBH_CO_KG.generalPartner,
            name: 'Muster Verwaltungsgesellschaft mbH',
          },
        },
      ],
      [
        'a UG (haftungsbeschränkt) & Co. KG of a UG',
        {
          ...GMBH_CO_KG,
          legalForm: 'UG (haftungsbeschränkt) & Co. KG',
          generalPartner: {
            ...GMBH_CO_KG.generalPartner,
            name: 'Muster Verwaltungs UG (haftungsbeschränkt)',
          },
        },
      ],
    ])('accepts %s with the fields its imprint needs', (_form, facts) => {
      expect(businessProblems(facts)).toEqual([]);
    });

    const { generalPartner: _generalPartner, ...kgWithoutPartner } = GMBH_CO_KG;
    it.each([
      // § 5a(1) GmbHG: the firm must carry "Unternehmergesellschaft (haftungsbeschränkt)" or "UG (haftungsbeschränkt)".
      [
        '"UG" alone',
        { ...UG, legalForm: 'UG' },
        'legalForm',
        /"UG \(haftungsbeschränkt\)" in full/,
      ],
      [
        '"Unternehmergesellschaft" without its addition',
        { ...UG, legalForm: 'Unternehmergesellschaft' },
        'legalForm',
        /"UG \(haftungsbeschränkt\)" in full/,
      ],
      [
        'a form the law does not know',
        { ...GMBH, legalForm: 'Freiberufler' },
        'legalForm',
        /must be one of/,
      ],
      [
        'a company under foreign law',
        { ...GMBH, legalForm: 'Ltd' },
        'legalForm',
        /^not supported: a company under foreign law, because the imprint would need its home register/,
      ],
      [
        'a PartG mbB, always of a regulated profession',
        { ...PARTG, legalForm: 'PartG mbB' },
        'legalForm',
        /^not supported: a PartG mbB, .*§ 8\(4\) PartGG.*because the imprint would need the chamber.*§ 5\(1\) no\. 5 DDG.*insurer.*§ 2\(1\) no\. 11 DL-InfoV/,
      ],
      [
        'a partnership of lawyers',
        { ...PARTG, name: 'Mustermann und Partner Rechtsanwälte' },
        'name',
        /^not supported: a business of a regulated profession \("Rechtsanwält…"\), because the imprint would need the chamber/,
      ],
      [
        'an AG',
        { ...GMBH, legalForm: 'AG' },
        'legalForm',
        /^not supported: a stock corporation \(AG, SE\), because the imprint would need its management board and the chair of its supervisory board \(§ 80 AktG\)/,
      ],
      [
        'a GmbH in liquidation',
        { ...GMBH, legalForm: 'GmbH i. L.' },
        'legalForm',
        /^not supported: a company in liquidation, because the imprint would need its liquidators/,
      ],
      [
        'a cooperative',
        { ...GMBH, legalForm: 'eG' },
        'legalForm',
        /^not supported: a registered cooperative \(eG\), because the imprint would need its board/,
      ],
      [
        'the long spelling of a UG & Co. KG',
        { ...GMBH_CO_KG, legalForm: 'Unternehmergesellschaft (haftungsbeschränkt) & Co. KG' },
        'legalForm',
        /^not supported: this spelling of the form, because the imprint would need the firm as registered/,
      ],
      [
        'a name that carries its form already',
        { ...GMBH, name: 'Muster IT GmbH' },
        'name',
        /^must not carry a legal form \("GmbH"\): the site prints legalForm "GmbH" after it/,
      ],
      [
        "a PartG's name with its form inside and no firm",
        { ...PARTG, firm: undefined, name: 'Mustermann und Partner Informatiker' },
        'name',
        /^must not carry a legal form \("und Partner"\)/,
      ],
      [
        'a firm with the form twice',
        { ...GMBH, firm: 'Muster IT GmbH GmbH' },
        'firm',
        /^carries its legal form more than once \("GmbH", "GmbH"\)/,
      ],
      [
        'a firm with another form',
        { ...GMBH, firm: 'Muster IT UG (haftungsbeschränkt)' },
        'firm',
        /^carries "UG \(haftungsbeschränkt\)", a legal form other than legalForm "GmbH"/,
      ],
      [
        'a firm without its form',
        { ...GMBH, firm: 'Muster IT' },
        'firm',
        /^must carry the words of its legal form "GmbH" \(§ 4 GmbHG\)/,
      ],
      [
        'a firm in liquidation',
        { ...GMBH, firm: 'Muster IT GmbH i. L.' },
        'firm',
        /^not supported: a company in liquidation/,
      ],
      [
        'a firm for a sole trader',
        { ...SOLE_TRADER, firm: 'Muster IT' },
        'firm',
        /^must be left out: a sole trader without a register entry has no firm/,
      ],
      [
        'a GmbH & Co. KG whose general partner is a UG',
        {
          ...GMBH_CO_KG,
          generalPartner: {
            ...GMBH_CO_KG.generalPartner,
            name: 'Muster Verwaltungs UG (haftungsbeschränkt)',
          },
        },
        'legalForm',
        /^must be "UG \(haftungsbeschränkt\) & Co\. KG": the general partner "Muster Verwaltungs UG \(haftungsbeschränkt\)" is a UG \(haftungsbeschränkt\)/,
      ],
      [
        'a UG (haftungsbeschränkt) & Co. KG whose general partner is a GmbH',
        { ...GMBH_CO_KG, legalForm: 'UG (haftungsbeschränkt) & Co. KG' },
        'legalForm',
        /^must be "GmbH & Co\. KG": the general partner "Muster Verwaltungs GmbH" is a GmbH/,
      ],
      [
        'a general partner without its form',
        {
          ...GMBH_CO_KG,
          generalPartner: { ...GMBH_CO_KG.generalPartner, name: 'Muster Verwaltung' },
        },
        'generalPartner.name',
        /^must carry the general partner's legal form once/,
      ],
      [
        'a GmbH entered in part A',
        { ...GMBH, registerNumber: 'HRA 12345' },
        'registerNumber',
        /must be an HRB number/,
      ],
      [
        'a GmbH without managing directors',
        { ...GMBH, managingDirectors: undefined },
        'managingDirectors',
        /at least one managing director/,
      ],
      [
        'a KG of a GmbH without its general partner',
        kgWithoutPartner,
        'generalPartner',
        /persönlich haftende Gesellschafterin/,
      ],
      [
        'a GmbH & Co. KG with managing directors of its own',
        { ...GMBH_CO_KG, managingDirectors: ['Max Mustermann'] },
        'managingDirectors',
        /generalPartner\.managingDirectors/,
      ],
      [
        'a GmbH & Co. KG entered in part B',
        { ...GMBH_CO_KG, registerNumber: 'HRB 34567' },
        'registerNumber',
        /must be an HRA number/,
      ],
      [
        'a general partner entered in part A',
        {
          ...GMBH_CO_KG,
          generalPartner: { ...GMBH_CO_KG.generalPartner, registerNumber: 'HRA 1' },
        },
        'generalPartner.registerNumber',
        /HRB/,
      ],
      [
        'a plain KG with a company as general partner',
        { ...GMBH_CO_KG, legalForm: 'KG' },
        'generalPartner',
        /"GmbH & Co\. KG"/,
      ],
      [
        'managing directors for a sole trader',
        { ...SOLE_TRADER, managingDirectors: ['Max Mustermann'] },
        'managingDirectors',
        /sole trader has no managing directors/,
      ],
      [
        'a register entry for a sole trader',
        { ...SOLE_TRADER, registerNumber: 'HRA 1', registerCourt: 'Amtsgericht Musterstadt' },
        'registerNumber',
        /no register entry/,
      ],
      [
        'an e.K. without its register entry',
        { ...EK, registerNumber: undefined },
        'registerNumber',
        /HRA 12345/,
      ],
      [
        'a GbR with one partner',
        { ...GBR, partners: ['Max Mustermann'] },
        'partners',
        /at least 2/,
      ],
      [
        'a PartG entered in the commercial register',
        { ...PARTG, registerNumber: 'HRA 1234' },
        'registerNumber',
        /partnership register/,
      ],
      [
        'an e.Kfr. with the masculine word',
        { ...EK, legalForm: 'e.Kfr.', roleWord: 'masculine' },
        'roleWord',
        /^must be "feminine" or left out: the form "e\.Kfr\." says the owner is a woman/,
      ],
      [
        'a Wirtschafts-Identifikationsnummer of other digits than the VAT id',
        { ...GMBH, economicId: 'DE987654321-00001' },
        'economicId',
        /^must begin with the nine digits of vatId \(DE123456789-…\)/,
      ],
      [
        'a malformed Wirtschafts-Identifikationsnummer',
        { ...UG, economicId: 'DE123456789' },
        'economicId',
        /five digits/,
      ],
    ])('refuses %s, naming the field', (_what, facts, field, message) => {
      const problems = businessProblems(facts).filter((problem) => problem.field === field);
      expect(problems.map((problem) => problem.message).join('\n')).toMatch(message);
    });

    it("reports a misnamed provider field and the seat's missing ground in one run", () => {
      const fields = businessProblems({
        ...GMBH,
        mailProvider: { name: 'Beispiel Mail Inc.', adress: 'Mailweg 1', country: 'US' },
      }).map((problem) => problem.field);
      expect(fields).toEqual(
        expect.arrayContaining([
          'mailProvider.address',
          'mailProvider.adress',
          'mailProvider.transferSafeguard',
        ]),
      );
    });

    it('reports a misnamed field and a wrong form in one run', () => {
      const { managingDirectors, ...rest } = GMBH;
      const fields = businessProblems({
        ...rest,
        legalForm: 'UG',
        managingDirector: managingDirectors,
      }).map((problem) => problem.field);
      expect(fields).toContain('legalForm');
      expect(fields).toContain('managingDirector');
    });
  });

  it('accepts several managing directors', () => {
    const managingDirectors = ['Max Mustermann', 'Erika Musterfrau'];
    expect(validateBusiness({ ...business, managingDirectors }).managingDirectors).toEqual(
      managingDirectors,
    );
  });

  it.each(['https://www.example.com/', 'https://example.de/firma/'])(
    'accepts the site address %s',
    (siteUrl) => {
      expect(validateBusiness({ ...business, siteUrl }).siteUrl).toBe(siteUrl);
    },
  );

  it('names a missing field and an unknown one', () => {
    const { town: _town, ...withoutTown } = business;
    expect(() => validateBusiness({ ...withoutTown, tonw: 'Musterstadt' })).toThrow(
      /- town: [\s\S]*tonw/,
    );
  });
});
