/**
 * The officially assigned codes of ISO 3166-1 alpha-2: a processor's country must be one of them,
 * so that the page can name it (the browser's region names also know codes that are no country).
 */
export const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ
BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR
CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ
MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF
PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR
TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/),
);

/** Codes in common use that ISO gives another country or none: the owner is told the right one. */
export const COUNTRY_CODE_ALIASES: Readonly<Record<string, { code: string; why: string }>> = {
  UK: { code: 'GB', why: 'ISO 3166 writes the United Kingdom "GB"' },
  EL: { code: 'GR', why: 'ISO 3166 writes Greece "GR" ("EL" is the EU\'s own abbreviation)' },
};

/** A country found adequate: the act that says so and the day it was adopted. */
interface AdequacyEntry {
  reference: string;
  date: string;
}

/** A list of adequacy findings: whose, under which rule, and where its current state is read. */
export interface AdequacyList {
  /** Who decides, for the owner's message: "the European Commission". */
  by: string;
  /** The list's own name, for the owner's message. */
  name: string;
  decisions: Readonly<Record<string, AdequacyEntry>>;
  /** The finding for recipients in the US certified under its Data Privacy Framework. */
  certifiedUs: AdequacyEntry;
  /** The day of the latest entry: the list holds what was decided up to then. */
  asOf: string;
  source: string;
}

const latest = (entries: readonly AdequacyEntry[]) =>
  entries.map(({ date }) => date).reduce((a, b) => (a > b ? a : b));

function adequacyList(list: Omit<AdequacyList, 'asOf'>): AdequacyList {
  return {
    ...list,
    asOf: latest([...Object.values(list.decisions), list.certifiedUs]),
  };
}

const EU = (reference: string, date: string) => ({ reference, date });

/**
 * The countries with an adequacy decision of the European Commission (Art. 45(3) GDPR). The United
 * States are kept apart: their decision covers only certified recipients, a ground of its own.
 */
export const EU_ADEQUACY = adequacyList({
  by: 'the European Commission',
  name: "the Commission's list of adequacy decisions",
  decisions: {
    AD: EU('Commission Decision 2010/625/EU', '2010-10-19'),
    AR: EU('Commission Decision 2003/490/EC', '2003-06-30'),
    BR: EU('Commission Implementing Decision (EU) 2026/179', '2026-01-26'),
    CA: EU('Commission Decision 2002/2/EC', '2001-12-20'),
    CH: EU('Commission Decision 2000/518/EC', '2000-07-26'),
    FO: EU('Commission Decision 2010/146/EU', '2010-03-05'),
    // Renewed for six years in December 2025; the reference is the decision it renewed.
    GB: EU('Commission Implementing Decision (EU) 2021/1772', '2021-06-28'),
    GG: EU('Commission Decision 2003/821/EC', '2003-11-21'),
    IL: EU('Commission Decision 2011/61/EU', '2011-01-31'),
    IM: EU('Commission Decision 2004/411/EC', '2004-04-28'),
    JE: EU('Commission Decision 2008/393/EC', '2008-05-08'),
    JP: EU('Commission Implementing Decision (EU) 2019/419', '2019-01-23'),
    KR: EU('Commission Implementing Decision (EU) 2022/254', '2021-12-17'),
    NZ: EU('Commission Implementing Decision 2013/65/EU', '2012-12-19'),
    UY: EU('Commission Implementing Decision 2012/484/EU', '2012-08-21'),
  },
  certifiedUs: EU('Commission Implementing Decision (EU) 2023/1795', '2023-07-10'),
  source:
    'https://commission.europa.eu/law/law-topic/data-protection/international-dimension-data-protection/adequacy-decisions_en',
});

const ANNEX_1 = { reference: 'Annex 1 DSV (SR 235.11)', date: '2023-09-01' };

/**
 * The states the Swiss Federal Council lists as adequate (Art. 16(1) DSG, Annex 1 DSV), outside
 * the EU/EEA: what a provider seated in Switzerland passes on is read against this list.
 */
export const SWISS_ADEQUACY = adequacyList({
  by: 'the Swiss Federal Council',
  name: 'Annex 1 DSV',
  decisions: Object.fromEntries(
    ['AD', 'AR', 'CA', 'FO', 'GB', 'GG', 'GI', 'IL', 'IM', 'JE', 'MC', 'NZ', 'UY'].map((code) => [
      code,
      ANNEX_1,
    ]),
  ),
  certifiedUs: {
    reference: 'Annex 1 DSV as amended with effect from 15 September 2024',
    date: '2024-09-15',
  },
  source: 'https://www.fedlex.admin.ch/eli/cc/2022/568/de#annex_1',
});
