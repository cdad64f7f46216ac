import type { Business } from './business-schema.ts';

/**
 * Every fact about the business that the site shows: header, contact block, footer, imprint and
 * privacy statement all read it from here. Edit the values, keep the field names; the build checks
 * each value and stops with a message naming the field when one is malformed.
 *
 * The values below are fictitious examples.
 */
export const business = {
  /** The short name the header shows, without the legal form. */
  name: 'Muster IT',
  /**
   * The imprint, footer and vCard say name and form ("Muster IT GmbH"); a firm registered
   * otherwise goes verbatim into `firm: 'Mustermann und Partner Informatiker PartG'`.
   */
  legalForm: 'GmbH',
  owner: 'Max Mustermann',
  phone: '+49 30 1234567',
  email: 'kontakt@example.com',
  street: 'Musterstraße 1',
  postalCode: '12345',
  town: 'Musterstadt',
  vatId: 'DE123456789',
  registerCourt: 'Amtsgericht Musterstadt',
  registerNumber: 'HRB 12345',
  /** The address where visitors reach the site (search engines and link previews use it). */
  siteUrl: 'https://www.example.com/',
  /**
   * The legal form decides the imprint's other fields (docs/owner-guide.md shows each): a GmbH or
   * UG (haftungsbeschränkt) names its managing directors, one or more full names; `roleWord` is
   * how the imprint calls them: 'masculine' "Geschäftsführer", 'feminine' "Geschäftsführerin",
   * 'neutral' (or left out) "Geschäftsführung".
   */
  managingDirectors: ['Max Mustermann'],
  roleWord: 'masculine',
  /**
   * Where the site is served from; the privacy statement says what follows from it. `kind:
   * 'server'` is a rented server, VPS or webspace (its host processes the logs for you), `kind:
   * 'own-server'` hardware the business owns or runs on its own premises, in the EU/EEA (only
   * `country` and the days), `kind: 'cdn'` a content delivery network such as Cloudflare Pages
   * (hosting/README.md shows its values). `country` is the two-letter code of the provider's seat
   * (the page names it in the visitor's language, so the address ends before it); a seat outside
   * the EU/EEA needs `transferSafeguard`, and every further country outside it goes into
   * `transfers: [{ country: 'US', safeguard: 'standard-contractual-clauses' }]`.
   */
  hosting: {
    kind: 'server',
    name: 'Beispiel Hosting GmbH',
    address: 'Serverstraße 7, 54321 Beispielstadt',
    country: 'DE',
    /** After how many days the host deletes its access logs (ask the host; many keep 7 to 14). */
    accessLogRetentionDays: 14,
  },
  /**
   * Who runs your mailbox: it receives every e-mail sent to you, on your behalf. `country`,
   * `transferSafeguard` and `transfers` as for the host, e.g. for a mailbox contracted through
   * Ireland whose data also go to the US: `country: 'IE', transfers: [{ country: 'US', safeguard:
   * 'eu-us-data-privacy-framework' }]`.
   */
  mailProvider: {
    name: 'Beispiel Mail GmbH',
    address: 'Postweg 2, 54321 Beispielstadt',
    country: 'DE',
  },
  /** The data protection authority of the federal state of the business's seat. */
  supervisoryAuthority: {
    name: 'Landesbeauftragte für Datenschutz Musterland',
    url: 'https://datenschutz.example.org/',
  },
  /** The day the privacy statement was last changed (YYYY-MM-DD); it shows as "last updated". */
  privacyUpdated: '2026-11-25',
  /**
   * The look: the accent colour of links, buttons and focus rings in the light and the dark theme
   * (`#rrggbb`), and the one or two letters of the logo mark. The build checks every colour made
   * from them against WCAG AA and stops naming the colour and its contrast when one falls short.
   */
  brand: {
    accent: '#0b5cad',
    accentDark: '#7ab8f5',
    mark: 'M',
  },
} as const satisfies Business;

/** `+49 30 1234567` → `tel:+49301234567`: a dialable link needs the digits alone. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
export const phoneHref = telHref(business.phone);
export const emailHref = `mailto:${business.email}`;
/** A sole trader without a register entry: the person, no legal form in the name. */
export const isSoleTrader = (legalForm: string): boolean => legalForm === 'Einzelunternehmen';

/**
 * The firm as registered, as the imprint, the statement's controller, the footer, the vCard and
 * search engines say it: `firm` verbatim where the owner gives it, else the name with the legal
 * form. A sole trader's business name carries no legal form; the imprint adds the person's name.
 */
export const legalNameOf = (facts: Pick<Business, 'name' | 'legalForm' | 'firm'>): string =>
  facts.firm ?? (isSoleTrader(facts.legalForm) ? facts.name : `${facts.name} ${facts.legalForm}`);
export const legalName = legalNameOf(business);
