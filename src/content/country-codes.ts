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

/**
 * The countries with an adequacy decision of the European Commission (Art. 45 GDPR). The United
 * States are left out: their decision covers only certified recipients, a ground of its own.
 */
export const EU_ADEQUACY = {
  countries: new Set([
    'AD',
    'AR',
    'CA',
    'CH',
    'FO',
    'GB',
    'GG',
    'IL',
    'IM',
    'JE',
    'JP',
    'KR',
    'NZ',
    'UY',
  ]) as ReadonlySet<string>,
  /** The latest decision the list reflects: the EU-US Data Privacy Framework. */
  asOf: '2023-07-10',
  source:
    'https://commission.europa.eu/law/law-topic/data-protection/international-dimension-data-protection/adequacy-decisions_en',
} as const;
