import { describe, expect, it } from 'vitest';
import { business } from './business';
import { validateBusiness } from './business-schema';

describe('validateBusiness', () => {
  it('accepts the shipped example facts', () => {
    expect(validateBusiness(business)).toEqual(business);
  });

  it.each([
    ['email', 'kontakt.example.com'],
    ['vatId', 'DE12345678'],
    ['vatId', 'AT123456789'],
    ['name', '   '],
    ['phone', '+49 30 CALL-ME'],
    ['postalCode', '1234'],
    ['registerNumber', '12345'],
    ['owner', ''],
    ['siteUrl', 'http://www.example.com/'],
    ['siteUrl', 'https://www.example.com'],
    ['siteUrl', 'www.example.com/'],
    ['siteUrl', 'https://www.example.com/?page=1/'],
    ['siteUrl', 'https://www.example.com/#/'],
    ['siteUrl', 'https://user:secret@www.example.com/'],
    ['siteUrl', 'https://localhost/'],
  ])('stops on a malformed %s (%j), naming the field', (field, value) => {
    expect(() => validateBusiness({ ...business, [field]: value })).toThrow(
      new RegExp(`^The business facts in src/content/business.ts are not valid:\\n  - ${field}: `),
    );
  });

  it.each([
    ['managingDirectors', []],
    ['managingDirectors', ['Max Mustermann', ' ']],
    ['managingDirectors', 'Max Mustermann'],
    ['hostingProvider.name', { name: '', address: 'Serverstraße 7, 54321 Beispielstadt' }],
    ['hostingProvider.address', { name: 'Beispiel Hosting GmbH' }],
    ['accessLogRetentionDays', '14'],
    ['accessLogRetentionDays', 7.5],
    ['accessLogRetentionDays', 0],
    ['accessLogRetentionDays', 1400],
    ['supervisoryAuthority.url', { name: 'LfD Musterland', url: 'http://lfd.example.org/' }],
    ['supervisoryAuthority.url', { name: 'LfD Musterland', url: 'lfd.example.org' }],
    ['supervisoryAuthority.name', { name: ' ', url: 'https://lfd.example.org/' }],
    ['privacyUpdated', '23.11.2026'],
    ['privacyUpdated', '2026-02-30'],
  ])('stops on a malformed legal fact %s (%j), naming the field', (field, value) => {
    const [top = field] = field.split('.');
    expect(() => validateBusiness({ ...business, [top]: value })).toThrow(
      new RegExp(`\\n  - ${field.replace('.', '\\.')}(\\.\\d+)?: `),
    );
  });

  it.each(['managingDirectors', 'hostingProvider', 'accessLogRetentionDays', 'privacyUpdated'])(
    'names the legal fact %s when it is missing',
    (field) => {
      const { [field as keyof typeof business]: _gone, ...rest } = business;
      expect(() => validateBusiness(rest)).toThrow(new RegExp(`\\n  - ${field}: `));
    },
  );

  it('accepts several managing directors', () => {
    const managingDirectors = ['Max Mustermann', 'Erika Musterfrau'];
    expect(validateBusiness({ ...business, managingDirectors }).managingDirectors).toEqual(
      managingDirectors,
    );
  });

  it.each(['https://www.example.com/', 'https://example.de/firma/'])(
    'accepts the site address %s',
    (siteUrl) => {
      expect(validateBusiness({ ...business, siteUrl }).siteUrl).toBe(siteUrl);
    },
  );

  it('names a missing field and an unknown one', () => {
    const { town: _town, ...withoutTown } = business;
    expect(() => validateBusiness({ ...withoutTown, tonw: 'Musterstadt' })).toThrow(
      /- town: [\s\S]*tonw/,
    );
  });
});
