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
  'PartG mbB': { kind: 'partnership', register: 'PR', minPartners: 2 },
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
