import { LANGUAGES } from '../src/i18n/language.ts';

/** Where RFC 9116 puts the file, below the site's root. */
export const SECURITY_TXT = '.well-known/security.txt';

/** Whom to tell of a vulnerability; it expires a year after the build, so not while deployed. */
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
