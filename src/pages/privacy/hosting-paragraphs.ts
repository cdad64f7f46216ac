import type { Business } from '../../content/business-schema.ts';
import { EU_EEA_COUNTRIES } from '../../content/eu-eea.ts';
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
  /** Whether a processor handles the logs for us (Art. 28 GDPR): not on a server of our own. */
  processor: boolean;
  /** Whether the log data leave the EU/EEA, and on what ground (Art. 13(1)(f) GDPR). */
  transfer: Paragraph;
  /** After how many days the logs are deleted: the owner's days, or those of the CDN's contract. */
  retention: Paragraph;
  /** The CDN's privacy policy, linked after the retention; none for a server. */
  policyUrl: string | null;
  /**
   * Whether the statement may say we keep an entry longer for a security incident: only where the
   * logs are ours to keep (a server), not on a CDN, whose logs we never hold.
   */
  incident: boolean;
  /** The mail provider, its address and country. */
  mail: Paragraph;
  /** Whether e-mails leave the EU/EEA, and on what ground: the same sentences as for the logs. */
  mailTransfer: Paragraph;
}

/** What the statement needs of a processor to say where its data go. */
type Destination = Pick<
  Extract<Business['hosting'], { kind: 'cdn' }>,
  'country' | 'transferCountry' | 'transferSafeguard'
>;

/**
 * The privacy statement's paragraphs that hold for the owner's facts. Worked out by the build
 * (`HOSTING_PARAGRAPHS`, defined in tooling/content-constants.ts), so that the visitor's browser
 * gets the answer, not the rules.
 */
export function hostingParagraphs({
  hosting,
  mailProvider,
}: Pick<Business, 'hosting' | 'mailProvider'>): HostingParagraphs {
  const retention: Paragraph = {
    key: 'privacy.hosting.retention',
    params: { days: hosting.accessLogRetentionDays },
  };
  const mail: Paragraph = {
    key: 'privacy.contact.mail',
    params: {
      provider: mailProvider.name,
      address: mailProvider.address,
      country: mailProvider.country,
    },
  };
  const mailTransfer = transferParagraph(mailProvider);
  if (hosting.kind === 'own-server') {
    return {
      provider: { key: 'privacy.hosting.ownServer', params: { country: hosting.country } },
      processor: false,
      transfer: transferParagraph(hosting),
      retention,
      policyUrl: null,
      incident: true,
      mail,
      mailTransfer,
    };
  }
  const params = { host: hosting.name, address: hosting.address, country: hosting.country };
  const cdn = hosting.kind === 'cdn';
  return {
    provider: { key: cdn ? 'privacy.hosting.cdn' : 'privacy.hosting.server', params },
    processor: true,
    transfer: transferParagraph(hosting),
    retention,
    policyUrl: cdn ? hosting.privacyPolicyUrl : null,
    incident: !cdn,
    mail,
    mailTransfer,
  };
}

/**
 * Whether a processor's data stay in the EU/EEA, and if not, where they go and on what ground; the
 * schema has made sure that a destination outside has a ground, and the DPF only for the US.
 */
export function transferParagraph(facts: Destination): Paragraph {
  const country = facts.transferCountry ?? facts.country;
  if (EU_EEA_COUNTRIES.has(country)) return { key: 'privacy.transfer.none' };
  switch (facts.transferSafeguard) {
    case 'eu-us-data-privacy-framework':
      return { key: 'privacy.transfer.dpf' };
    case 'adequacy-decision':
      return { key: 'privacy.transfer.adequacy', params: { country } };
    default:
      return { key: 'privacy.transfer.scc', params: { country } };
  }
}
