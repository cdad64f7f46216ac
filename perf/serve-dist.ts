import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import sirv from 'sirv';
import { HASHED_ASSET_PATH, IMMUTABLE, REVALIDATE } from '../hosting/header-policy.ts';

const hashedAsset = new RegExp(HASHED_ASSET_PATH);

/**
 * Serves a built folder as the hosts do, for the benchmarks and the screenshots, at a free port of
 * 127.0.0.1: the `.br`/`.gz` siblings the browser accepts, the header policy's caching, `404.html`
 * for anything else.
 */
export async function startStaticServer({ root }: { root: string }) {
  const serve = sirv(resolve(root), {
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders: (response, pathname) => {
      response.setHeader('Cache-Control', hashedAsset.test(pathname) ? IMMUTABLE : REVALIDATE);
    },
  });
  const server = createServer((request, response) => {
    serve(request, response, () => {
      response.writeHead(404, { 'Content-Type': 'text/html', 'Cache-Control': REVALIDATE });
      // A folder without a 404 page, such as the React peer's, answers with an empty one.
      createReadStream(join(root, '404.html'))
        .on('error', () => response.end())
        .pipe(response);
    });
  });
  await once(server.listen(0, '127.0.0.1'), 'listening');
  return {
    /** The base URL, ending in `/`, e.g. `http://127.0.0.1:41234/`. */
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: async () => {
      server.closeAllConnections();
      await once(server.close(), 'close');
    },
  };
}

export type StaticServer = Awaited<ReturnType<typeof startStaticServer>>;
