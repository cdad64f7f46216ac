import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  contentTypeFor,
  immutableCacheControl,
  isCompressible,
  negotiateEncoding,
  resolveRequestPath,
  revalidateCacheControl,
} from './static-hosting';

const root = join('/srv', 'dist');

describe('resolveRequestPath', () => {
  it('maps / and folder paths to their index.html', () => {
    expect(resolveRequestPath(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveRequestPath(root, '/firma/')).toBe(join(root, 'firma', 'index.html'));
  });

  it('maps a file path below the root and ignores the query', () => {
    expect(resolveRequestPath(root, '/assets/i18n/en.json?v=2')).toBe(
      join(root, 'assets', 'i18n', 'en.json'),
    );
    expect(resolveRequestPath(root, '/favicon.svg#x')).toBe(join(root, 'favicon.svg'));
  });

  it('decodes percent-escapes', () => {
    expect(resolveRequestPath(root, '/a%20b.txt')).toBe(join(root, 'a b.txt'));
  });

  it.each([
    '/../etc/passwd',
    '/assets/../../etc/passwd',
    '/%2e%2e/etc/passwd',
    '/assets/%2E%2E/%2E%2E/secret',
    '/..%2fetc/passwd',
    '/..%5cetc%5cpasswd',
    '/a%00b',
    '/%E0%A4%A',
    'relative/path',
  ])('refuses %s, which escapes the folder or cannot be decoded', (url) => {
    expect(resolveRequestPath(root, url)).toBeUndefined();
  });

  it('does not serve hidden files or precompressed siblings under their own names', () => {
    expect(resolveRequestPath(root, '/.htaccess')).toBeUndefined();
    expect(resolveRequestPath(root, '/assets/index-abc.js.br')).toBeUndefined();
    expect(resolveRequestPath(root, '/index.html.gz')).toBeUndefined();
  });
});

describe('negotiateEncoding', () => {
  it('prefers brotli when both are accepted', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
  });

  it('falls back to gzip, then to identity', () => {
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBeUndefined();
    expect(negotiateEncoding('')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });

  it('honours q-values, including q=0 as "not acceptable"', () => {
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('BR;Q=1, GZIP;q=1')).toBe('br');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
  });
});

describe('cacheControlFor', () => {
  it('lets browsers keep hashed build output for a year', () => {
    expect(cacheControlFor('assets/index-eCyc_z8n.js')).toBe(immutableCacheControl);
    expect(cacheControlFor('/assets/index-B9ROyiXm.css')).toBe(immutableCacheControl);
    expect(cacheControlFor('assets/imprint-illustration-Y8P3rFtY.svg')).toBe(immutableCacheControl);
  });

  it('makes browsers revalidate everything that keeps its name across deploys', () => {
    expect(cacheControlFor('index.html')).toBe(revalidateCacheControl);
    expect(cacheControlFor('favicon.svg')).toBe(revalidateCacheControl);
    expect(cacheControlFor('assets/i18n/de.json')).toBe(revalidateCacheControl);
    expect(cacheControlFor('assets/i18n/en-longname.json')).toBe(revalidateCacheControl);
    expect(cacheControlFor('robots.txt')).toBe(revalidateCacheControl);
  });
});

describe('content types', () => {
  it('names the type of each file the site ships', () => {
    expect(contentTypeFor('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('assets/index-x.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('assets/index-x.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('assets/i18n/de.json')).toBe('application/json; charset=utf-8');
    expect(contentTypeFor('favicon.svg')).toBe('image/svg+xml');
    expect(contentTypeFor('site.webmanifest')).toBe('application/manifest+json; charset=utf-8');
    expect(contentTypeFor('font.woff2')).toBe('font/woff2');
    expect(contentTypeFor('LICENSE')).toBe('application/octet-stream');
  });

  it('compresses text on the fly but not images that are compressed already', () => {
    for (const file of ['a.html', 'a.js', 'a.css', 'a.json', 'a.svg', 'a.xml', 'a.txt']) {
      expect(isCompressible(file)).toBe(true);
    }
    expect(isCompressible('site.webmanifest')).toBe(true);
    expect(isCompressible('a.png')).toBe(false);
    expect(isCompressible('a.woff2')).toBe(false);
  });
});
