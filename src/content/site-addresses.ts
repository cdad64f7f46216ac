/**
 * Addresses inside the site that several parts must agree on: the header links the home page's
 * sections, the tests find them, the build writes the business card that the contact card links.
 */

/** The sections of the home page, in order, by their element ids (`#/home#contact`). */
export const HOME_SECTIONS = ['intro', 'consulting', 'development', 'contact'] as const;

/** The business card, which the build writes once, at the site's root. */
export const VCARD_FILE = 'contact.vcf';
