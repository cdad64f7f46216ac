import { business } from '../content/business.ts';
import type { Business } from '../content/business-schema.ts';

/*
 * The facts of each legal form a small IT business may have, for the tests: the shipped example's
 * address, contact and providers, with the fields the form asks for and without the others.
 */

const {
  managingDirectors: _managingDirectors,
  registerCourt: _registerCourt,
  registerNumber: _registerNumber,
  roleWord: _roleWord,
  generalPartner: _generalPartner,
  partners: _partners,
  ...common
}: Business = business;

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

export const PARTG = {
  ...common,
  legalForm: 'PartG',
  registerCourt: 'Amtsgericht Essen',
  registerNumber: 'PR 1234',
  partners: ['Max Mustermann', 'Erika Musterfrau'],
} as const satisfies Business;
