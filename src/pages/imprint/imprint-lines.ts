import type { Business } from '../../content/business-schema.ts';
import { legalFormRules } from '../../content/legal-form.ts';
import type { TranslationParams } from '../../i18n/translate.ts';
import type { TranslationKey } from '../../i18n/translation-key.ts';

/** A line of the imprint: its key, its params, and names the page joins. */
export interface ImprintLine {
  key: TranslationKey;
  params?: TranslationParams;
  /** Full names, joined in the page's language ("A und B") into the `names` placeholder. */
  names?: readonly string[];
}

/** What the imprint says of the form: who acts for the business, and in which register it stands. */
export interface ImprintLines {
  /** The heading over the representation; none for an e.K., whose owner is the merchant. */
  heading: TranslationKey | null;
  representation: ImprintLine[];
  /** The register named with court and number (§ 5(1) no. 4 DDG); none without an entry. */
  register: ImprintLine | null;
}

type RoleWord = NonNullable<Business['roleWord']>;
/** The keys of a role for one person and for more than one. */
type RoleKeys = Readonly<Record<RoleWord, readonly [TranslationKey, TranslationKey]>>;

const DIRECTOR_KEYS = {
  neutral: ['imprint.managementOne', 'imprint.managementMany'],
  feminine: ['imprint.managingDirectorFemale', 'imprint.managingDirectorsFemale'],
  masculine: ['imprint.managingDirector', 'imprint.managingDirectors'],
} as const satisfies RoleKeys;

const PARTNER_KEYS = {
  neutral: ['imprint.partnersNeutral', 'imprint.partnersNeutral'],
  feminine: ['imprint.partnersFemale', 'imprint.partnersFemale'],
  masculine: ['imprint.partners', 'imprint.partners'],
} as const satisfies RoleKeys;

const GENERAL_PARTNER_KEYS = {
  neutral: ['imprint.generalPartnerPersonOneNeutral', 'imprint.generalPartnerPersonManyNeutral'],
  feminine: ['imprint.generalPartnerPersonOneFemale', 'imprint.generalPartnerPersonManyFemale'],
  masculine: ['imprint.generalPartnerPersonOne', 'imprint.generalPartnerPersonMany'],
} as const satisfies RoleKeys;

const PROFESSIONAL_PARTNER_KEYS = {
  neutral: ['imprint.professionalPartnersNeutral', 'imprint.professionalPartnersNeutral'],
  feminine: ['imprint.professionalPartnersFemale', 'imprint.professionalPartnersFemale'],
  masculine: ['imprint.professionalPartners', 'imprint.professionalPartners'],
} as const satisfies RoleKeys;

const OWNER_KEYS = {
  neutral: 'imprint.ownerNeutral',
  feminine: 'imprint.ownerFemale',
  masculine: 'imprint.ownerMale',
} as const satisfies Record<RoleWord, TranslationKey>;

const REGISTER_KEYS = {
  HRA: 'imprint.commercialRegister',
  HRB: 'imprint.commercialRegister',
  PR: 'imprint.partnershipRegister',
  GsR: 'imprint.civilRegister',
} as const satisfies Record<string, TranslationKey>;

/** "Geschäftsführer: …": the word the owner chose, unset the neutral one. */
function role(keys: RoleKeys, names: readonly string[], roleWord: RoleWord = 'neutral') {
  const [one, many] = keys[roleWord];
  return { key: names.length === 1 ? one : many, names };
}

/** Who represents the business, as its legal form has it; none for a sole trader. */
function representation(facts: Business): ImprintLine[] {
  const { legalForm, roleWord } = facts;
  const { kind } = legalFormRules(legalForm);
  if (kind === 'company') return [role(DIRECTOR_KEYS, facts.managingDirectors ?? [], roleWord)];
  if (kind === 'company-kg' && facts.generalPartner) {
    const { name, seat, registerCourt, registerNumber, managingDirectors } = facts.generalPartner;
    return [
      { key: 'imprint.generalPartner', params: { name, seat, registerCourt, registerNumber } },
      { key: 'imprint.generalPartnerRepresentedBy', params: { name } },
      role(DIRECTOR_KEYS, managingDirectors, roleWord),
    ];
  }
  if (kind === 'partnership') {
    const keys =
      legalForm === 'KG'
        ? GENERAL_PARTNER_KEYS
        : legalForm === 'PartG'
          ? PROFESSIONAL_PARTNER_KEYS
          : PARTNER_KEYS;
    return [role(keys, facts.partners ?? [], roleWord)];
  }
  if (kind === 'merchant') {
    // The form's own word, where it has one, says who the merchant is; the schema refuses another.
    const implied =
      legalForm === 'e.Kfr.' ? 'feminine' : legalForm === 'e.Kfm.' ? 'masculine' : undefined;
    return [{ key: OWNER_KEYS[implied ?? roleWord ?? 'neutral'], params: { name: facts.owner } }];
  }
  return [];
}

/**
 * The imprint's lines for the legal form (§ 5(1) nos. 1 and 4 DDG; for a GmbH & Co. KG §§ 125a,
 * 177a HGB). Worked out by the build, so that the visitor's browser gets the lines, not the rules
 * of every form.
 */
export function imprintLines(facts: Business): ImprintLines {
  const { kind, register } = legalFormRules(facts.legalForm);
  const { registerCourt: court, registerNumber: number } = facts;
  return {
    heading: kind === 'merchant' || kind === 'sole-trader' ? null : 'imprint.representedBy',
    representation: representation(facts),
    register:
      register !== null && court !== undefined && number !== undefined
        ? { key: REGISTER_KEYS[register], params: { court, number } }
        : null,
  };
}
