import type { Business } from '../../src/content/business-schema.ts';

/**
 * The business facts the visual tests are drawn with (e2e/visual.spec.ts), a copy of the example
 * facts the site shipped with, kept apart from src/content/business.ts so that the owner's facts
 * never change a picture. Change them only together with all the pictures (`npm run test:visual
 * -- --update-snapshots=all`); a new field of the schema needs a value here too.
 */
export const specimenBusiness = {
  name: 'Muster IT',
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
  /** The Geschäftsführer the imprint names; one or more full names. */
  managingDirectors: ['Max Mustermann'],
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
