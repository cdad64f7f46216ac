import { describe, expect, it } from 'vitest';
import { businessProblems } from './business-schema.ts';
import { EK, GMBH, GMBH_CO_KG, PARTG, SOLE_TRADER, UG } from '../test/legal-form-examples.ts';
import { CLOUDFLARE_PAGES, EU_MAILBOX, SWISS_MAILBOX } from '../test/hosting-examples.ts';

/*
 * Wrong facts as an owner writes them, each with every line the build prints for it, written out
 * in full: a refusal must name its field and its rule in one line, and the lines for one input must
 * not send the owner two ways (a second line would show here).
 */

const REGULATED_NEEDS =
  'because the imprint would need the chamber, the statutory professional title and the professional rules (§ 5(1) no. 5 DDG) and the professional liability insurer with its territorial scope (§ 2(1) no. 11 DL-InfoV), for which this site has no fields or texts';
const UG_PARTNER = 'Muster Verwaltungs UG (haftungsbeschränkt)';
const { edgeLocations: _edgeLocations, ...cdnWithoutEdges } = CLOUDFLARE_PAGES;
const mailbox = (mailProvider: object) => ({ ...GMBH, mailProvider });

const REFUSALS: [string, object, string[]][] = [
  [
    'a PartG mbB',
    { ...PARTG, legalForm: 'PartG mbB' },
    [
      `legalForm: not supported: a PartG mbB, which exists only for a profession whose statute prescribes professional liability insurance (§ 8(4) PartGG), ${REGULATED_NEEDS}`,
    ],
  ],
  [
    'a partnership of lawyers',
    { ...PARTG, firm: 'Mustermann und Partner Rechtsanwälte PartG' },
    [
      `firm: not supported: a business of a regulated profession ("Rechtsanwält…"), ${REGULATED_NEEDS}`,
    ],
  ],
  [
    'an AG',
    { ...GMBH, legalForm: 'AG' },
    [
      'legalForm: not supported: a stock corporation (AG, SE), because the imprint would need its management board and the chair of its supervisory board (§ 80 AktG), for which this site has no fields',
    ],
  ],
  [
    'a GmbH in liquidation',
    { ...GMBH, legalForm: 'GmbH i. L.' },
    [
      'legalForm: not supported: a company in liquidation, because the imprint would need its liquidators as its representatives (§ 70 GmbHG, § 149 HGB) and the addition to its firm',
    ],
  ],
  [
    'a cooperative',
    { ...GMBH, legalForm: 'eG' },
    [
      'legalForm: not supported: a registered cooperative (eG), because the imprint would need its board (§ 24 GenG), the chair of its supervisory board (§ 25a GenG) and its entry in the Genossenschaftsregister',
    ],
  ],
  [
    'the long spelling of a UG & Co. KG',
    { ...GMBH_CO_KG, legalForm: 'Unternehmergesellschaft (haftungsbeschränkt) & Co. KG' },
    [
      'legalForm: not supported: this spelling of the form, because the imprint would need the firm as registered: write legalForm "UG (haftungsbeschränkt) & Co. KG" and the registered firm in "firm"',
    ],
  ],
  [
    'a GmbH & Co. KG whose general partner is a UG',
    { ...GMBH_CO_KG, generalPartner: { ...GMBH_CO_KG.generalPartner, name: UG_PARTNER } },
    [
      `legalForm: must be "UG (haftungsbeschränkt) & Co. KG": the general partner "${UG_PARTNER}" is a UG (haftungsbeschränkt), and the KG's firm must name the form that limits its liability (§ 19(2) HGB, § 5a(1) GmbHG)`,
    ],
  ],
  [
    'a UG (haftungsbeschränkt) & Co. KG whose general partner is a GmbH',
    { ...GMBH_CO_KG, legalForm: 'UG (haftungsbeschränkt) & Co. KG' },
    [
      'legalForm: must be "GmbH & Co. KG": the general partner "Muster Verwaltungs GmbH" is a GmbH, and the KG\'s firm must name the form that limits its liability (§ 19(2) HGB, § 5a(1) GmbHG)',
    ],
  ],
  [
    'a name that carries the form the site adds',
    { ...GMBH, name: 'Muster IT GmbH' },
    [
      'name: must not carry a legal form ("GmbH"): the site prints legalForm "GmbH" after it; a firm registered with its form inside goes verbatim into "firm"',
    ],
  ],
  [
    "a PartG's name with its form inside and no firm",
    { ...PARTG, firm: undefined, name: 'Mustermann und Partner Informatiker' },
    [
      'name: must not carry a legal form ("und Partner"): the site prints legalForm "PartG" after it; a firm registered with its form inside goes verbatim into "firm"',
    ],
  ],
  [
    'a firm with its form twice',
    { ...GMBH, firm: 'Muster IT GmbH GmbH' },
    [
      'firm: carries its legal form more than once ("GmbH", "GmbH"): write the firm as registered, with the form once',
    ],
  ],
  [
    'a firm of a UG without its addition',
    { ...UG, firm: 'Muster IT UG' },
    ['firm: must write "UG (haftungsbeschränkt)" in full: § 5a(1) GmbHG allows no shorter form'],
  ],
  [
    'a firm for a sole trader',
    { ...SOLE_TRADER, firm: 'Muster IT' },
    [
      'firm: must be left out: a sole trader without a register entry has no firm (§ 17 HGB); the business name stands in "name"',
    ],
  ],
  [
    'an e.Kfr. with the masculine word',
    { ...EK, legalForm: 'e.Kfr.', roleWord: 'masculine' },
    [
      'roleWord: must be "feminine" or left out: the form "e.Kfr." says the owner is a woman (eingetragene Kauffrau)',
    ],
  ],
  [
    'a W-IdNr of other digits than the VAT id',
    { ...GMBH, economicId: 'DE987654321-00001' },
    [
      "economicId: must begin with the nine digits of vatId (DE123456789-…): the tax office assigns the Wirtschafts-Identifikationsnummer with the VAT id's digits",
    ],
  ],
  [
    'a country of the EU among the transfers, with a ground',
    mailbox({ ...EU_MAILBOX, transfers: [{ country: 'FR', safeguard: 'adequacy-decision' }] }),
    [
      'mailProvider.transfers.0.country: must be a country outside the EU/EEA (FR is inside: no safeguard is needed, so leave it out)',
    ],
  ],
  [
    "the Swiss-US framework as a US seat's ground",
    mailbox({ ...EU_MAILBOX, country: 'US', transferSafeguard: 'swiss-us-data-privacy-framework' }),
    [
      'mailProvider.transferSafeguard: the Swiss-US Data Privacy Framework grounds only what a provider seated in Switzerland (country "CH") passes on to the US: write "eu-us-data-privacy-framework" if the recipient is certified under it, or "standard-contractual-clauses" if they are agreed with the recipient',
    ],
  ],
  [
    "the Swiss-US framework as a Swiss seat's ground",
    mailbox({ ...SWISS_MAILBOX, transferSafeguard: 'swiss-us-data-privacy-framework' }),
    [
      'mailProvider.transferSafeguard: the Swiss-US Data Privacy Framework grounds only what a provider seated in Switzerland (country "CH") passes on to the US: write "adequacy-decision", or "standard-contractual-clauses" if they are agreed with the recipient',
    ],
  ],
  [
    'a US seat without a ground',
    mailbox({ ...EU_MAILBOX, country: 'US' }),
    [
      'mailProvider.transferSafeguard: must say what allows the transfer to the seat in US, outside the EU/EEA: write "eu-us-data-privacy-framework" if the recipient is certified under it, or "standard-contractual-clauses" if they are agreed with the recipient',
    ],
  ],
  [
    'an adequacy decision for India',
    mailbox({ ...EU_MAILBOX, transfers: [{ country: 'IN', safeguard: 'adequacy-decision' }] }),
    [
      'mailProvider.transfers.0.safeguard: the European Commission has found no adequate protection in IN (the Commission\'s list of adequacy decisions, as of 26 January 2026): write "standard-contractual-clauses" if they are agreed with the recipient',
    ],
  ],
  [
    'a Swiss adequacy for Japan',
    mailbox({ ...SWISS_MAILBOX, transfers: [{ country: 'JP', safeguard: 'adequacy-decision' }] }),
    [
      'mailProvider.transfers.0.safeguard: the Swiss Federal Council has found no adequate protection in JP (Annex 1 DSV, as of 15 September 2024): write "standard-contractual-clauses" if they are agreed with the recipient',
    ],
  ],
  [
    'a CDN that does not say where its servers answer',
    { ...GMBH, hosting: cdnWithoutEdges },
    [
      'hosting.edgeLocations: must say where the network\'s servers may answer a visitor: "eea" (only in the EU/EEA, as the provider\'s agreement guarantees) or "worldwide" (the statement then names the transfer to them, on the standard contractual clauses of the provider\'s agreement)',
    ],
  ],
];

describe('the refusals an owner meets', () => {
  it('are many enough to be a table', () => {
    expect(REFUSALS.length).toBeGreaterThanOrEqual(15);
  });

  it.each(REFUSALS)('of %s: exactly these lines', (_what, facts, lines) => {
    expect(businessProblems(facts).map(({ field, message }) => `${field}: ${message}`)).toEqual(
      lines,
    );
  });

  it.each(REFUSALS)('of %s: no line offers the value it refuses', (_what, facts) => {
    for (const { field, message } of businessProblems(facts)) {
      const given = field
        .split('.')
        .reduce<unknown>((value, part) => (value as Record<string, unknown>)[part], facts);
      const offered = [...(message.split(': write ')[1] ?? '').matchAll(/"([^"]+)"/g)].map(
        ([, value]) => value,
      );
      expect(offered).not.toContain(given);
    }
  });
});
