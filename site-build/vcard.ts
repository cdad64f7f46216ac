import type { Plugin } from 'vite';
import type { Business } from '../src/content/business-schema.ts';
import { VCARD_FILE } from '../src/content/site-addresses.ts';
import { legalNameOf, telHref } from '../src/content/business.ts';

/** Escapes a text value as RFC 6350 §3.4 asks: backslash, comma, semicolon and line breaks. */
const escapeValue = (value: string): string =>
  value.replace(/[\\,;]/g, (character) => `\\${character}`).replace(/\r?\n/g, '\\n');

/** Folds a content line longer than 75 octets, as RFC 6350 §3.2 asks. */
function fold(line: string): string {
  const parts = [''];
  for (const character of line) {
    // A continuation line starts with a space, which counts against its 75.
    const limit = parts.length === 1 ? 75 : 74;
    if (Buffer.byteLength(parts.at(-1) + character, 'utf8') > limit) parts.push('');
    parts[parts.length - 1] += character;
  }
  return parts.join('\r\n ');
}

/** The business card (vCard 4.0, RFC 6350) that a visitor's phone adds in one tap. */
export function vcard(business: Business): string {
  const [given, ...rest] = business.owner.split(' ');
  const family = rest.join(' ');
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    'KIND:individual',
    `FN:${escapeValue(business.owner)}`,
    `N:${escapeValue(family)};${escapeValue(given ?? '')};;;`,
    `ORG:${escapeValue(legalNameOf(business))}`,
    `TEL;TYPE=work,voice;VALUE=uri:${telHref(business.phone)}`,
    `EMAIL;TYPE=work:${business.email}`,
    `ADR;TYPE=work:;;${escapeValue(business.street)};${escapeValue(business.town)};;${business.postalCode};${escapeValue('Deutschland')}`,
    `URL:${business.siteUrl}`,
    'END:VCARD',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** Writes the business card into the build, made from the checked facts. */
export function businessCard(facts: Business): Plugin {
  return {
    name: 'business-card',
    apply: 'build',
    generateBundle() {
      if (this.environment.name !== 'client') return;
      this.emitFile({ type: 'asset', fileName: VCARD_FILE, source: vcard(facts) });
    },
  };
}
