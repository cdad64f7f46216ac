import { describe, expect, it } from 'vitest';
import { headerPolicy, IMMUTABLE } from '../../hosting/header-policy.ts';
import {
  addedOrigins,
  advice,
  daysLeft,
  exitCode,
  failed,
  formatTable,
  headerProblems,
  hostKind,
  hstsProblems,
  pass,
  redirectProblem,
  tlsProblem,
  unnamedStorage,
  visitorFiles,
  type RawHeaders,
} from './check-live.ts';

const policy = headerPolicy("default-src 'self'");

/** Every header the policy asks for, as a host that follows it sends them. */
function policyHeaders(cache: string): [string, string][] {
  return [
    ...policy.security.map((header): [string, string] => [header.name, header.value]),
    ['Cache-Control', cache],
  ];
}

describe('headerProblems', () => {
  it('finds nothing on an answer that follows the policy', () => {
    expect(headerProblems(policyHeaders('no-cache'), policy, 'document')).toEqual({
      headers: [],
      cache: [],
    });
    expect(headerProblems(policyHeaders(IMMUTABLE), policy, 'hashed').cache).toEqual([]);
  });

  it('names each missing header, a changed one and one sent twice', () => {
    const kept = policyHeaders('no-cache').filter(
      ([name]) => name !== 'Content-Security-Policy' && name !== 'Referrer-Policy',
    );
    const headers: RawHeaders = [
      ...kept.map(([name, value]): [string, string] => [
        name,
        name === 'Permissions-Policy' ? 'camera=()' : value,
      ]),
      ['x-frame-options', 'DENY'],
    ];
    const { headers: problems } = headerProblems(headers, policy, 'document');
    expect(problems).toContain('Content-Security-Policy missing');
    expect(problems).toContain('Referrer-Policy missing');
    expect(problems).toContain('X-Frame-Options sent 2 times');
    expect(
      problems.find((line) => line.startsWith('Permissions-Policy is "camera=()"')),
    ).toBeTruthy();
  });

  it('holds hashed files to a year and everything else to revalidation; a 404 may be no-store', () => {
    expect(headerProblems(policyHeaders('no-cache'), policy, 'hashed').cache).toEqual([
      `Cache-Control is "no-cache", the policy says "${IMMUTABLE}"`,
    ]);
    expect(headerProblems(policyHeaders('max-age=600'), policy, 'translation').cache).toEqual([
      'Cache-Control is "max-age=600", the policy says "no-cache"',
    ]);
    expect(headerProblems(policyHeaders('no-store'), policy, 'not-found').cache).toEqual([]);
    expect(headerProblems([], policy, 'document').cache).toEqual([
      'Cache-Control is missing, the policy says "no-cache"',
    ]);
  });

  it('leaves HSTS to its own check, which wants the policy value', () => {
    const without = policyHeaders('no-cache').filter(
      ([name]) => name !== 'Strict-Transport-Security',
    );
    expect(headerProblems(without, policy, 'document').headers).toEqual([]);
    expect(hstsProblems(without, policy)).toEqual(['Strict-Transport-Security missing']);
    expect(hstsProblems([['strict-transport-security', 'max-age=60']], policy)[0]).toMatch(
      /is "max-age=60", the policy says "max-age=31536000; includeSubDomains"/,
    );
  });
});

describe('redirectProblem', () => {
  const site = new URL('https://www.example.com/');
  it('accepts a redirect to HTTPS on the same host, whatever the port', () => {
    expect(redirectProblem(301, 'https://www.example.com/', site)).toBeUndefined();
    expect(redirectProblem(308, 'https://www.example.com:8443/', site)).toBeUndefined();
  });
  it('names a page served over HTTP, a redirect to HTTP and one to another host', () => {
    expect(redirectProblem(200, undefined, site)).toBe('answers 200 instead of a redirect');
    expect(redirectProblem(301, 'http://www.example.com/', site)).toMatch(/not to HTTPS/);
    expect(redirectProblem(301, 'https://evil.example/', site)).toMatch(
      /another host, evil\.example/,
    );
  });
});

