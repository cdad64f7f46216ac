import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { expect, test } from '@playwright/test';
import { headerPolicy } from '../header-policy.ts';
import { business } from '../../src/content/business.ts';
import {
  expectedPolicy,
  get,
  hashedScript,
  httpUrl,
  serverUrl,
  siteRoot,
  type Answer,
  type AnyServer,
} from './site.ts';

/**
 * What a host needs beyond the site's own files: HTTPS with a redirect from HTTP, what the HTTP
 * Observatory grades, methods and ranges a static site refuses, security.txt, and (for owners
 * with access to the server) Apache's own error answers with the headers.
 */

/** The servers that do TLS themselves; `apache-vhost` runs hosting/apache/site.conf. */
const TLS_SERVERS = ['nginx', 'apache', 'apache-vhost'] as const;
const ALL_SERVERS = [...TLS_SERVERS, 'workerd'] as const;

/** The name the site is reached by, sent as the Host header. */
const HOST = new URL(business.siteUrl).hostname;

const policy = () => headerPolicy(expectedPolicy());

function expectPolicyHeaders(answer: Answer, what: string, options: { https: boolean }) {
  for (const { name, value, httpsOnly } of policy().security) {
    const expected = httpsOnly && !options.https ? undefined : value;
    expect(answer.headers[name.toLowerCase()], `${name} of ${what}`).toBe(expected);
  }
}

function httpBase(server: AnyServer): string {
  const url = httpUrl(server);
  if (!url) throw new Error(`${server} has no plain-HTTP side.`);
  return url;
}

const certificate = () => readFileSync(process.env.DEPLOY_TEST_CERTIFICATE ?? '');

interface RawAnswer {
  status: number;
  headers: Record<string, string[]>;
  body: string;
}

