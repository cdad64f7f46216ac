import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEADER_FILES, headerFileProblems } from './header-files.ts';
import {
  apacheBlockOf,
  apacheHeaderBlock,
  cdnHeaders,
  HASHED_ASSET_PATH,
  headerPolicy,
  nginxSnippet,
  withApacheBlock,
  type HeaderPolicy,
} from './header-policy.ts';

const csp = "default-src 'self'; script-src 'self' 'sha256-abc='";
const policy = headerPolicy(csp);

/** The three outputs the hosts read. */
const outputs = (of: HeaderPolicy) => ({
  nginx: nginxSnippet(of),
  apache: apacheHeaderBlock(of),
  cdn: cdnHeaders(of),
});

/** The policy with one security header's value replaced. */
const withHeader = (of: HeaderPolicy, name: string, value: string): HeaderPolicy => ({
  ...of,
  security: of.security.map((header) => (header.name === name ? { ...header, value } : header)),
});

/** The headers a `_headers` file gives a path, as Cloudflare Pages and Netlify match its rules. */
function cdnHeadersFor(file: string, path: string): [string, string][] {
  const headers: [string, string][] = [];
  let matches = false;
  for (const line of file.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    if (!line.startsWith(' ')) {
      const pattern = line
        .split(/(\*|:[a-z]+)/)
        .map((part) =>
          part === '*'
            ? '.*'
            : part.startsWith(':')
              ? '[^/]+'
              : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('');
      matches = new RegExp(`^${pattern}$`).test(path);
    } else if (matches) {
      const [name = '', ...value] = line.trim().split(': ');
      headers.push([name, value.join(': ')]);
    }
  }
  return headers;
}

describe('headerPolicy', () => {
  it('puts the Content-Security-Policy first and Strict-Transport-Security on HTTPS only', () => {
    expect(policy.security[0]).toMatchObject({ name: 'Content-Security-Policy', value: csp });
    const httpsOnly = policy.security.filter((header) => header.httpsOnly);
    expect(httpsOnly.map((header) => header.name)).toEqual(['Strict-Transport-Security']);
  });

  it('switches off no Permissions-Policy feature that Chromium does not know', () => {
    const value = policy.security.find((header) => header.name === 'Permissions-Policy')!.value;
    expect(value).toContain('camera=()');
    expect(value).toContain('interest-cohort=()');
    expect(value).not.toContain('bluetooth');
  });
});

describe('the three outputs', () => {
  it('each send every security header with its value', () => {
    const { nginx, apache, cdn } = outputs(policy);
    for (const { name, value } of policy.security) {
      expect(nginx).toContain(`add_header ${name} "${value}" always;`);
      expect(apache).toContain(`Header always set ${name} "${value}"`);
      expect(cdnHeadersFor(cdn, '/')).toContainEqual([name, value]);
      expect(cdnHeadersFor(cdn, '/assets/nope.js')).toContainEqual([name, value]);
    }
  });

  it('change together when a header of the policy changes', () => {
    const before = outputs(policy);
    const after = outputs(withHeader(policy, 'Referrer-Policy', 'no-referrer'));
    for (const host of ['nginx', 'apache', 'cdn'] as const) {
      expect(after[host]).not.toBe(before[host]);
      expect(after[host]).toContain('no-referrer');
      expect(after[host]).not.toContain('strict-origin-when-cross-origin');
    }
  });

  it('change together when a header is added or the CSP changes', () => {
    const added = outputs({
      ...policy,
      security: [...policy.security, { name: 'X-Added', value: 'yes', why: [] }],
    });
    expect(added.nginx).toContain('add_header X-Added "yes" always;');
    expect(added.apache).toContain('Header always set X-Added "yes"');
    expect(cdnHeadersFor(added.cdn, '/')).toContainEqual(['X-Added', 'yes']);

    const rehashed = outputs(headerPolicy(csp.replace('abc=', 'xyz=')));
    for (const host of ['nginx', 'apache', 'cdn'] as const) {
      expect(rehashed[host]).toContain("'sha256-xyz='");
      expect(rehashed[host]).not.toContain("'sha256-abc='");
    }
  });

  it('change together when a caching rule changes', () => {
    const changed: HeaderPolicy = { ...policy, cache: { hashed: 'max-age=60', other: 'no-store' } };
    const { apache, cdn } = outputs(changed);
    expect(apache).toContain('Header always set Cache-Control "no-store"');
    expect(apache).toContain('Header always set Cache-Control "max-age=60"');
    expect(cdnHeadersFor(cdn, '/assets/index-AbCd1234.js')).toContainEqual([
      'Cache-Control',
      'max-age=60',
    ]);
    expect(cdnHeadersFor(cdn, '/')).toContainEqual(['Cache-Control', 'no-store']);
  });

  it('refuse a value that would break out of the quotes', () => {
    expect(() => nginxSnippet(withHeader(policy, 'X-Frame-Options', 'DENY" always; x "'))).toThrow(
      /quotes/,
    );
  });
});

describe('cdnHeaders', () => {
  const file = cdnHeaders(policy);
  const cacheControl = (path: string) =>
    cdnHeadersFor(file, path)
      .filter(([name]) => name === 'Cache-Control')
      .map(([, value]) => value);

  it('gives every path exactly one Cache-Control: the hosts join the values of several', () => {
    const hashed = ['/assets/index-B1a2c3D4.js', '/assets/imprint-illustration-Y8P3rFtY.svg'];
    for (const path of hashed) expect(cacheControl(path)).toEqual([policy.cache.hashed]);
    for (const path of [
      '/',
      '/index.html',
      '/404.html',
      '/favicon.svg',
      '/manifest.webmanifest',
      '/robots.txt',
      '/assets/i18n/de.json',
      '/.well-known/security.txt',
      '/de/',
      '/en/index.html',
      '/en/assets/i18n/en.json',
    ]) {
      expect(cacheControl(path)).toEqual([policy.cache.other]);
    }
  });

  it('marks as hashed only what the servers treat as hashed', () => {
    const hashed = new RegExp(HASHED_ASSET_PATH);
    expect(hashed.test('/assets/index-B1a2c3D4.js')).toBe(true);
    expect(hashed.test('/assets/i18n/de.json')).toBe(false);
  });
});

/** The server files made from the policy, in a folder of their own, each passed through `edit`. */
async function copies(edit: (text: string, name: string) => string) {
  const dir = await mkdtemp(join(tmpdir(), 'header-files-'));
  const files = {
    nginxSnippet: join(dir, 'security-headers.conf'),
    nginxSite: join(dir, 'site.conf'),
    apache: join(dir, '.htaccess'),
    apacheVirtualHost: join(dir, 'vhost.conf'),
  };
  await writeFile(files.nginxSnippet, edit(nginxSnippet(policy), 'nginx'));
  await writeFile(files.nginxSite, edit(await readFile(HEADER_FILES.nginxSite, 'utf8'), 'site'));
  const htaccess = withApacheBlock(await readFile(HEADER_FILES.apache, 'utf8'), policy);
  await writeFile(files.apache, edit(htaccess, 'apache'));
  const virtualHost = await readFile(HEADER_FILES.apacheVirtualHost, 'utf8');
  await writeFile(files.apacheVirtualHost, edit(withApacheBlock(virtualHost, policy), 'apache'));
  return files;
}

describe('the server files in hosting/', () => {
  it('match the policy when made from it', async () => {
    expect(await headerFileProblems(policy, await copies((text) => text))).toEqual([]);
  });

  it('are reported, by file and header, when they drift from the policy', async () => {
    const files = await copies((text, name) =>
      name === 'site' ? text : text.replace('strict-origin-when-cross-origin', 'unsafe-url'),
    );
    const problems = await headerFileProblems(policy, files);
    expect(problems).toEqual([
      `${files.nginxSnippet}: referrer-policy: is "unsafe-url", the policy says "strict-origin-when-cross-origin"`,
      `${files.apache}: referrer-policy: is "unsafe-url", the policy says "strict-origin-when-cross-origin"`,
      `${files.apacheVirtualHost}: referrer-policy: is "unsafe-url", the policy says "strict-origin-when-cross-origin"`,
    ]);
  });

  it('are reported when the policy changes and they do not', async () => {
    const files = await copies((text) => text);
    const changed = withHeader(policy, 'X-Frame-Options', 'SAMEORIGIN');
    const problems = await headerFileProblems(changed, files);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/security-headers\.conf: x-frame-options: is "DENY"/);
    expect(problems.join('\n')).toMatch(/\.htaccess: x-frame-options: is "DENY"/);
  });

  it("report a Cache-Control in nginx's site.conf that is not the policy's", async () => {
    const files = await copies((text, name) =>
      name === 'site'
        ? text.replace('"public, max-age=31536000, immutable"', '"max-age=60"')
        : text,
    );
    const problems = await headerFileProblems(policy, files);
    expect(problems.join('\n')).toMatch(/site\.conf: cache-control: the location .* must send/);
    expect(problems.join('\n')).toMatch(/site\.conf: cache-control: is "max-age=60"/);
  });

  it('keep the rest of the .htaccess when its block is rewritten', async () => {
    const htaccess = await readFile(HEADER_FILES.apache, 'utf8');
    const changed = withApacheBlock(htaccess, withHeader(policy, 'X-Frame-Options', 'SAMEORIGIN'));
    expect(apacheBlockOf(changed)).toContain('X-Frame-Options "SAMEORIGIN"');
    expect(changed.replace(apacheBlockOf(changed)!, '')).toBe(
      htaccess.replace(apacheBlockOf(htaccess)!, ''),
    );
  });
});
