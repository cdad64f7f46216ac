/**
 * Addresses inside the site that several parts must agree on: the build writes the business card
 * that the contact card links.
 */

/** The business card, which the build writes beside each document (tooling/vcard.ts). */
export const VCARD_FILE = 'contact.vcf';
