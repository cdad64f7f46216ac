import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE } from '../hosting/header-policy.ts';
import { startStaticServer, type StaticServer } from './serve-dist.ts';

/** The raw answer to a GET of `path` (no decoding, the path sent as written). */
function get(server: StaticServer, path: string, acceptEncoding = 'br, gzip') {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolveGet, rejectGet) => {
      const sent = request({
        hostname,
        port,
        path,
        headers: { 'Accept-Encoding': acceptEncoding },
      });
      sent.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
        response.on('end', () =>
          resolveGet({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      });
      sent.on('error', rejectGet);
      sent.end();
    },
  );
}

describe('the static server of the benchmarks', () => {
  let server: StaticServer;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'serve-dist-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<p>plain');
    writeFileSync(join(root, 'index.html.br'), 'brotli');
    writeFileSync(join(root, 'index.html.gz'), 'gzip');
    writeFileSync(join(root, 'assets/index-B9ROyiXm.js'), 'hashed');
    writeFileSync(join(root, '404.html'), 'not here');
    writeFileSync(join(root, '.htaccess'), 'secret');
    server = await startStaticServer({ root });
  });
  afterAll(() => server.close());

  it('answers with the precompressed sibling the browser accepts, brotli first', async () => {
    const brotli = await get(server, '/');
    expect([brotli.body, brotli.headers['content-encoding']]).toEqual(['brotli', 'br']);
    expect(brotli.headers['vary']).toMatch(/Accept-Encoding/i);
    expect((await get(server, '/', 'gzip')).body).toBe('gzip');
    expect((await get(server, '/', 'identity')).body).toBe('<p>plain');
  });

  it('lets browsers keep hashed assets for a year and revalidate the rest', async () => {
    expect((await get(server, '/assets/index-B9ROyiXm.js')).headers['cache-control']).toBe(
      IMMUTABLE,
    );
    expect((await get(server, '/')).headers['cache-control']).toBe(REVALIDATE);
  });

  it.each(['/missing', '/../package.json', '/%2e%2e/package.json', '/.htaccess'])(
    'answers %s with the 404 page',
    async (path) => {
      const { status, body } = await get(server, path, 'identity');
      expect([status, body]).toEqual([404, 'not here']);
    },
  );
});
