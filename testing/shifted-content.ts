import type { Business } from '../src/content/business-schema.ts';
import { EU_EEA_COUNTRIES } from '../src/content/eu-eea.ts';
import { SERVICE_AREAS } from '../src/content/home-sections.ts';
import { LANGUAGES } from '../src/i18n/language.ts';
import { entryAt, type Dictionary } from '../src/i18n/translate.ts';
import {
  CLOUDFLARE_PAGES,
  EU_MAILBOX,
  EU_SERVER,
  SWISS_MAILBOX_TO_US,
} from '../src/test/hosting-examples.ts';
import type { Translations } from '../site-build/content-check/translation-files.ts';
import { leafStrings, type WritableDictionary } from './content-copy.ts';

// The content proof's other content, derived from the owner's so that each value always differs
// from it. The brand colours stay: a derived colour could miss WCAG AA.

/** Every ASCII letter one on (z → a, case kept), every digit one up (9 → 0); `{placeholders}` stay. */
export const shifted = (text: string): string =>
  text.replace(/\{\w+\}|[a-z\d]/gi, (character) => {
    if (character.length > 1) return character;
    if (/\d/.test(character)) return String((Number(character) + 1) % 10);
    if (/z/i.test(character)) return character === 'z' ? 'a' : 'A';
    return String.fromCharCode(character.charCodeAt(0) + 1);
  });

/** A host name with every label shifted but the top-level domain (and a leading `www`). */
export const shiftedHost = (host: string): string =>
  host
    .split('.')
    .map((label, index, labels) =>
      index === labels.length - 1 || (index === 0 && label === 'www') ? label : shifted(label),
    )
    .join('.');

const shiftedUrl = (url: string) => {
  const parsed = new URL(url);
  parsed.hostname = shiftedHost(parsed.hostname);
  return parsed.href;
};

/** Other valid facts, each differing from the owner's. */
export function otherFacts(facts: Business): Business {
  const [local = '', domain = ''] = facts.email.split('@');
  return {
    name: shifted(facts.name),
    legalForm: facts.legalForm === 'GmbH' ? 'UG (haftungsbeschränkt)' : 'GmbH',
    owner: shifted(facts.owner),
    // The country code stays, so that the number stays a German one.
    phone: facts.phone.replace(
      /^(\+\d\d)?(.*)$/,
      (_, code = '', rest: string) => code + shifted(rest),
    ),
    email: `${shifted(local)}@${shiftedHost(domain)}`,
    street: shifted(facts.street),
    postalCode: shifted(facts.postalCode),
    town: shifted(facts.town),
    vatId: `DE${shifted((facts.vatId ?? 'DE123456789').slice(2))}`,
    registerCourt: shifted(facts.registerCourt ?? 'Amtsgericht Musterstadt'),
    // A GmbH or UG whatever the owner's form: entered in part B of the register.
    registerNumber: `HRB ${shifted((facts.registerNumber ?? '12345').replace(/\D/g, '') || '12345')}`,
    siteUrl: shiftedUrl(facts.siteUrl),
    // One director more than before, so that the imprint names one and more than one alike.
    managingDirectors: [...(facts.managingDirectors ?? []).map(shifted), shifted(facts.owner)],
    // The other kind of hosting, so that the privacy statement shows the other paragraphs.
    hosting: facts.hosting.kind === 'server' ? CLOUDFLARE_PAGES : EU_SERVER,
    // A mailbox on the other side of the EU's border, so that the e-mails' transfer (or its
    // absence) and a country's name change too.
    mailProvider:
      !EU_EEA_COUNTRIES.has(facts.mailProvider.country) || 'transfers' in facts.mailProvider
        ? {
            ...EU_MAILBOX,
            name: shifted(facts.mailProvider.name),
            address: shifted(facts.mailProvider.address),
          }
        : SWISS_MAILBOX_TO_US,
    supervisoryAuthority: {
      name: shifted(facts.supervisoryAuthority.name),
      url: shiftedUrl(facts.supervisoryAuthority.url),
    },
    privacyUpdated: new Date(Date.parse(`${facts.privacyUpdated}T12:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10),
    brand: { ...facts.brand, mark: shifted(facts.brand.mark) },
  };
}

/** The groups whose texts the proof changes: the service names and the carousel's sentences. */
const changedGroups = (dictionary: Dictionary) =>
  [...SERVICE_AREAS.map((area) => `${area}.items`), 'carousel'].map((path) => {
    const group = entryAt(dictionary, path);
    if (typeof group !== 'object') throw new Error(`The translation files have no group ${path}`);
    return group as WritableDictionary;
  });

export function otherTexts(texts: Translations): Translations {
  const copy = structuredClone(texts);
  for (const group of LANGUAGES.flatMap((language) => changedGroups(copy[language]))) {
    for (const [key, text] of Object.entries(group)) {
      if (typeof text === 'string') group[key] = shifted(text);
    }
  }
  return copy;
}

/**
 * The owner's values that `facts` and `texts` replace: none may be left in their build. A value
 * they say themselves is no leftover (a short one may stand inside a longer changed text).
 */
export function replacedValues(
  owner: { facts: Business; texts: Translations },
  changed: { facts: Business; texts: Translations },
): string[] {
  const { facts } = owner;
  const values = [
    facts.name,
    facts.owner,
    facts.phone,
    facts.email,
    facts.street,
    facts.vatId,
    facts.registerNumber,
    facts.registerCourt,
    'name' in facts.hosting ? facts.hosting.name : undefined,
    facts.mailProvider.name,
    facts.supervisoryAuthority.name,
    facts.siteUrl,
    ...LANGUAGES.flatMap((language) =>
      changedGroups(owner.texts[language]).flatMap((group) => Object.values(group)),
    ),
  ];
  const kept = leafStrings(changed);
  return [...new Set(values)].filter(
    (value): value is string =>
      typeof value === 'string' && !kept.some((each) => each.includes(value)),
  );
}
