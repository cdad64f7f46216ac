/**
 * The legal forms a small IT business may have: the schema refuses any other, and the legal pages
 * read who represents the business and its register from the form.
 */

/**
 * `company`: managing directors, register part B. `company-kg`: a KG whose general partner is a
 * company, represented by it. `partnership`: represented by its partners. `merchant`: an e.K.,
 * the owner acts. `sole-trader`: a person without a register entry.
 */
export type LegalFormKind = 'company' | 'company-kg' | 'partnership' | 'merchant' | 'sole-trader';

/** The register a form is entered in, by the prefix of its number; `null`: none. */
type RegisterPrefix = 'HRB' | 'HRA' | 'PR' | 'GsR' | null;

interface LegalFormRules {
  kind: LegalFormKind;
  register: RegisterPrefix;
  /** How many partners the form needs at least, for a partnership. */
  minPartners?: number;
}

export const LEGAL_FORMS = {
  GmbH: { kind: 'company', register: 'HRB' },
  'UG (haftungsbeschränkt)': { kind: 'company', register: 'HRB' },
  'Unternehmergesellschaft (haftungsbeschränkt)': { kind: 'company', register: 'HRB' },
  'GmbH & Co. KG': { kind: 'company-kg', register: 'HRA' },
  'UG (haftungsbeschränkt) & Co. KG': { kind: 'company-kg', register: 'HRA' },
  KG: { kind: 'partnership', register: 'HRA', minPartners: 1 },
  OHG: { kind: 'partnership', register: 'HRA', minPartners: 2 },
  PartG: { kind: 'partnership', register: 'PR', minPartners: 2 },
  GbR: { kind: 'partnership', register: null, minPartners: 2 },
  eGbR: { kind: 'partnership', register: 'GsR', minPartners: 2 },
  'e.K.': { kind: 'merchant', register: 'HRA' },
  'e.Kfm.': { kind: 'merchant', register: 'HRA' },
  'e.Kfr.': { kind: 'merchant', register: 'HRA' },
  Einzelunternehmen: { kind: 'sole-trader', register: null },
} as const satisfies Record<string, LegalFormRules>;

export type LegalForm = keyof typeof LEGAL_FORMS;

export const isLegalForm = (form: string): form is LegalForm => Object.hasOwn(LEGAL_FORMS, form);

/** The rules of `form`; a form the schema would refuse is read as a GmbH's. */
export const legalFormRules = (form: string): LegalFormRules =>
  isLegalForm(form) ? LEGAL_FORMS[form] : LEGAL_FORMS.GmbH;

const REGULATED_NEEDS =
  'because the imprint would need the chamber, the statutory professional title and the professional rules (§ 5(1) no. 5 DDG) and the professional liability insurer with its territorial scope (§ 2(1) no. 11 DL-InfoV), for which this site has no fields or texts';

/**
 * Forms the site cannot make true, each with what its imprint would need: a refusal that says why
 * keeps the owner from picking a near form whose imprint prints false facts. Matched in order.
 */
const UNSUPPORTED_FORMS: readonly { pattern: RegExp; reason: string }[] = [
  {
    pattern: /\bPartG\s?mbB\b|Partnerschaft(?:sgesellschaft)?\s+mbB|beschränkter Berufshaftung/i,
    reason: `a PartG mbB, which exists only for a profession whose statute prescribes professional liability insurance (§ 8(4) PartGG), ${REGULATED_NEEDS}`,
  },
  {
    pattern: /(?<!\p{L})i\.\s?L\.|in Liquidation|in Abwicklung/iu,
    reason:
      'a company in liquidation, because the imprint would need its liquidators as its representatives (§ 70 GmbHG, § 149 HGB) and the addition to its firm',
  },
  {
    pattern: /^Unternehmergesellschaft \(haftungsbeschränkt\) & Co\.? KG$/,
    reason:
      'this spelling of the form, because the imprint would need the firm as registered: write legalForm "UG (haftungsbeschränkt) & Co. KG" and the registered firm in "firm"',
  },
  {
    pattern: /\bKGaA\b|Kommanditgesellschaft auf Aktien/,
    reason:
      'a KGaA, because the imprint would need its personally liable partners and the chair of its supervisory board (§ 278 AktG, § 80 AktG)',
  },
  {
    pattern: /(?<![\p{L}.])(?:AG|SE)(?![\p{L}])|Aktiengesellschaft|Societas Europaea/u,
    reason:
      'a stock corporation (AG, SE), because the imprint would need its management board and the chair of its supervisory board (§ 80 AktG), for which this site has no fields',
  },
  {
    pattern: /(?<![\p{L}.])eG(?![\p{L}])|Genossenschaft/u,
    reason:
      'a registered cooperative (eG), because the imprint would need its board (§ 24 GenG), the chair of its supervisory board (§ 25a GenG) and its entry in the Genossenschaftsregister',
  },
  {
    pattern: /(?<![\p{L}.])e\.\s?V\.|(?<![\p{L}])Verein|Stiftung/u,
    reason:
      'an association or foundation, because the imprint would need its board (§ 26 BGB) and its entry in the Vereinsregister or its supervisory authority',
  },
  {
    pattern: /\b(?:Ltd|Limited|Inc|LLC|LLP|plc|S\.?A\.?R\.?L|B\.?V|S\.?r\.?l)\b/i,
    reason:
      "a company under foreign law, because the imprint would need its home register, its representatives under that law and its German branch's entry",
  },
];

/** Why `form` is a form the site cannot serve, or null for one it does not recognise at all. */
export function unsupportedFormReason(form: string): string | null {
  return UNSUPPORTED_FORMS.find(({ pattern }) => pattern.test(form))?.reason ?? null;
}

