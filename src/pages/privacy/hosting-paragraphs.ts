import type { Business } from '../../content/business-schema.ts';
import { EU_EEA_COUNTRIES } from '../../content/eu-eea.ts';
import { legalFormRules } from '../../content/legal-form.ts';
import type { TranslationParams } from '../../i18n/translate.ts';
import type { TranslationKey } from '../../i18n/translation-key.ts';

/**
 * A paragraph of the privacy statement: its text's key and what fills its placeholders. A
 * `country` param is a two-letter code, which the page names in its own language (country-name.ts).
 */
export interface Paragraph {
  key: TranslationKey;
  params?: TranslationParams;
}

/** What the privacy statement says of the hosting and the mailbox, as the owner's facts decide. */
export interface HostingParagraphs {
  /** Who serves the site, and from where: a rented server, a server of our own, or a CDN. */
  provider: Paragraph;
  /**
   * The provider as our processor (Art. 28 GDPR): none on a server of our own; for a CDN only as
   * far as it processes on our behalf, as it also processes some traffic data for its own ends.
   */
  processor: TranslationKey | null;
  /** The sentences of the logs' transfers: each country outside the EU/EEA with its ground. */
  transfer: Paragraph[];
  /** After how many days the logs are deleted: the owner's days, or those of the CDN's contract. */
  retention: Paragraph;
  /** The CDN's privacy policy, linked after the retention; none for a server. */
  policyUrl: string | null;
  /**
   * Whether the statement may say we keep an entry longer for a security incident: only where the
   * logs are ours to keep (a server), not on a CDN, whose logs we never hold.
   */
  incident: boolean;
  /**
   * Whether the provider also processes the visitors' data for its own ends (a CDN): passing them
   * to it has its own ground, and the objection section names it.
   */
  ownPurposes: boolean;
  /** The mail provider, its address and country. */
  mail: Paragraph;
  /** The e-mails' transfers, in the same sentences as the logs'. */
  mailTransfer: Paragraph[];
  /**
   * How long business letters are kept: § 257 HGB binds merchants alone (§ 238 HGB), so the
   * others keep them under § 147 AO only.
   */
  letters: TranslationKey;
}

/** What the statement needs of a processor to say where its data go. */
type Processor = Business['mailProvider'];
type Safeguard = NonNullable<Processor['transferSafeguard']>;
interface Destinations {
  /** Who transfers, named in each sentence: "the provider" would be ambiguous beside the other. */
  name: string;
  country: string;
  transferSafeguard?: Safeguard | undefined;
  transfers?: readonly NonNullable<Processor['transfers']>[number][] | undefined;
  /** A CDN's servers: "worldwide" ones answer from third countries too. */
  edgeLocations?: 'eea' | 'worldwide';
}

/**
 * The privacy statement's paragraphs that hold for the owner's facts. Worked out by the build
 * (`HOSTING_PARAGRAPHS` of `virtual:content-constants`, site-build/content-check/content-constants.ts), so that the
 * visitor's browser gets the answer, not the rules.
 */
