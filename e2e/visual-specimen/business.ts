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
  siteUrl: 'https://www.example.com/',
  managingDirectors: ['Max Mustermann'],
  hosting: {
    kind: 'server',
    name: 'Beispiel Hosting GmbH',
    address: 'Serverstraße 7, 54321 Beispielstadt',
    country: 'DE',
    accessLogRetentionDays: 14,
  },
  mailProvider: {
    name: 'Beispiel Mail GmbH',
    address: 'Postweg 2, 54321 Beispielstadt',
    country: 'DE',
  },
  supervisoryAuthority: {
    name: 'Landesbeauftragte für Datenschutz Musterland',
    url: 'https://datenschutz.example.org/',
  },
  privacyUpdated: '2026-11-25',
  brand: {
    accent: '#0b5cad',
    accentDark: '#7ab8f5',
    mark: 'M',
  },
} as const satisfies Business;
