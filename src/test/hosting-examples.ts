import type { Business } from '../content/business-schema.ts';

/*
 * One hosting fact of each kind, and a mailbox in and one outside the EU, for the tests and the
 * content proof: they must hold whatever src/content/business.ts names, so they bring their own.
 */

/** A rented server in the EU, as the shipped example has it. */
export const EU_SERVER = {
  kind: 'server',
  name: 'Beispiel Hosting GmbH',
  address: 'Serverstraße 7, 54321 Beispielstadt',
  country: 'DE',
  accessLogRetentionDays: 14,
} as const satisfies Business['hosting'];

/** Hardware the owner owns or runs on its own premises, in Austria: no processor. */
export const OWN_SERVER = {
  kind: 'own-server',
  country: 'AT',
  accessLogRetentionDays: 7,
} as const satisfies Business['hosting'];

/**
 * Cloudflare Pages, with the values hosting/README.md gives the owner. The 30 days are an example:
 * the owner takes the figure from Cloudflare's data processing agreement or asks Cloudflare.
 */
export const CLOUDFLARE_PAGES = {
  kind: 'cdn',
  name: 'Cloudflare, Inc.',
  address: '101 Townsend St, San Francisco, CA 94107',
  country: 'US',
  transferSafeguard: 'eu-us-data-privacy-framework',
  // Affiliates outside the US that Cloudflare names as sub-processors; the owner copies its list.
  transfers: [
    { country: 'GB', safeguard: 'adequacy-decision' },
    { country: 'SG', safeguard: 'standard-contractual-clauses' },
  ],
  accessLogRetentionDays: 30,
  privacyPolicyUrl: 'https://www.cloudflare.com/privacypolicy/',
  // Its network answers from the server nearest the visitor, anywhere in the world.
  edgeLocations: 'worldwide',
} as const satisfies Business['hosting'];

/** A mailbox in the EU, as the shipped example has it. */
export const EU_MAILBOX = {
  name: 'Beispiel Mail GmbH',
  address: 'Postweg 2, 54321 Beispielstadt',
  country: 'DE',
} as const satisfies Business['mailProvider'];

/**
 * Microsoft 365, contracted through Ireland, with Microsoft's US affiliates as sub-processors: the
 * seat is in the EU, the data may go to the US.
 */
export const MICROSOFT_365 = {
  name: 'Microsoft Ireland Operations Limited',
  address: 'One Microsoft Place, South County Business Park, Leopardstown, Dublin 18, D18 P521',
  country: 'IE',
  transfers: [{ country: 'US', safeguard: 'eu-us-data-privacy-framework' }],
} as const satisfies Business['mailProvider'];

/**
 * Google Workspace, contracted through Ireland, with Google LLC in the US and sub-processors
 * elsewhere under the contractual clauses (here India, as an example of such a country).
 */
export const GOOGLE_WORKSPACE = {
  name: 'Google Cloud EMEA Limited',
  address: '70 Sir John Rogerson’s Quay, Dublin 2',
  country: 'IE',
  transfers: [
    { country: 'US', safeguard: 'eu-us-data-privacy-framework' },
    { country: 'IN', safeguard: 'standard-contractual-clauses' },
  ],
} as const satisfies Business['mailProvider'];

/** A Swiss mailbox: outside the EU/EEA, under the Commission's adequacy decision for Switzerland. */
export const SWISS_MAILBOX = {
  name: 'Proton AG',
  address: 'Route de la Galaise 32, 1228 Plan-les-Ouates',
  country: 'CH',
  transferSafeguard: 'adequacy-decision',
} as const satisfies Business['mailProvider'];

/**
 * A Swiss mailbox passing data to a US recipient certified under the Swiss-US Data Privacy
 * Framework: Swiss law governs that transfer.
 */
export const SWISS_MAILBOX_TO_US_DPF = {
  ...SWISS_MAILBOX,
  transfers: [{ country: 'US', safeguard: 'swiss-us-data-privacy-framework' }],
} as const satisfies Business['mailProvider'];

/** A Swiss mailbox whose data also go to India, under the clauses Swiss law recognises. */
export const SWISS_MAILBOX_TO_INDIA = {
  ...SWISS_MAILBOX,
  transfers: [{ country: 'IN', safeguard: 'standard-contractual-clauses' }],
} as const satisfies Business['mailProvider'];

/** A Swiss mailbox whose data also go to the UK, which the Federal Council lists as adequate. */
export const SWISS_MAILBOX_TO_UK = {
  ...SWISS_MAILBOX,
  transfers: [{ country: 'GB', safeguard: 'adequacy-decision' }],
} as const satisfies Business['mailProvider'];

/** A Swiss mailbox whose data also go to the US, under the contractual clauses. */
export const SWISS_MAILBOX_TO_US = {
  ...SWISS_MAILBOX,
  transfers: [{ country: 'US', safeguard: 'standard-contractual-clauses' }],
} as const satisfies Business['mailProvider'];
