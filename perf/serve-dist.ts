import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sirv from 'sirv';
import { HASHED_ASSET_PATH, IMMUTABLE, REVALIDATE } from '../hosting/header-policy.ts';

/**
 * Serves a built folder as the hosts do, for the benchmarks and the screenshots: the `.br`/`.gz`
 * siblings the browser accepts, the header policy's caching, `404.html` for anything else.
 * Run directly it serves until stopped: `tsx perf/serve-dist.ts [folder=dist] [port=4173]`.
 */
export interface StaticServer {
  /** The base URL, ending in `/`, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  close: () => Promise<void>;
}

const hashedAsset = new RegExp(HASHED_ASSET_PATH);

/** `port` 0, the default, picks a free one. */
export async function startStaticServer({
  root,
  port = 0,
  host = '127.0.0.1',
}: {
  root: string;
  port?: number;
  host?: string;
}): Promise<StaticServer> {
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
  await once(server.listen(port, host), 'listening');
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}/`,
    close: () => {
      server.closeAllConnections();
      return new Promise((done, fail) => server.close((error) => (error ? fail(error) : done())));
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [root = 'dist', port = '4173'] = process.argv.slice(2);
  const { url } = await startStaticServer({ root, port: Number(port) });
  console.log(`Serving ${resolve(root)} at ${url} (Ctrl+C to stop)`);
}
