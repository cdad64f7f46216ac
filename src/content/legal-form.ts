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
