import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { business, legalName } from '../src/content/business.ts';
import type { Business } from '../src/content/business-schema.ts';
import { translate, type TranslationParams } from '../src/i18n/translate.ts';
import {
  THEME_COLOR,
  headTags,
  robotsTxt,
  searchAndSharing,
  sitemapXml,
  structuredData,
  transformHtml,
  webManifest,
} from './search-and-sharing-plugin.ts';
import { readTranslationFiles, TRANSLATION_FILES } from './content-check/translation-files.ts';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: Plugin, name: 'transformIndexHtml' | 'generateBundle') =>
  plugin[name] as unknown as Hook;

const paths = TRANSLATION_FILES;
const dictionaries = readTranslationFiles();
/** A German text from the shipped file, placeholders filled in. */
const de = (key: string, params?: TranslationParams) => translate([dictionaries.de], key, params);
const homeTitle = de('meta.title', { name: business.name });
const site = business.siteUrl;
const indexHtml = readFileSync('index.html', 'utf8');

// The build's tests run in Node; this one borrows jsdom's parser rather than its whole window.
const { DOMParser } = new JSDOM().window;
/** Parses HTML the way a browser does (jsdom, scripting off, so `<noscript>` has children). */
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const content = (document: Document, selector: string) =>
  document.querySelector(selector)?.getAttribute('content');

const html = transformHtml(indexHtml, business, dictionaries);
const page = parse(html);

