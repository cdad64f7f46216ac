import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { get, hashedScript, SERVER_NAMES, serverUrl, siteRoot } from './site.ts';

/**
 * `q=0` in Accept-Encoding means "not acceptable" (RFC 9110, 12.4.2): a client that says
 * `br;q=0` must not get brotli, whether the server sends a precompressed sibling or compresses on
 * the fly. Any other weight is acceptance; the servers prefer brotli among what is acceptable.
 */
const cases = [
  ['gzip;q=0, br;q=0', undefined],
  ['br;q=0, gzip', 'gzip'],
  ['br; q=0.000, gzip;q=1', 'gzip'],
  ['Br;q=0, GZip', 'gzip'],
  ['gzip;q=0, br', 'br'],
  ['br;q=0', undefined],
  ['gzip;q=0.0', undefined],
  ['br;q=0.001, gzip', 'br'],
  ['gzip, br;q=0.5', 'br'],
] as const;

/**
 * nginx and Apache, whose configurations are ours. Not workerd: on Cloudflare the edge, not this
 * project's files, chooses the encoding, and `wrangler pages dev` compresses with gzip even when
 * `gzip;q=0` refuses it, which says nothing about production.
 */
const CONFIGURED = SERVER_NAMES.filter((server) => server !== 'workerd');

for (const server of CONFIGURED) {
  test(`${server} honours q=0 in Accept-Encoding`, async () => {
    for (const path of ['', hashedScript(), 'assets/i18n/de.json']) {
      const file = readFileSync(join(siteRoot(), path || 'index.html'));
      for (const [accepted, expected] of cases) {
        const what = `/${path} with Accept-Encoding: ${accepted}`;
        const answer = await get(serverUrl(server), path, { 'accept-encoding': accepted });
        expect(answer.status, what).toBe(200);
        expect(answer.headers['content-encoding'], what).toBe(expected);
        expect(answer.body.equals(file), `${what}: the file itself once decoded`).toBe(true);
      }
    }
  });
}
