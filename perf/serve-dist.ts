import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sirv from 'sirv';
import { HASHED_ASSET_PATH, IMMUTABLE, REVALIDATE } from '../hosting/header-policy.ts';

/**
 * Serves a built folder on 127.0.0.1 for the benchmarks and the screenshots, with sirv (Vite's own
 * preview server): the build's `.br`/`.gz` siblings when the browser accepts them, hashed assets
 * cached for a year and everything else revalidated (hosting/header-policy.ts, as the deploy
 * configurations say), `404.html` with status 404 for anything else. The real hosts are tested by
 * `npm run test:servers`. Run directly it serves until stopped:
 * `tsx perf/serve-dist.ts [folder=dist] [port=4173]`.
 */
export interface StaticServer {
  /** The base URL, ending in `/`, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  close: () => Promise<void>;
}

export interface StaticServerOptions {
  root: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
}

const hashedAsset = new RegExp(HASHED_ASSET_PATH);

export function startStaticServer({
  root,
  port = 0,
  host = '127.0.0.1',
}: StaticServerOptions): Promise<StaticServer> {
  const folder = resolve(root);
  const serve = sirv(folder, {
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders: (response, pathname) => {
      response.setHeader('Cache-Control', hashedAsset.test(pathname) ? IMMUTABLE : REVALIDATE);
    },
  });
  const server = createServer((request, response) => {
    serve(request, response, () => {
      readFile(join(folder, '404.html')).then(
        (page) => {
          response.writeHead(404, { 'Content-Type': 'text/html', 'Cache-Control': REVALIDATE });
          response.end(page);
        },
        () => {
          response.writeHead(404, { 'Content-Type': 'text/plain' });
          response.end('Not found\n');
        },
      );
    });
  });
  return new Promise((resolveStart, rejectStart) => {
    server.once('error', rejectStart);
    server.listen(port, host, () => {
      const { port: actualPort } = server.address() as AddressInfo;
      resolveStart({
        url: `http://${host}:${actualPort}/`,
        close: () =>
          new Promise<void>((resolveClose, rejectClose) => {
            server.closeAllConnections();
            server.close((error) => (error ? rejectClose(error) : resolveClose()));
          }),
      });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [root = 'dist', port = '4173'] = process.argv.slice(2);
  const { url } = await startStaticServer({ root, port: Number(port) });
  console.log(`Serving ${resolve(root)} at ${url} (Ctrl+C to stop)`);
}
