/**
 * Addresses inside the site that several parts must agree on: the build writes the business card
 * that the contact card links.
 */

/** The business card, which the build writes once, at the site's root. */
export const VCARD_FILE = 'contact.vcf';