/** Sends `request` as is over TLS and reads the answer: for requests no HTTP client would send. */
function rawHttps(base: string, request: string): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(
      {
        host: url.hostname,
        port: Number(url.port),
        ca: certificate(),
        ALPNProtocols: ['http/1.1'],
      },
      () => socket.end(request),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string[]> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        (headers[name] ??= []).push(line.slice(colon + 1).trim());
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

for (const server of TLS_SERVERS) {
  test.describe(`${server}: HTTPS`, () => {
    test('redirects plain HTTP to the same address on HTTPS, without Strict-Transport-Security', async () => {
      for (const path of ['', 'assets/i18n/de.json?v=2', 'nope', hashedScript()]) {
        const answer = await get(httpBase(server), path, { host: HOST });
        expect(answer.status, `http:/${path}`).toBe(301);
        expect(answer.headers.location, `http:/${path}`).toBe(`https://${HOST}/${path}`);
        expect(answer.headers['strict-transport-security'], `http:/${path}`).toBeUndefined();
      }
    });

    test("lets Let's Encrypt's challenge through on plain HTTP", async () => {
      const folder = join(siteRoot(), '.well-known/acme-challenge');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `token-${server}`), `proof-${server}`);
      const answer = await get(httpBase(server), `.well-known/acme-challenge/token-${server}`, {
        host: HOST,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe(`proof-${server}`);
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    });

    test('answers with what the HTTP Observatory grades A+, checked one by one', async () => {
      const https = await get(serverUrl(server), '', { host: HOST });
      const http = await get(httpBase(server), '', { host: HOST });
      expectPolicyHeaders(https, 'the HTTPS page', { https: true });
      const headers = https.headers;

      // Content-Security-Policy without unsafe sources: scripts only from the site itself or by
      // hash (so no 'unsafe-inline', 'unsafe-eval', data:, any host or scheme, nor a script from
      // elsewhere that would need Subresource Integrity), no plugins, no framing, a default of the
      // site itself. Styles may be inline (decision 14), which the Observatory does not penalise.
      const directives = new Map(
        (headers['content-security-policy'] ?? '')
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .filter(([name]) => name)
          .map(([name = '', ...sources]) => [name.toLowerCase(), sources]),
      );
      const sourcesOf = (name: string) => directives.get(name) ?? directives.get('default-src');
      expect(sourcesOf('script-src')?.length, 'script-src').toBeGreaterThan(0);
      for (const source of sourcesOf('script-src') ?? []) {
        expect(source, 'a script-src source').toMatch(
          /^'(self|sha(256|384|512)-[A-Za-z\d+/]+=*)'$/,
        );
      }
      expect(sourcesOf('object-src'), 'object-src').toEqual(["'none'"]);
      expect(directives.get('frame-ancestors'), 'frame-ancestors').toEqual(["'none'"]);
      expect(directives.get('default-src'), 'default-src').toEqual(["'self'"]);
      for (const [name, sources] of directives) {
        for (const source of sources) {
          expect(source, `a source of ${name}`).not.toMatch(/^(\*|https?:|data:|'unsafe-eval')/i);
        }
      }
      // Strict-Transport-Security for at least six months (the Observatory's 15,768,000 s).
      const maxAge = /(?:^|;)\s*max-age=(\d+)/i.exec(headers['strict-transport-security'] ?? '');
      expect(Number(maxAge?.[1]), 'the HSTS max-age').toBeGreaterThanOrEqual(15_768_000);
      expect(headers['x-content-type-options']).toBe('nosniff');
      // A private referrer policy: browsers use the last value they know.
      expect(headers['referrer-policy']?.split(',').at(-1)?.trim()).toMatch(
        /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
      );
      expect(headers['x-frame-options']).toMatch(/^(DENY|SAMEORIGIN)$/i);
      // No cookie, so none without the Secure flag.
      expect(headers['set-cookie']).toBeUndefined();
      // Plain HTTP redirects at once to HTTPS on the same host.
      expect(http.status).toBe(301);
      const target = new URL(http.headers.location ?? '', `http://${HOST}/`);
      expect(target.protocol).toBe('https:');
      expect(target.hostname).toBe(HOST);
    });

    test('speaks HTTP/2 and TLS 1.2 only with forward secrecy', async () => {
      const url = new URL(serverUrl(server));
      const negotiate = (options: { alpn: string[]; maxVersion?: 'TLSv1.2' }) =>
        new Promise<{ alpn: string | false | null; cipher: string; version: string | null }>(
          (resolve, reject) => {
            const socket = connect(
              {
                host: url.hostname,
                port: Number(url.port),
                ca: certificate(),
                ALPNProtocols: options.alpn,
                maxVersion: options.maxVersion,
              },
              () => {
                resolve({
                  alpn: socket.alpnProtocol,
                  cipher: socket.getCipher().name,
                  version: socket.getProtocol(),
                });
                socket.end();
              },
            );
            socket.on('error', reject);
          },
        );
      const modern = await negotiate({ alpn: ['h2', 'http/1.1'] });
      if (server !== 'apache') {
        // The shared host's own TLS (the test's stand-in for it) is not ours to configure.
        expect(modern.alpn).toBe('h2');
      }
      expect(modern.version).toBe('TLSv1.3');
      const older = await negotiate({ alpn: ['http/1.1'], maxVersion: 'TLSv1.2' });
      expect(older.version).toBe('TLSv1.2');
      expect(older.cipher).toMatch(/^ECDHE-/);
    });
  });
}

test.describe('apache: behind a proxy that ends TLS', () => {
  test('does not redirect what the proxy says came over HTTPS, and sends HSTS on it', async () => {
    const answer = await get(httpBase('apache'), '', { host: HOST, 'x-forwarded-proto': 'https' });
    expect(answer.status).toBe(200);
    expectPolicyHeaders(answer, 'the page behind a proxy', { https: true });
  });
});

for (const server of ALL_SERVERS) {
  test.describe(`${server}: what a static site refuses`, () => {
    test('answers OPTIONS and POST with 405, with the headers', async () => {
      for (const method of ['OPTIONS', 'POST']) {
        for (const path of ['', 'index.html', hashedScript(), 'assets/i18n/de.json']) {
          const answer = await get(serverUrl(server), path, { host: HOST }, method);
          expect(answer.status, `${method} /${path}`).toBe(405);
          if (server !== 'workerd') {
            expectPolicyHeaders(answer, `${method} /${path}`, { https: true });
          }
          if (server.startsWith('apache')) {
            // nginx's own 405 names no methods. Apache adds TRACE when the server allows it
            // (a shared host's setting), and a stray ", " when it does not.
            expect(answer.headers.allow, `Allow of ${method} /${path}`).toMatch(
              /^GET, HEAD(, (TRACE)?)?$/,
            );
          }
        }
      }
    });

    test('sends each security header once, also when a range cannot be satisfied', async () => {
      const answer = await get(serverUrl(server), 'robots.txt', { range: 'bytes=999999-' });
      expect([200, 416]).toContain(answer.status);
      for (const { name, value } of policy().security) {
        expect(answer.headers[name.toLowerCase()], `${name} of a range past the end`).toBe(value);
      }
    });

    test('serves security.txt (RFC 9116) from the business facts, expiring in a year', async () => {
      const answer = await get(serverUrl(server), '.well-known/security.txt', { host: HOST });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
      const text = answer.body.toString('utf8');
      expect(text).toContain(`Contact: mailto:${business.email}\n`);
      expect(text).toContain('Preferred-Languages: de, en\n');
      expect(text).toContain(
        `Canonical: ${new URL('.well-known/security.txt', business.siteUrl).href}\n`,
      );
      const expires = Date.parse(/^Expires: (.+)$/m.exec(text)?.[1] ?? '');
      const days = (expires - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(360);
      expect(days).toBeLessThanOrEqual(366);
    });
  });
}

test.describe('nginx: ranges and redirects', () => {
  test('ignores byte ranges: the whole file, never a 206 of many parts', async () => {
    const file = readFileSync(join(siteRoot(), 'robots.txt'));
    const answer = await get(serverUrl('nginx'), 'robots.txt', { range: 'bytes=0-0,2-2,4-4' });
    expect(answer.status).toBe(200);
    expect(answer.body.equals(file)).toBe(true);
  });

  test("builds no redirect from the request's Host header", async () => {
    const answer = await get(serverUrl('nginx'), 'assets', { host: 'evil.example' });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/assets/');
  });
});

test.describe('apache-vhost: the virtual host for owners with server access', () => {
  const malformed = {
    'an encoded slash': `GET /assets%2F..%2Findex.html HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`,
    'an 8,000-character path': `GET /${'a'.repeat(8000)} HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`,
    'an invalid Host': 'GET / HTTP/1.1\r\nHost: bad host!\r\nConnection: close\r\n\r\n',
    'a TRACE': `TRACE / HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`,
  };

  for (const [what, request] of Object.entries(malformed)) {
    test(`answers ${what} with an error that carries every header and no version`, async () => {
      const answer = await rawHttps(serverUrl('apache-vhost'), request);
      expect(answer.status, what).toBeGreaterThanOrEqual(400);
      for (const { name, value } of policy().security) {
        expect(answer.headers[name.toLowerCase()], `${name} of ${what}`).toEqual([value]);
      }
      expect(answer.headers.server).toEqual(['Apache']);
      expect(answer.body).not.toMatch(/Apache\/\d|Debian|Server at/);
    });
  }

  test('caps byte ranges at one and names its own host in redirects', async () => {
    const ranges = await get(serverUrl('apache-vhost'), 'robots.txt', {
      host: HOST,
      range: 'bytes=0-0,2-2',
    });
    expect(ranges.status).toBe(200);
    const folder = await get(serverUrl('apache-vhost'), 'assets', { host: 'evil.example' });
    expect(folder.status).toBe(301);
    expect(new URL(folder.headers.location ?? '').hostname).toBe(HOST);
  });
});
