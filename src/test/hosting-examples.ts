import type { Business } from '../content/business-schema.ts';

/*
 * One hosting fact of each kind, for the tests and the content proof: they must hold whatever
 * src/content/business.ts names, so they bring their own.
 */

/** A rented server in the EU, as the shipped example has it. */
export const EU_SERVER = {
  kind: 'server',
  name: 'Beispiel Hosting GmbH',
  address: 'Serverstraße 7, 54321 Beispielstadt, Deutschland',
  accessLogRetentionDays: 14,
} as const satisfies Business['hosting'];

/** Cloudflare Pages, with the values deploy/README.md gives the owner. */
export const CLOUDFLARE_PAGES = {
  kind: 'cdn',
  name: 'Cloudflare, Inc.',
  address: '101 Townsend St, San Francisco, CA 94107, USA',
  country: 'US',
  transferSafeguard: 'eu-us-data-privacy-framework',
  privacyPolicyUrl: 'https://www.cloudflare.com/privacypolicy/',
} as const satisfies Business['hosting'];
