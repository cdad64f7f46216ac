import type { Business } from '../../src/content/business-schema.ts';

/**
 * Facts as long as an owner's may be: a name of two long words, a long legal form, a double name
 * with titles, a long street, e-mail address and provider names. The layout tests walk every width
 * with them (e2e/layout.spec.ts), and the visual tests draw them on phones.
 */
export const longBusiness = {
  name: 'Schneider-Wittenberg Informationstechnik',
  legalForm: 'GmbH & Co. KG',
  owner: 'Dr. Anna-Katharina Schneider-Wittenberg',
  phone: '+49 7721 98765432',
  email: 'a.schneider-wittenberg@sws-informatik.de',
  street: 'Friedrich-Wilhelm-Raiffeisen-Straße 128',
  postalCode: '78050',
  town: 'Villingen-Schwenningen',
  vatId: 'DE123456789',
  registerCourt: 'Amtsgericht Freiburg im Breisgau',
  registerNumber: 'HRA 712345',
  siteUrl: 'https://www.schneider-wittenberg-informationstechnik.example/',
  generalPartner: {
    name: 'Schneider-Wittenberg Informationstechnik Verwaltungsgesellschaft mbH',
    seat: 'Villingen-Schwenningen',
    registerCourt: 'Amtsgericht Freiburg im Breisgau',
    registerNumber: 'HRB 712346',
    managingDirectors: [
      'Dr. Anna-Katharina Schneider-Wittenberg',
      'Prof. Dr.-Ing. Hans-Joachim Wittenberg',
    ],
  },
  hosting: {
    kind: 'server',
    name: 'Rechenzentrumsdienstleistungen Süddeutschland GmbH',
    address: 'Industriegebietsstraße 7, 79108 Freiburg im Breisgau',
    country: 'DE',
    accessLogRetentionDays: 14,
  },
  mailProvider: {
    name: 'Kommunikationsinfrastruktur Baden-Württemberg GmbH',
    address: 'Postweg 2, 54321 Beispielstadt',
    country: 'DE',
  },
  supervisoryAuthority: {
    name: 'Der Landesbeauftragte für den Datenschutz und die Informationsfreiheit Baden-Württemberg',
    url: 'https://www.baden-wuerttemberg.datenschutz.example/',
  },
  privacyUpdated: '2026-11-25',
  brand: {
    accent: '#0b5cad',
    accentDark: '#7ab8f5',
    mark: 'SW',
  },
} as const satisfies Business;