describe('visitorFiles', () => {
  it('asks for what a visitor can fetch, pages under their folder, not the copies or hidden files', () => {
    const files = visitorFiles([
      'index.html',
      'index.html.br',
      'index.html.gz',
      'en/index.html',
      '404.html',
      '.htaccess',
      '_headers',
      '.well-known/security.txt',
      'assets/index-CSyO93bq.js',
      'og-image.png',
      'notes.gz',
    ]);
    expect(files.map((file) => file.path)).toEqual([
      '/.well-known/security.txt',
      '/assets/index-CSyO93bq.js',
      '/en/',
      '/',
      '/notes.gz',
      '/og-image.png',
    ]);
    expect(files.find((file) => file.path === '/og-image.png')?.compressible).toBe(false);
    expect(files.find((file) => file.path === '/')?.compressible).toBe(true);
  });
});

describe('what the live pages add', () => {
  it('names an origin a live document refers to that the build does not', () => {
    const built = '<script src="./assets/index.js"></script><a href="https://github.com/x">';
    const live = `${built}<script defer src="http://127.0.0.2:8080/beacon.min.js"></script>`;
    expect(addedOrigins(live, built)).toEqual(['http://127.0.0.2:8080']);
    expect(addedOrigins(built, built)).toEqual([]);
  });

  it('lets through only the storage the privacy statement names', () => {
    const allowed = { exact: ['language', 'scroll-positions'], prefixes: ['carousel-stopped:'] };
    expect(
      unnamedStorage(['language', 'carousel-stopped:intro', 'scroll-positions', '_ga'], allowed),
    ).toEqual(['_ga']);
  });
});

describe('TLS', () => {
  it('counts the days left and tells an expired certificate from an untrusted one', () => {
    expect(daysLeft('Dec 10 12:00:00 2026 GMT', new Date('2026-11-26T12:00:00Z'))).toBe(14);
    expect(tlsProblem('CERT_HAS_EXPIRED')).toBe('tls-expired');
    expect(tlsProblem('DEPTH_ZERO_SELF_SIGNED_CERT')).toBe('tls-untrusted');
    expect(tlsProblem('ERR_TLS_CERT_ALTNAME_INVALID')).toBe('tls-name');
  });
});

describe('the owner-facing report', () => {
  it('gives the fix for the kind of host that answered', () => {
    expect(hostKind('Apache/2.4.62 (Debian)')).toBe('apache');
    expect(hostKind('nginx')).toBe('nginx');
    expect(hostKind('cloudflare')).toBe('cloudflare');
    expect(hostKind(undefined)).toBe('unknown');
    expect(advice('headers', 'apache').fix).toMatch(/AllowOverride None/);
    expect(advice('headers', 'nginx').fix).toMatch(/security-headers\.conf/);
    expect(advice('cookie', 'cloudflare').fix).toMatch(/Bot Fight Mode/);
    expect(advice('hidden-served', 'cloudflare').fix).toMatch(
      /leave \.htaccess .* out of the upload/,
    );
    expect(advice('headers', 'unknown').fix).toMatch(/Apache.*nginx.*Cloudflare/s);
  });

  it('prints each check with its result, and under a failure its findings, cause and fix', () => {
    const table = formatTable(
      [
        pass('HSTS', 'as the policy says'),
        failed('Files of the build', 'files', [
          '/assets/i18n/de.json: differs',
          '/en/: missing (404)',
        ]),
      ],
      'nginx',
    );
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^ok\s+HSTS\s+as the policy says$/);
    expect(lines[1]).toMatch(/^FAIL\s+Files of the build\s+\/assets\/i18n\/de\.json: differs$/);
    expect(lines[2]).toMatch(/^\s+\/en\/: missing \(404\)$/);
    expect(lines[3]).toMatch(/^\s+Cause: .*upload that stopped/);
    expect(lines[4]).toMatch(/^\s+Fix: +Run `npm run deploy` again/);
    expect(table).toMatch(/differs from the build: 1 check failed/);
  });

  it('exits 0 when all holds (warnings too), 1 when something differs, 2 when unreachable', () => {
    const warning = failed('TLS certificate', 'tls-expiring', ['3 days left'], 'warn');
    expect(exitCode([pass('HSTS'), warning])).toBe(0);
    expect(exitCode([warning, failed('HSTS', 'no-hsts', ['missing'])])).toBe(1);
    expect(exitCode([failed('Reachable', 'unreachable', ['ECONNREFUSED'])])).toBe(2);
  });
});
