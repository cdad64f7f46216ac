import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { contentSecurityPolicy, inlineScriptsOf } from '../content-security-policy.ts';
import { HASHED_FILE } from '../header-policy.ts';
import { REPO_ROOT } from '../../testing/servers.ts';

/** What the deploy tests share: where the servers are, what they serve, a plain HTTP client. */

export const DIST = join(REPO_ROOT, 'dist');

export const SERVER_URL_VARIABLES = {
  nginx: 'DEPLOY_TEST_NGINX_URL',
  apache: 'DEPLOY_TEST_APACHE_URL',
  'apache-vhost': 'DEPLOY_TEST_APACHE_VHOST_URL',
  workerd: 'DEPLOY_TEST_WORKERD_URL',
} as const;
/** The plain-HTTP side of the servers that do TLS themselves. */
export const HTTP_URL_VARIABLES = {
  nginx: 'DEPLOY_TEST_NGINX_HTTP_URL',
  apache: 'DEPLOY_TEST_APACHE_HTTP_URL',
  'apache-vhost': 'DEPLOY_TEST_APACHE_VHOST_HTTP_URL',
  workerd: 'DEPLOY_TEST_WORKERD_HTTP_URL',
} as const;
/** The certificate the servers' HTTPS uses, which the tests' client trusts. */
export const CERTIFICATE_VARIABLE = 'DEPLOY_TEST_CERTIFICATE';
export const SITE_ROOT_VARIABLE = 'DEPLOY_TEST_SITE_ROOT';

export const SERVER_NAMES = ['nginx', 'apache', 'workerd'] as const;
export type ServerName = (typeof SERVER_NAMES)[number];

export type AnyServer = keyof typeof SERVER_URL_VARIABLES;

/** The base URL global-setup.ts started the server on (HTTPS for nginx and Apache). */
export function serverUrl(name: AnyServer): string {
  const url = process.env[SERVER_URL_VARIABLES[name]];
  if (!url) throw new Error(`${name} is not running: the global setup did not start it.`);
  return url;
}

/** The server's plain-HTTP address, or undefined for a CDN, which does TLS itself. */
export function httpUrl(name: AnyServer): string | undefined {
  return process.env[HTTP_URL_VARIABLES[name]];
}

/** The folder the servers serve (a copy of dist/ with hidden files added). */
export function siteRoot(): string {
  const root = process.env[SITE_ROOT_VARIABLE];
  if (!root) throw new Error('The global setup did not prepare the site.');
  return root;
}

/** The hashed files of the build, e.g. `assets/index-B1a2c3D4.js`. */
export function hashedAssets(): string[] {
  const hashed = new RegExp(`^${HASHED_FILE}$`);
  return readdirSync(join(siteRoot(), 'assets'))
    .map((name) => `assets/${name}`)
    .filter((path) => hashed.test(path));
}

/** The built JavaScript entry, which is large enough to be precompressed. */
export function hashedScript(): string {
  const script = hashedAssets().find((path) => path.endsWith('.js'));
  if (!script) throw new Error('The build has no hashed script in assets/.');
  return script;
}

/**
 * The policy the served index.html needs: the hashes of its inline scripts (JSON blocks are data,
 * not scripts, and need none), computed the way the build does.
 */
export function expectedPolicy(): string {
  const html = readFileSync(join(siteRoot(), 'index.html'), 'utf8');
  return contentSecurityPolicy(inlineScriptsOf(html));
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The body as sent, before any decoding. */
  raw: Buffer;
  /** The body with its Content-Encoding undone. */
  body: Buffer;
}

let trusted: Buffer | undefined;
const testCertificate = () => {
  const path = process.env[CERTIFICATE_VARIABLE];
  trusted ??= path ? readFileSync(path) : undefined;
  return trusted;
};

/** A GET with exactly the given headers (no Accept-Encoding unless given), nothing decoded for us. */
export function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
) {
  return new Promise<Answer>((resolve, reject) => {
    const url = new URL(path, base);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const options = {
      headers,
      method,
      ca: testCertificate(),
      // The certificate is for 127.0.0.1, whatever Host header the test sends.
      checkServerIdentity: (_host: string, cert: PeerCertificate) =>
        checkServerIdentity(url.hostname, cert),
    };
    const req = request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        const encoding = flat['content-encoding'];
        // A 304 may name the encoding of the body it does not send.
        const body =
          raw.length === 0
            ? raw
            : encoding === 'br'
              ? brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? gunzipSync(raw)
                : raw;
        resolve({ status: res.statusCode ?? 0, headers: flat, raw, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * What a host does of its own accord, where it differs from the others. Each difference is a
 * decision, explained here once, and asserted by the tests as exactly this.
 */
export interface HostTraits {
  /** The file that gives the host its headers, named when one is wrong. */
  headerFile: string;
  /**
   * Headers the host adds to every answer by itself. workerd runs Cloudflare's open-source Pages
   * asset server (@cloudflare/pages-shared), the code production runs, which sets
   * `Access-Control-Allow-Origin: *` on every asset, in production too, not only in development.
   * We keep it: the site is public, sets no cookie and needs no credentials, and `*` never lets a
   * browser send credentials, so other sites can read nothing they could not fetch themselves.
   */
  ownHeaders: Record<string, string>;
  /** Sends Last-Modified beside the ETag (Pages revalidates by ETag alone). */
  lastModified: boolean;
  /** The Cache-Control of a 404: Pages sends `no-store` for its not-found page, beyond `_headers`. */
  notFoundCacheControl: string;
  /** `/index.html` answers 308 to `/` (Pages' "pretty URLs") instead of 200. */
  redirectsIndexHtml: boolean;
  /**
   * Chooses brotli for Chromium's `gzip, deflate, br, zstd`. workerd in development takes the
   * first accepted encoding (gzip); Cloudflare's edge compresses by its own rules.
   */
  brotliFirst: boolean;
  /**
   * Refuses hidden files and the .br/.gz copies under their own names. A CDN serves exactly what
   * was uploaded, so there the rule is: upload dist/ (which holds no secret) and nothing else.
   */
  refusesHiddenFiles: boolean;
}

export const HOST_TRAITS: Record<ServerName, HostTraits> = {
  nginx: {
    headerFile: 'hosting/nginx/security-headers.conf',
    ownHeaders: {},
    lastModified: true,
    notFoundCacheControl: 'no-cache',
    redirectsIndexHtml: false,
    brotliFirst: true,
    refusesHiddenFiles: true,
  },
  apache: {
    headerFile: 'hosting/apache/.htaccess',
    ownHeaders: {},
    lastModified: true,
    notFoundCacheControl: 'no-cache',
    redirectsIndexHtml: false,
    brotliFirst: true,
    refusesHiddenFiles: true,
  },
  workerd: {
    headerFile: 'dist/_headers',
    ownHeaders: { 'access-control-allow-origin': '*' },
    lastModified: false,
    notFoundCacheControl: 'no-store',
    redirectsIndexHtml: true,
    brotliFirst: false,
    refusesHiddenFiles: false,
  },
};
