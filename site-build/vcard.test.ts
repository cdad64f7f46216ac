import { describe, expect, it } from 'vitest';
import { business, legalName } from '../src/content/business.ts';
import { vcard } from './vcard.ts';

/** Unfolds and splits a vCard into `[name with parameters, value]` pairs, as an address book does. */
function parse(card: string): [string, string][] {
  return card
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon), line.slice(colon + 1)];
    });
}

const value = (card: string, name: string) =>
  parse(card).find(([key]) => key === name || key.startsWith(`${name};`))?.[1];

describe('vcard', () => {
  const card = vcard(business);

  it('is a vCard 4.0 with CRLF lines, none longer than 75 octets', () => {
    expect(card.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true);
    expect(card.endsWith('END:VCARD\r\n')).toBe(true);
    for (const line of card.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('carries the business facts', () => {
    expect(value(card, 'FN')).toBe(business.owner);
    expect(value(card, 'ORG')).toBe(legalName);
    expect(value(card, 'TEL')).toBe(`tel:${business.phone.replace(/[^\d+]/g, '')}`);
    expect(value(card, 'EMAIL')).toBe(business.email);
    expect(value(card, 'ADR')).toBe(
      `;;${business.street};${business.town};;${business.postalCode};Deutschland`,
    );
    expect(value(card, 'URL')).toBe(business.siteUrl);
  });

  it('names the firm as registered, verbatim, where the facts give it', () => {
    const firm = 'Mustermann und Partner Informatiker PartG';
    expect(value(vcard({ ...business, firm }), 'ORG')).toBe(firm);
  });

  it('escapes separators in texts and folds long lines without losing characters', () => {
    const owner = 'Erika Mustermann-Großöffentlichkeitsbeauftragte, Dr.; Geschäftsführerin';
    const folded = vcard({ ...business, owner });
    expect(value(folded, 'FN')).toBe(owner.replace(/[,;]/g, (c) => `\\${c}`));
  });
});