/**
 * The professions whose partnership must print chamber, rules and insurer (§ 5(1) no. 5 DDG): § 2(1)
 * PartGG puts every partner's profession into the name, so the name shows it.
 */
const REGULATED_PROFESSIONS =
  /(?<!\p{L})(?:(?:Rechts|Patent)anw(?:alt|ält)|Notar|(?:Zahn|Tier|Fach)?[AÄaä]rzt|Architekt(?:en|in|innen)?(?!\p{L}))|Steuerberat|Wirtschaftsprüf|Buchprüf|Psychotherapeut|Apothek|Beratende[rn]? Ingenieur|Prüfingenieur|Vermessungsingenieur|Hebamme/u;

/** Why a business whose name names a regulated profession is refused; null when it names none. */
export function regulatedProfessionReason(name: string): string | null {
  const profession = REGULATED_PROFESSIONS.exec(name)?.[0];
  return profession === undefined
    ? null
    : `a business of a regulated profession ("${profession}…"), ${REGULATED_NEEDS}`;
}

/** The forms a firm or a name can carry, by the words that say them (a family per form). */
export type FormFamily =
  | 'UG & Co. KG'
  | 'GmbH & Co. KG'
  | 'UG'
  | 'GmbH'
  | 'KG'
  | 'OHG'
  | 'PartG'
  | 'eGbR'
  | 'GbR'
  | 'e.K.'
  | 'other';

/** Longer words first, so that "GmbH & Co. KG" is one form, not a GmbH and a KG. */
const FORM_WORDS: readonly [FormFamily, string][] = [
  [
    'UG & Co. KG',
    String.raw`(?:UG|Unternehmergesellschaft)(?: \(haftungsbeschränkt\))? & Co\.? KG`,
  ],
  ['GmbH & Co. KG', String.raw`(?:GmbH|\p{L}*gesellschaft mbH) & Co\.? KG`],
  ['UG', String.raw`(?:UG|Unternehmergesellschaft)(?: \(haftungsbeschränkt\))?`],
  ['GmbH', String.raw`g?GmbH|\p{L}*gesellschaft mbH|Gesellschaft mit beschränkter Haftung`],
  [
    'other',
    String.raw`KGaA|Kommanditgesellschaft auf Aktien|Aktiengesellschaft|AG|SE|eG|e\.\s?V\.`,
  ],
  ['other', String.raw`i\.\s?L\.|Ltd\.?|Limited|Inc\.?|LLC|PartG\s?mbB`],
  ['KG', String.raw`KG|Kommanditgesellschaft`],
  ['OHG', String.raw`OHG|oHG|offene Handelsgesellschaft`],
  [
    'PartG',
    String.raw`PartG|Partnerschaftsgesellschaft|Partnerschaft|(?:und|&|\+) Partner(?:innen)?`,
  ],
  ['eGbR', String.raw`eGbR|eingetragene Gesellschaft bürgerlichen Rechts`],
  ['GbR', String.raw`GbR|Gesellschaft bürgerlichen Rechts`],
  ['e.K.', String.raw`e\.\s?K(?:fm|fr)?\.|eingetragene[r]? Kauf(?:mann|frau)`],
];
const FORM_PATTERNS = FORM_WORDS.map(
  ([family, words]) =>
    [family, new RegExp(`(?<![\\p{L}\\d])(?:${words})(?![\\p{L}\\d])`, 'gu')] as const,
);

/** A legal form's words as they stand in a firm or a name. */
export interface FormWords {
  family: FormFamily;
  words: string;
}

/** Every legal form `text` carries, in the order it carries them. */
export function formsIn(text: string): FormWords[] {
  const found: (FormWords & { at: number; end: number })[] = [];
  for (const [family, pattern] of FORM_PATTERNS)
    for (const match of text.matchAll(pattern)) {
      const at = match.index;
      const end = at + match[0].length;
      if (found.some((other) => at < other.end && other.at < end)) continue;
      found.push({ family, words: match[0], at, end });
    }
  return found.toSorted((a, b) => a.at - b.at).map(({ family, words }) => ({ family, words }));
}

/** The family whose words a firm of `form` carries; null for a sole trader, who has no firm. */
export const FORM_FAMILY: Readonly<Record<LegalForm, Exclude<FormFamily, 'other'> | null>> = {
  GmbH: 'GmbH',
  'UG (haftungsbeschränkt)': 'UG',
  'Unternehmergesellschaft (haftungsbeschränkt)': 'UG',
  'GmbH & Co. KG': 'GmbH & Co. KG',
  'UG (haftungsbeschränkt) & Co. KG': 'UG & Co. KG',
  KG: 'KG',
  OHG: 'OHG',
  PartG: 'PartG',
  GbR: 'GbR',
  eGbR: 'eGbR',
  'e.K.': 'e.K.',
  'e.Kfm.': 'e.K.',
  'e.Kfr.': 'e.K.',
  Einzelunternehmen: null,
};

/** The rule that puts a form's words into its firm, for the owner's message. */
export const FORM_WORDS_RULE: Readonly<Record<Exclude<FormFamily, 'other'>, string>> = {
  'UG & Co. KG': '§ 19(2) HGB, § 5a(1) GmbHG',
  'GmbH & Co. KG': '§ 19(2) HGB',
  UG: '§ 5a(1) GmbHG',
  GmbH: '§ 4 GmbHG',
  KG: '§ 19(1) no. 3 HGB',
  OHG: '§ 19(1) no. 2 HGB',
  PartG: '§ 2(1) PartGG',
  eGbR: '§ 707a(2) BGB',
  GbR: '§ 5(1) no. 1 DDG',
  'e.K.': '§ 19(1) no. 1 HGB',
};
