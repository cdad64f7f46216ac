import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { business } from '../src/content/business';
import { businessFacts } from './business-facts-plugin';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: Plugin, name: 'buildStart' | 'transformIndexHtml') =>
  plugin[name] as unknown as Hook;

const plugin = (facts: unknown) => businessFacts(facts, 'public/assets/i18n/de.json');

describe('businessFacts build plugin', () => {
  it('stops the build on a malformed fact, naming the field', () => {
    expect(() => hook(plugin({ ...business, email: 'no-at-sign' }), 'buildStart').call({})).toThrow(
      /email: must be an e-mail address/,
    );
  });

  it('stops the build on a site address that is not an https folder URL, naming the field', () => {
    expect(() =>
      hook(plugin({ ...business, siteUrl: 'http://www.example.com' }), 'buildStart').call({}),
    ).toThrow(/siteUrl: must be the public address of the site/);
  });

  it('lets valid facts through', () => {
    expect(() => hook(plugin(business), 'buildStart').call({})).not.toThrow();
  });

  it('writes the German home title, escaped, into index.html', () => {
    const html = hook(plugin({ ...business, name: 'A & B' }), 'transformIndexHtml').call(
      {},
      '<head><title></title></head>',
    );
    expect(html).toBe('<head><title>IT Beratung &#38; Entwicklung – A &#38; B</title></head>');
  });
});
