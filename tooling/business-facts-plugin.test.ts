import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { business } from '../src/content/business';
import { translate } from '../src/i18n/translate';
import { businessFacts } from './business-facts-plugin';
import { escapeHtml } from './escape-html';
import { readTranslationFile, TRANSLATION_FILES } from './translation-files';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const transformIndexHtml = (plugin: Plugin) => plugin.transformIndexHtml as unknown as Hook;

const german = readTranslationFile(TRANSLATION_FILES.de);
const plugin = (facts: unknown) => businessFacts(facts, TRANSLATION_FILES.de);

describe('businessFacts build plugin', () => {
  it('writes the German home title, escaped, into index.html', () => {
    const html = transformIndexHtml(plugin({ ...business, name: 'A & B' })).call(
      {},
      '<head><title></title></head>',
    );
    const title = translate([german], 'titles.template', {
      page: translate([german], 'titles.home'),
      name: 'A & B',
    });
    expect(html).toBe(`<head><title>${escapeHtml(title)}</title></head>`);
    expect(html).toContain('A &#38; B');
  });

  it('stops on a malformed fact, naming the field', () => {
    expect(() =>
      transformIndexHtml(plugin({ ...business, email: 'no-at-sign' })).call({}, '<title></title>'),
    ).toThrow(/email: must be an e-mail address/);
  });
});