describe('searchAndSharing: the head of index.html', () => {
  it('describes the site in German, the way the app does', () => {
    const description = content(page, 'meta[name="description"]');
    expect(description).toBe(de('meta.description', { name: business.name }));
    expect(content(page, 'meta[property="og:description"]')).toBe(description);
    expect(content(page, 'meta[name="twitter:description"]')).toBe(description);
    expect(content(page, 'meta[property="og:title"]')).toBe(homeTitle);
    expect(content(page, 'meta[name="twitter:title"]')).toBe(homeTitle);
  });

  it('points canonical link, og:url and the image at the configured site address', () => {
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(site);
    expect(content(page, 'meta[property="og:url"]')).toBe(site);
    expect(content(page, 'meta[property="og:image"]')).toBe(`${site}og-image.png`);
    expect(content(page, 'meta[name="twitter:image"]')).toBe(`${site}og-image.png`);
    expect(content(page, 'meta[property="og:image:width"]')).toBe('1200');
    expect(content(page, 'meta[property="og:image:height"]')).toBe('630');
    expect(content(page, 'meta[property="og:image:alt"]')).toBe(
      de('meta.imageAlt', { name: business.name, tagline: de('header.tagline') }),
    );
    expect(content(page, 'meta[name="twitter:image:alt"]')).toBe(
      content(page, 'meta[property="og:image:alt"]'),
    );
  });

  it('names site, type, card and both locales', () => {
    expect(content(page, 'meta[property="og:type"]')).toBe('website');
    expect(content(page, 'meta[property="og:site_name"]')).toBe(business.name);
    expect(content(page, 'meta[property="og:locale"]')).toBe('de_DE');
    expect(content(page, 'meta[property="og:locale:alternate"]')).toBe('en_US');
    expect(content(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
  });

  it('names every address as an alternate, the root as x-default, and itself as canonical', () => {
    for (const [address, self, language] of [
      [null, site, 'de'],
      ['de', `${site}de/`, 'de'],
      ['en', `${site}en/`, 'en'],
    ] as const) {
      const head = parse(`<head>${headTags(business, dictionaries, address).join('')}</head>`);
      const alternates = [...head.querySelectorAll('link[rel="alternate"]')].map(
        (link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`,
      );
      expect(alternates).toEqual([`x-default ${site}`, `de ${site}de/`, `en ${site}en/`]);
      expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(self);
      expect(content(head, 'meta[property="og:url"]')).toBe(self);
      expect(content(head, 'meta[property="og:locale"]')).toBe(
        { de: 'de_DE', en: 'en_US' }[language],
      );
      expect(content(head, 'meta[name="description"]')).toBe(
        content(head, 'meta[property="og:description"]'),
      );
      const data = JSON.parse(
        /<script type="application\/ld\+json">(.*)<\/script>/.exec(
          structuredData(business, dictionaries, address),
        )?.[1] ?? '',
      ) as Record<string, unknown>;
      expect(data['inLanguage']).toBe(language);
    }
    const english = parse(`<head>${headTags(business, dictionaries, 'en').join('')}</head>`);
    expect(content(english, 'meta[property="og:locale:alternate"]')).toBe('de_DE');
    expect(content(english, 'meta[name="description"]')).not.toBe(
      content(page, 'meta[name="description"]'),
    );
  });

  it('links the favicons as files, PNG before SVG (inline, they would cost bytes in every document)', () => {
    const icons = [...page.querySelectorAll('link[rel="icon"]')].map(
      (link) => link.getAttribute('href') ?? '',
    );
    expect(icons).toEqual(['./favicon-32.png', './favicon.svg']);
    expect(page.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe(
      './apple-touch-icon.png',
    );
    // The boot script links the manifest once the page has painted.
    expect(page.querySelector('link[rel="manifest"]')).toBeNull();
  });

  it('adds the icon links when index.html has none', () => {
    const bare = parse(transformHtml('<head></head><body></body>', business, dictionaries));
    expect(
      [...bare.querySelectorAll('link[rel="icon"]')].map((link) => link.getAttribute('type')),
    ).toEqual(['image/png', 'image/svg+xml']);
  });

  it('adds no script other than the JSON-LD data block, and no style attribute', () => {
    const scripts = [...page.querySelectorAll('script:not([src])')];
    expect(scripts.map((script) => script.getAttribute('type'))).toEqual(['application/ld+json']);
    expect(html).not.toMatch(/\sstyle=/);
  });

  it('escapes the facts in attributes', () => {
    const tricky = parse(
      transformHtml(indexHtml, { ...business, name: 'A "&" <B>' }, dictionaries),
    );
    expect(content(tricky, 'meta[property="og:site_name"]')).toBe('A "&" <B>');
  });

  it('carries the theme colour that the manifest names', () => {
    expect(content(page, 'meta[name="theme-color"]')).toBe(THEME_COLOR);
  });
});

describe('searchAndSharing: JSON-LD', () => {
  const data = JSON.parse(
    page.querySelector('script[type="application/ld+json"]')?.textContent ?? '',
  ) as Record<string, unknown>;

  it('is a ProfessionalService with the facts of the contact block and the imprint', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      name: business.name,
      legalName,
      url: business.siteUrl,
      telephone: business.phone,
      email: business.email,
      vatID: (business as Business).vatId,
      address: {
        '@type': 'PostalAddress',
        streetAddress: business.street,
        postalCode: business.postalCode,
        addressLocality: business.town,
        addressCountry: 'DE',
      },
    });
  });

  it('gives the firm as registered as the legal name, verbatim, where the facts give it', () => {
    const firm = 'Muster IT GmbH & Co. KG';
    const json = structuredData({ ...business, firm }, dictionaries, null)
      .replace(/^<script[^>]*>/, '')
      .replace(/<\/script>$/, '');
    expect((JSON.parse(json) as { legalName: string }).legalName).toBe(firm);
  });

  it('cannot be closed early by a fact', () => {
    const block = structuredData({ ...business, name: '</script><b>&' }, dictionaries, null);
    expect(block.match(/<\/script/gi)).toHaveLength(1);
    expect(block).not.toContain('<b>');
    const json = block.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    expect((JSON.parse(json) as { name: string }).name).toBe('</script><b>&');
  });
});

describe('searchAndSharing: the noscript block', () => {
  // The block itself is the prerender's (site-build/noscript.ts), in each document's language.
  it('is styled by a <style> in a <noscript> in <head>, and not written here', () => {
    expect(page.head.querySelector('noscript > style')).not.toBeNull();
    expect(page.body.querySelector('noscript')).toBeNull();
  });
});

/** The sitemap's URLs, each with its alternates, for a site at `siteUrl`. */
const sitemapUrls = (siteUrl: string) => {
  const xml = new DOMParser().parseFromString(
    sitemapXml({ ...business, siteUrl }),
    'application/xml',
  );
  expect(xml.querySelector('parsererror')).toBeNull();
  expect(xml.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return [...xml.getElementsByTagName('url')].map((url) => ({
    loc: url.getElementsByTagName('loc')[0]?.textContent,
    alternates: [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map(
      (link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`,
    ),
  }));
};

describe('searchAndSharing: files next to index.html', () => {
  it('robots.txt allows everything and names the sitemap', () => {
    const robots = robotsTxt(business);
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots).not.toMatch(/^Disallow: \S/m);
    expect(robots.split('\n')).toContain(`Sitemap: ${site}sitemap.xml`);
  });

  it('sitemap.xml lists every address with all of them as alternates, in a sub-folder too', () => {
    const folder = 'https://example.de/firma/';
    const alternates = [`x-default ${folder}`, `de ${folder}de/`, `en ${folder}en/`];
    expect(sitemapUrls(folder)).toEqual([
      { loc: folder, alternates },
      { loc: `${folder}de/`, alternates },
      { loc: `${folder}en/`, alternates },
    ]);
  });

  it('manifest.webmanifest names the business in German, with colours and icons', () => {
    const manifest = JSON.parse(webManifest(business, dictionaries.de)) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: homeTitle,
      short_name: business.name,
      start_url: './',
      lang: 'de',
      theme_color: THEME_COLOR,
      background_color: '#ffffff',
    });
    expect(manifest.description).toBe(content(page, 'meta[name="description"]'));
    expect(['browser', 'standalone']).toContain(manifest.display);
    expect(manifest.icons).toEqual([
      { src: './icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: './icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: './favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ]);
  });

  it('the browser build emits all three; the prerender build none', () => {
    const emitted: { fileName: string; source: string }[] = [];
    const emitFile = (file: { fileName: string; source: string }) => emitted.push(file);
    const plugin = searchAndSharing(business, paths);
    hook(plugin, 'generateBundle').call({ environment: { name: 'ssr' }, emitFile });
    expect(emitted).toEqual([]);
    hook(plugin, 'generateBundle').call({ environment: { name: 'client' }, emitFile });
    expect(emitted.map((file) => file.fileName).toSorted()).toEqual([
      'manifest.webmanifest',
      'robots.txt',
      'sitemap.xml',
    ]);
  });
});

describe('searchAndSharing: the plugin', () => {
  it('transforms index.html with the files it is given', () => {
    const result = hook(searchAndSharing(business, paths), 'transformIndexHtml').call(
      {},
      indexHtml,
    );
    expect(result).toBe(html);
  });
});
