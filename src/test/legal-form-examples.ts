import type { Business } from '../content/business-schema.ts';
import { EU_MAILBOX, EU_SERVER } from './hosting-examples.ts';

/*
 * The facts of each legal form a small IT business may have, for the tests: one address, contact
 * and providers, with the fields the form asks for and without the others. They must hold
 * whatever src/content/business.ts names, so they bring their own.
 */

const common = {
  name: 'Muster IT',
  owner: 'Max Mustermann',
  phone: '+49 30 1234567',
  email: 'kontakt@example.com',
  street: 'Musterstraße 1',
  postalCode: '12345',
  town: 'Musterstadt',
  vatId: 'DE123456789',
  siteUrl: 'https://www.example.com/',
  hosting: EU_SERVER,
  mailProvider: EU_MAILBOX,
  supervisoryAuthority: {
    name: 'Landesbeauftragte für Datenschutz Musterland',
    url: 'https://datenschutz.example.org/',
  },
  privacyUpdated: '2026-11-25',
  brand: { accent: '#0b5cad', accentDark: '#7ab8f5', mark: 'M' },
} as const;

export const GMBH = {
  ...common,
  legalForm: 'GmbH',
  registerCourt: 'Amtsgericht Musterstadt',
  registerNumber: 'HRB 12345',
  managingDirectors: ['Max Mustermann', 'Erika Musterfrau'],
} as const satisfies Business;

/** A one-woman UG, without VAT id (a small business under § 19 UStG), with the feminine word. */
export const UG = {
  ...common,
  legalForm: 'UG (haftungsbeschränkt)',
  owner: 'Erika Musterfrau',
  vatId: undefined,
  economicId: 'DE123456789-00001',
  registerCourt: 'Amtsgericht Musterstadt',
  registerNumber: 'HRB 23456',
  managingDirectors: ['Erika Musterfrau'],
  roleWord: 'feminine',
} as const satisfies Business;

export const GMBH_CO_KG = {
  ...common,
  legalForm: 'GmbH & Co. KG',
  registerCourt: 'Amtsgericht Musterstadt',
  registerNumber: 'HRA 34567',
  generalPartner: {
    name: 'Muster Verwaltungs GmbH',
    seat: 'Musterstadt',
    registerCourt: 'Amtsgericht Beispielstadt',
    registerNumber: 'HRB 45678',
    managingDirectors: ['Max Mustermann', 'Erika Musterfrau'],
  },
} as const satisfies Business;

export const EK = {
  ...common,
  legalForm: 'e.K.',
  owner: 'Erika Musterfrau',
  registerCourt: 'Amtsgericht Musterstadt',
  registerNumber: 'HRA 56789',
  roleWord: 'feminine',
} as const satisfies Business;

/** A freelancer without a register entry, and without VAT id. */
export const SOLE_TRADER = {
  ...common,
  legalForm: 'Einzelunternehmen',
  owner: 'Max Mustermann',
  vatId: undefined,
} as const satisfies Business;

export const GBR = {
  ...common,
  legalForm: 'GbR',
  partners: ['Max Mustermann', 'Erika Musterfrau'],
} as const satisfies Business;

export const OHG = {
  ...common,
  legalForm: 'OHG',
  registerCourt: 'Amtsgericht Musterstadt',
  registerNumber: 'HRA 67890',
  partners: ['Max Mustermann', 'Erika Musterfrau'],
} as const satisfies Business;

/** With its firm as registered: § 2(1) PartGG puts a partner's name and the profession in it. */
export const PARTG = {
  ...common,
  legalForm: 'PartG',
  firm: 'Mustermann und Partner Informatiker PartG',
  registerCourt: 'Amtsgericht Essen',
  registerNumber: 'PR 1234',
  partners: ['Max Mustermann', 'Erika Musterfrau'],
} as const satisfies Business;
