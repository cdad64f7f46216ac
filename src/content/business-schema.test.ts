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
