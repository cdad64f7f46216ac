import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { CONTENT_HASH, headerPolicy } from '../header-policy.ts';
import { business } from '../../src/content/business.ts';
import {
  expectedPolicy,
  get,
  hashedAssets,
  hashedScript,
  HOST_TRAITS,
  SERVER_NAMES,
  serverUrl,
  siteRoot,
  type Answer,
  type ServerName,
} from './site.ts';

const I18N = 'assets/i18n/de.json';

/** What hosting/header-policy.ts says every answer carries, for the page the servers serve. */
const policy = () => headerPolicy(expectedPolicy());

/**
 * The headers every answer carries, whatever was asked for: each of the policy's security headers
 * with exactly its value, and of the host's own additions only those HOST_TRAITS allows.
 */
function expectSecurityHeaders(answer: Answer, what: string, server: ServerName) {
  for (const { name, value } of policy().security) {
    expect(
      answer.headers[name.toLowerCase()],
      `${server} (${HOST_TRAITS[server].headerFile}): ${name} of ${what}`,
    ).toBe(value);
  }
  const own = HOST_TRAITS[server].ownHeaders;
  expect(
    answer.headers['access-control-allow-origin'],
    `${server}: Access-Control-Allow-Origin of ${what}`,
  ).toBe(own['access-control-allow-origin']);
}

/** The not-found page from the build, in both languages, linking home. */
function expectNotFoundPage(answer: Answer, what: string) {
  expect(answer.status, what).toBe(404);
  expect(answer.headers['content-type'], what).toMatch(/^text\/html;\s*charset=utf-8$/i);
  const html = answer.body.toString('utf8');
  expect(html, what).toBe(readFileSync(join(siteRoot(), '404.html'), 'utf8'));
}

const vary = (answer: Answer) =>
  (answer.headers.vary ?? '').split(/,\s*/).map((value) => value.toLowerCase());

