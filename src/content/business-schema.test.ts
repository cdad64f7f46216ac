import { describe, expect, it } from 'vitest';
import { business } from './business';
import { validateBusiness } from './business-schema';
import { CLOUDFLARE_PAGES, EU_SERVER } from '../test/hosting-examples';

const withHosting = (hosting: object) => ({ ...business, hosting });

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
    ['hosting.name', { ...EU_SERVER, name: '' }],
    [
      'hosting.address',
      { kind: 'server', name: 'Beispiel Hosting GmbH', accessLogRetentionDays: 14 },
    ],
    ['hosting.kind', { ...EU_SERVER, kind: 'cloud' }],
    ['hosting.accessLogRetentionDays', { ...EU_SERVER, accessLogRetentionDays: '14' }],
    ['hosting.accessLogRetentionDays', { ...EU_SERVER, accessLogRetentionDays: 7.5 }],
    ['hosting.accessLogRetentionDays', { ...EU_SERVER, accessLogRetentionDays: 0 }],
    ['hosting.accessLogRetentionDays', { ...EU_SERVER, accessLogRetentionDays: 1400 }],
    ['mailProvider.name', { name: ' ', address: 'Postweg 2, 54321 Beispielstadt' }],
    ['mailProvider.address', { name: 'Beispiel Mail GmbH' }],
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

  it.each(['managingDirectors', 'hosting', 'mailProvider', 'privacyUpdated'])(
    'names the legal fact %s when it is missing',
    (field) => {
      const { [field as keyof typeof business]: _gone, ...rest } = business;
      expect(() => validateBusiness(rest)).toThrow(new RegExp(`\\n  - ${field}: `));
    },
  );

  describe('served by a content delivery network', () => {
    it.each([
      ['a US network under the Data Privacy Framework', CLOUDFLARE_PAGES],
      [
        'a network in the EU, which needs no safeguard',
        { ...CLOUDFLARE_PAGES, country: 'SI', transferSafeguard: undefined },
      ],
      [
        'a Swiss network under an adequacy decision',
        { ...CLOUDFLARE_PAGES, country: 'CH', transferSafeguard: 'adequacy-decision' },
      ],
      [
        'one elsewhere under the contractual clauses',
        { ...CLOUDFLARE_PAGES, country: 'IN', transferSafeguard: 'standard-contractual-clauses' },
      ],
    ])('accepts %s', (_what, hosting) => {
      const { transferSafeguard, ...rest } = hosting;
      const facts = transferSafeguard === undefined ? rest : hosting;
      expect(validateBusiness(withHosting(facts)).hosting).toEqual(facts);
    });

    it.each([
      ['its country', { ...CLOUDFLARE_PAGES, country: undefined }, 'country'],
      ['a country code', { ...CLOUDFLARE_PAGES, country: 'USA' }, 'country'],
      [
        'the safeguard of a transfer outside the EU',
        { ...CLOUDFLARE_PAGES, transferSafeguard: undefined },
        'transferSafeguard',
      ],
      [
        'a known safeguard',
        { ...CLOUDFLARE_PAGES, transferSafeguard: 'consent' },
        'transferSafeguard',
      ],
      [
        'the Data Privacy Framework only for the US',
        { ...CLOUDFLARE_PAGES, country: 'IN' },
        'transferSafeguard',
      ],
      ['no safeguard inside the EU', { ...CLOUDFLARE_PAGES, country: 'DE' }, 'transferSafeguard'],
      [
        'its privacy policy',
        { ...CLOUDFLARE_PAGES, privacyPolicyUrl: undefined },
        'privacyPolicyUrl',
      ],
      ['no retention days of its own', { ...CLOUDFLARE_PAGES, accessLogRetentionDays: 14 }, ''],
    ])('asks for %s, naming the field', (_what, hosting, field) => {
      expect(() => validateBusiness(withHosting(hosting))).toThrow(
        new RegExp(`\\n  - hosting${field ? `\\.${field}` : ''}: `),
      );
    });
  });

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
