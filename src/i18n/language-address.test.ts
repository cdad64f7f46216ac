import { describe, expect, it } from 'vitest';
import {
  addressUrl,
  FIXED_LANGUAGE_ATTRIBUTE,
  languageAddress,
  readAddressLanguage,
} from './language-address.ts';

describe('languageAddress', () => {
  it('leads from the root into the language folder, keeping the route', () => {
    expect(languageAddress('en', null, '#/imprint')).toBe('./en/#/imprint');
  });

  it('leads from one language folder to its sibling, keeping the route', () => {
    expect(languageAddress('de', 'en', '#/privacy')).toBe('../de/#/privacy');
    expect(languageAddress('en', 'en', '#/home')).toBe('../en/#/home');
  });
});

const html = (value?: string) => {
  const element = document.createElement('html');
  if (value !== undefined) element.setAttribute(FIXED_LANGUAGE_ATTRIBUTE, value);
  return element;
};

describe('readAddressLanguage', () => {
  it('reads the language a language address was built for', () => {
    expect(readAddressLanguage(html('en'))).toBe('en');
    expect(readAddressLanguage(html('de'))).toBe('de');
  });

  it('is null on the root address and for anything that is not a site language', () => {
    expect(readAddressLanguage(html())).toBeNull();
    expect(readAddressLanguage(html('fr'))).toBeNull();
    expect(readAddressLanguage(null)).toBeNull();
  });
});

describe('addressUrl', () => {
  it('puts each language under the site URL and leaves the root as it is', () => {
    expect(addressUrl('https://example.org/site/', null)).toBe('https://example.org/site/');
    expect(addressUrl('https://example.org/site/', 'en')).toBe('https://example.org/site/en/');
  });
});
