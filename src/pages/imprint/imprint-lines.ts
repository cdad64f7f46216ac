import type { Business } from '../../content/business-schema.ts';
import { legalFormRules } from '../../content/legal-form.ts';
import type { TranslationParams } from '../../i18n/translate.ts';
import type { TranslationKey } from '../../i18n/translation-key.ts';

/** A line of the imprint's representation: its key, its params, and names the page joins. */
export interface ImprintLine {
  key: TranslationKey;
  params?: TranslationParams;
  /** Full names, joined in the page's language ("A und B") into the `names` placeholder. */
  names?: readonly string[];
}

type RoleWord = NonNullable<Business['roleWord']>;

const DIRECTOR_KEYS = {
  neutral: ['imprint.managementOne', 'imprint.managementMany'],
  feminine: ['imprint.managingDirectorFemale', 'imprint.managingDirectorsFemale'],
  masculine: ['imprint.managingDirector', 'imprint.managingDirectors'],
} as const satisfies Record<RoleWord, readonly [TranslationKey, TranslationKey]>;

const OWNER_KEYS = {
  neutral: 'imprint.ownerNeutral',
  feminine: 'imprint.ownerFemale',
  masculine: 'imprint.ownerMale',
} as const satisfies Record<RoleWord, TranslationKey>;

/** "Geschäftsführer: …": the word the owner chose, unset the neutral "Geschäftsführung". */
function directors(names: readonly string[], roleWord: RoleWord = 'neutral'): ImprintLine {
  const [one, many] = DIRECTOR_KEYS[roleWord];
  return { key: names.length === 1 ? one : many, names };
}

/**
 * Who represents the business, as its legal form has it (§ 5(1) no. 1 DDG; for a GmbH & Co. KG
 * §§ 125a, 177a HGB); none for a sole trader, who is named in the address. Worked out by the
 * build, so that the visitor's browser gets the lines, not the rules of every form.
 */
export function imprintLines(facts: Business): ImprintLine[] {
  const { legalForm, roleWord } = facts;
  const { kind } = legalFormRules(legalForm);
  if (kind === 'company') return [directors(facts.managingDirectors ?? [], roleWord)];
  if (kind === 'company-kg' && facts.generalPartner) {
    const { name, seat, registerCourt, registerNumber, managingDirectors } = facts.generalPartner;
    return [
      { key: 'imprint.generalPartner', params: { name, seat, registerCourt, registerNumber } },
      { key: 'imprint.generalPartnerRepresentedBy', params: { name } },
      directors(managingDirectors, roleWord),
    ];
  }
  if (kind === 'partnership') {
    const names = facts.partners ?? [];
    if (legalForm === 'KG')
      return [
        {
          key:
            names.length === 1
              ? 'imprint.generalPartnerPersonOne'
              : 'imprint.generalPartnerPersonMany',
          names,
        },
      ];
    const key = legalForm.startsWith('PartG') ? 'imprint.professionalPartners' : 'imprint.partners';
    return [{ key, names }];
  }
  if (kind === 'merchant') {
    const implied =
      legalForm === 'e.Kfr.' ? 'feminine' : legalForm === 'e.Kfm.' ? 'masculine' : 'neutral';
    return [{ key: OWNER_KEYS[roleWord ?? implied], params: { name: facts.owner } }];
  }
  return [];
}
