import { LANGUAGES } from '../src/i18n/language.ts';

/** Where RFC 9116 puts the file, below the site's root. */
export const SECURITY_TXT = '.well-known/security.txt';

/**
 * `/.well-known/security.txt` (RFC 9116): whom to tell about a vulnerability. Made by every build
 * from the business facts, so that the address and the canonical URL follow the configuration and
 * the file never expires while the site is deployed regularly: `Expires` is a year after the build
 * (the RFC asks for less than a year ahead; a year to the day is what its examples do).
 */
export function securityTxt(facts: { email: string; siteUrl: string }, builtAt: Date): string {
  const expires = new Date(builtAt);
  expires.setUTCFullYear(expires.getUTCFullYear() + 1);
  return [
    `Contact: mailto:${facts.email}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    `Preferred-Languages: ${LANGUAGES.join(', ')}`,
    `Canonical: ${new URL(SECURITY_TXT, facts.siteUrl).href}`,
    '',
  ].join('\n');
}
