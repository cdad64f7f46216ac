import { describe, expect, it } from 'vitest';
import { securityTxt } from './security-txt.ts';

const facts = { email: 'security@example.org', siteUrl: 'https://example.org/firma/' };

describe('securityTxt', () => {
  const text = securityTxt(facts, new Date('2026-11-23T09:15:42.123Z'));
  const fields = Object.fromEntries(
    text
      .trim()
      .split('\n')
      .map((line) => line.split(/: (.*)/s).slice(0, 2)),
  );

  it('names the contact from the business facts as a mailto: URI', () => {
    expect(fields.Contact).toBe('mailto:security@example.org');
  });

  it('expires a year after the build, in the RFC 3339 form RFC 9116 asks for', () => {
    expect(fields.Expires).toBe('2027-11-23T09:15:42Z');
  });

  it('prefers German, then English', () => {
    expect(fields['Preferred-Languages']).toBe('de, en');
  });

  it("gives its canonical address below the site's address, sub-folder included", () => {
    expect(fields.Canonical).toBe('https://example.org/firma/.well-known/security.txt');
  });

  it('is plain lines ending in a newline, one field each', () => {
    expect(text.endsWith('\n')).toBe(true);
    expect(Object.keys(fields)).toEqual(['Contact', 'Expires', 'Preferred-Languages', 'Canonical']);
  });
});
