import type { Business } from '../../content/business-schema';
import { EU_EEA_COUNTRIES } from '../../content/eu-eea.ts';
import type { TranslationParams } from '../../i18n/translate';
import type { TranslationKey } from '../../i18n/translation-key';

/** A paragraph of the privacy statement: its text's key and what fills its placeholders. */
export interface Paragraph {
  key: TranslationKey;
  params?: TranslationParams;
}

/** What the privacy statement says of the hosting, as far as it depends on the owner's facts. */
export interface HostingParagraphs {
  /** Who serves the site: a server in the EU/EEA, or a content delivery network. */
  provider: Paragraph;
  /** Whether the log data leave the EU/EEA, and on what ground (Art. 13(1)(f) GDPR). */
  transfer: Paragraph;
  /** How long the logs are kept: the owner's stated days, or by the network's own rules… */
  retention: Paragraph;
  /** …which its privacy policy, linked after that text, states. */
  policyUrl: string | null;
}

/**
 * The hosting paragraphs that hold for `hosting`. Worked out by the build (`HOSTING_PARAGRAPHS`,
 * defined in tooling/content-check-plugin.ts), so that the visitor's browser gets the answer, not
 * the rules.
 */
export function hostingParagraphs(hosting: Business['hosting']): HostingParagraphs {
  const params = { host: hosting.name, address: hosting.address };
  if (hosting.kind === 'server') {
    return {
      provider: { key: 'privacy.hosting.server', params },
      transfer: { key: 'privacy.hosting.transfer.none' },
      retention: {
        key: 'privacy.hosting.retention',
        params: { days: hosting.accessLogRetentionDays },
      },
      policyUrl: null,
    };
  }
  return {
    provider: { key: 'privacy.hosting.cdn', params },
    transfer: { key: transferKey(hosting.country, hosting.transferSafeguard) },
    retention: { key: 'privacy.hosting.cdnRetention' },
    policyUrl: hosting.privacyPolicyUrl,
  };
}

function transferKey(
  country: string,
  safeguard: Extract<Business['hosting'], { kind: 'cdn' }>['transferSafeguard'],
): TranslationKey {
  if (EU_EEA_COUNTRIES.has(country)) return 'privacy.hosting.transfer.none';
  switch (safeguard) {
    case 'eu-us-data-privacy-framework':
      return 'privacy.hosting.transfer.dpf';
    case 'adequacy-decision':
      return 'privacy.hosting.transfer.adequacy';
    default:
      // The schema asks for a safeguard outside the EU/EEA; the contractual clauses remain.
      return 'privacy.hosting.transfer.scc';
  }
}