export function hostingParagraphs({
  hosting,
  mailProvider,
  legalForm,
}: Pick<Business, 'hosting' | 'mailProvider' | 'legalForm'>): HostingParagraphs {
  const { kind } = legalFormRules(legalForm);
  const merchant =
    kind === 'company' ||
    kind === 'company-kg' ||
    kind === 'merchant' ||
    legalForm === 'KG' ||
    legalForm === 'OHG';
  const letters = merchant ? 'privacy.contact.retention' : 'privacy.contact.retentionTax';
  const days = hosting.accessLogRetentionDays;
  // German and English share one plural rule: the singular for 1, the plural for any other number.
  // A CDN's days bind it only where it acts for us; what it keeps for its own ends its policy says.
  const [many, one] =
    hosting.kind === 'cdn'
      ? (['privacy.hosting.cdnRetention', 'privacy.hosting.cdnRetentionOneDay'] as const)
      : (['privacy.hosting.retention', 'privacy.hosting.retentionOneDay'] as const);
  const retention: Paragraph = { key: days === 1 ? one : many, params: { days } };
  const mail: Paragraph = {
    key: 'privacy.contact.mail',
    params: {
      provider: mailProvider.name,
      address: mailProvider.address,
      country: mailProvider.country,
    },
  };
  const mailTransfer = transferSentences(mailProvider, 'privacy.transfer.noneMail');
  if (hosting.kind === 'own-server') {
    return {
      provider: { key: 'privacy.hosting.ownServer', params: { country: hosting.country } },
      processor: null,
      transfer: [{ key: 'privacy.transfer.noneLogs' }],
      retention,
      policyUrl: null,
      incident: true,
      ownPurposes: false,
      mail,
      mailTransfer,
      letters,
    };
  }
  const params = { host: hosting.name, address: hosting.address, country: hosting.country };
  const cdn = hosting.kind === 'cdn';
  return {
    provider: {
      key: !cdn
        ? 'privacy.hosting.server'
        : hosting.edgeLocations === 'eea'
          ? 'privacy.hosting.cdnEea'
          : 'privacy.hosting.cdn',
      params,
    },
    processor: cdn ? 'privacy.hosting.cdnProcessor' : 'privacy.hosting.processor',
    transfer: transferSentences(hosting, 'privacy.transfer.noneLogs'),
    retention,
    policyUrl: cdn ? hosting.privacyPolicyUrl : null,
    incident: !cdn,
    ownPurposes: cdn,
    mail,
    mailTransfer,
    letters,
  };
}

const GROUND_KEYS = {
  'eu-us-data-privacy-framework': 'privacy.transfer.dpf',
  'swiss-us-data-privacy-framework': 'privacy.transfer.swissDpf',
  'adequacy-decision': 'privacy.transfer.adequacy',
  'standard-contractual-clauses': 'privacy.transfer.scc',
} as const satisfies Record<Safeguard, TranslationKey>;

/** What a provider in Switzerland passes on rests on Swiss law (Art. 16 DSG), in its words. */
const SWISS_GROUND_KEYS = {
  ...GROUND_KEYS,
  'adequacy-decision': 'privacy.transfer.swissAdequacy',
  'standard-contractual-clauses': 'privacy.transfer.swissScc',
} as const satisfies Record<Safeguard, TranslationKey>;

/**
 * Where a processor's data go outside the EU/EEA, each country followed by its ground: first the
 * seat, if it is outside, then every further country ("also" once one was named). The schema has
 * made sure that each has a ground that holds for it; `none` says what stays inside.
 */
export function transferSentences(facts: Destinations, none: TranslationKey): Paragraph[] {
  const sentences: Paragraph[] = [];
  const provider = facts.name;
  if (!EU_EEA_COUNTRIES.has(facts.country) && facts.transferSafeguard !== undefined)
    sentences.push(
      { key: 'privacy.transfer.seat', params: { provider, country: facts.country } },
      { key: GROUND_KEYS[facts.transferSafeguard] },
    );
  const onwardKeys = facts.country === 'CH' ? SWISS_GROUND_KEYS : GROUND_KEYS;
  for (const { country, safeguard } of facts.transfers ?? [])
    sentences.push(
      {
        key: sentences.length > 0 ? 'privacy.transfer.onwardAlso' : 'privacy.transfer.onward',
        params: { provider, country },
      },
      { key: onwardKeys[safeguard] },
    );
  // The servers of a worldwide network answer from third countries under the provider's
  // agreement with us: the Commission's clauses are the ground that holds for every country.
  if (facts.edgeLocations === 'worldwide')
    sentences.push(
      { key: 'privacy.transfer.edges', params: { provider } },
      { key: GROUND_KEYS['standard-contractual-clauses'] },
    );
  return sentences.length > 0 ? sentences : [{ key: none }];
}