for (const server of SERVER_NAMES) {
  test.describe(`${server}`, () => {
    test('sends every security header on the page, a hashed file, a translation and a 404', async () => {
      for (const path of ['', 'en/', hashedScript(), I18N, 'nope', 'assets/nope.js']) {
        for (const encoding of [undefined, 'br, gzip']) {
          const answer = await get(
            serverUrl(server),
            path,
            encoding ? { 'accept-encoding': encoding } : {},
          );
          expectSecurityHeaders(
            answer,
            `/${path} (Accept-Encoding: ${encoding ?? 'none'})`,
            server,
          );
        }
      }
    });

    test('lets browsers keep hashed files for a year and revalidate everything else', async () => {
      const traits = HOST_TRAITS[server];
      for (const path of hashedAssets()) {
        const answer = await get(serverUrl(server), path, { 'accept-encoding': 'br' });
        expect(answer.status, path).toBe(200);
        expect(answer.headers['cache-control'], path).toBe(policy().cache.hashed);
      }
      const index = await get(serverUrl(server), 'index.html');
      if (traits.redirectsIndexHtml) {
        expect(index.status, '/index.html').toBe(308);
        expect(index.headers.location, '/index.html').toBe('/');
      } else {
        expect(index.status, '/index.html').toBe(200);
        expect(index.headers['cache-control'], '/index.html').toBe(policy().cache.other);
      }
      for (const path of [
        '',
        I18N,
        'assets/i18n/en.json',
        // Each language's own address, with its copy of the translation files.
        'de/',
        'en/',
        'en/assets/i18n/en.json',
        'de/assets/i18n/de.json',
        'manifest.webmanifest',
        'favicon.svg',
        'robots.txt',
      ]) {
        const answer = await get(serverUrl(server), path, { 'accept-encoding': 'br' });
        expect(answer.status, path).toBe(200);
        expect(answer.headers['cache-control'], `/${path}`).toBe(policy().cache.other);
        expect(answer.headers.etag, `/${path}`).toBeTruthy();
        expect(Boolean(answer.headers['last-modified']), `Last-Modified of /${path}`).toBe(
          traits.lastModified,
        );
      }
      for (const path of ['nope', 'assets/nope.js', 'assets/nope-abcdefgh.js']) {
        const answer = await get(serverUrl(server), path);
        expect(answer.status, path).toBe(404);
        expect(answer.headers['cache-control'], `a 404 for /${path}`).toBe(
          traits.notFoundCacheControl,
        );
      }
    });

    test('sends each kind of file with its type', async () => {
      const types: [string, RegExp][] = [
        ['', /^text\/html; ?charset=utf-8$/i],
        [hashedScript(), /^(text|application)\/javascript(; ?charset=utf-8)?$/i],
        [I18N, /^application\/json(; ?charset=utf-8)?$/i],
        ['manifest.webmanifest', /^application\/manifest\+json(; ?charset=utf-8)?$/i],
        ['favicon.svg', /^image\/svg\+xml(; ?charset=utf-8)?$/i],
        ['og-image.png', /^image\/png$/],
      ];
      for (const [path, type] of types) {
        for (const encoding of [undefined, 'gzip', 'br']) {
          const answer = await get(
            serverUrl(server),
            path,
            encoding ? { 'accept-encoding': encoding } : {},
          );
          expect(answer.headers['content-type'], `/${path} (${encoding ?? 'identity'})`).toMatch(
            type,
          );
        }
      }
    });

    test('compresses with brotli first, then gzip, and tells caches it varies', async () => {
      for (const path of ['', hashedScript(), I18N]) {
        const file = readFileSync(join(siteRoot(), path || 'index.html'));
        for (const [accepted, expected] of [
          ['br, gzip', 'br'],
          // What Chromium sends.
          ['gzip, deflate, br, zstd', HOST_TRAITS[server].brotliFirst ? 'br' : 'gzip'],
          ['gzip', 'gzip'],
          [undefined, undefined],
        ] as const) {
          const what = `/${path} with Accept-Encoding: ${accepted ?? 'none'}`;
          const answer = await get(
            serverUrl(server),
            path,
            accepted ? { 'accept-encoding': accepted } : {},
          );
          expect(answer.status, what).toBe(200);
          expect(answer.headers['content-encoding'], what).toBe(expected);
          expect(vary(answer), what).toContain('accept-encoding');
          expect(answer.body.equals(file), `${what}: the file itself once decoded`).toBe(true);
          if (expected) expect(answer.raw.length, what).toBeLessThan(file.length);
        }
      }
    });

    test('answers a revalidation with 304 while the file is unchanged', async () => {
      for (const path of ['', hashedScript(), I18N]) {
        for (const encoding of [undefined, 'gzip', 'br']) {
          const what = `/${path} (${encoding ?? 'identity'})`;
          const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
          const first = await get(serverUrl(server), path, headers);
          const etag = first.headers.etag;
          const lastModified = first.headers['last-modified'];
          expect(etag, what).toBeTruthy();
          const byEtag = await get(serverUrl(server), path, { ...headers, 'if-none-match': etag! });
          expect(byEtag.status, `${what} If-None-Match`).toBe(304);
          expect(byEtag.raw.length).toBe(0);
          expectSecurityHeaders(byEtag, `304 for ${what}`, server);
          if (HOST_TRAITS[server].lastModified) {
            const byDate = await get(serverUrl(server), path, {
              ...headers,
              'if-modified-since': lastModified!,
            });
            expect(byDate.status, `${what} If-Modified-Since`).toBe(304);
          }
          const changed = await get(serverUrl(server), path, {
            ...headers,
            'if-none-match': '"other"',
          });
          expect(changed.status, `${what} with a stale ETag`).toBe(200);
        }
      }
    });

    test('answers paths that are not files with the 404 page, not the app', async () => {
      for (const path of ['nope', 'assets/nope.js', 'imprint', 'fr/', 'assets/i18n/fr.json']) {
        expectNotFoundPage(await get(serverUrl(server), path), `/${path}`);
        expectNotFoundPage(
          await get(serverUrl(server), path, { 'accept-encoding': 'br, gzip' }),
          `/${path}`,
        );
      }
    });

    test('lists no directory', async () => {
      for (const path of ['assets/', 'assets/i18n/', 'assets']) {
        const answer = await get(serverUrl(server), path);
        expect([301, 404], `/${path}`).toContain(answer.status);
        if (answer.status === 404) expectNotFoundPage(answer, `/${path}`);
        expect(answer.body.toString()).not.toMatch(
          new RegExp(`Index of|index-${CONTENT_HASH}\\.js`),
        );
      }
    });

    // A CDN serves exactly the uploaded folder (see HOST_TRAITS); the servers filter it.
    if (HOST_TRAITS[server].refusesHiddenFiles)
      test('never serves hidden files or the precompressed copies under their own names', async () => {
        for (const path of [
          '.htaccess',
          '.git/config',
          '.git/',
          '.env',
          'assets/../.env',
          '%2eenv',
        ]) {
          const answer = await get(serverUrl(server), path);
          expect([403, 404], `/${path}`).toContain(answer.status);
          const text = answer.body.toString();
          expect(text, `/${path}`).not.toMatch(/must-not-leak|RewriteEngine|\[core\]/);
          expectSecurityHeaders(answer, `/${path}`, server);
        }
        for (const path of ['index.html.br', 'index.html.gz', `${hashedScript()}.br`]) {
          const answer = await get(serverUrl(server), path);
          expect(answer.status, `/${path}`).toBe(404);
        }
      });

    test('the 404 page speaks both languages, links home and to the legal pages in each', async () => {
      const html = (await get(serverUrl(server), 'nope')).body.toString('utf8');
      const de = JSON.parse(readFileSync(join(siteRoot(), 'assets/i18n/de.json'), 'utf8'));
      const en = JSON.parse(readFileSync(join(siteRoot(), 'assets/i18n/en.json'), 'utf8'));
      for (const words of [de.notFound, en.notFound]) {
        expect(html).toContain(words.heading);
        expect(html).toContain(words.homeLink);
      }
      expect(html).toContain('<section lang="en">');
      // Home is the path of the configured site address, so the link works from any depth; the
      // imprint and the privacy statement are reachable from every page, in the section's language.
      const root = new URL(business.siteUrl).pathname;
      const links = (language: string) => [
        `<a href="${root}#/home"`,
        `<a href="${root}${language}/#/imprint"`,
        `<a href="${root}${language}/#/privacy"`,
      ];
      expect(html.match(/<a href="[^"]*"/g)).toEqual([...links('de'), ...links('en')]);
      for (const words of [de.footer, en.footer]) {
        expect(html).toContain(`>${words.imprint}</a>`);
        expect(html).toContain(`>${words.privacy}</a>`);
      }
      expect(html).not.toMatch(/<script|<link|src=/);
    });
  });
}
