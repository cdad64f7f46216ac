import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  cacheControlFor,
  contentTypeFor,
  isCompressible,
  negotiateEncoding,
  resolveRequestPath,
  type ContentEncoding,
} from '../tooling/static-hosting.ts';

/**
 * A dependency-free static server for `dist/` that answers like a common web host: precompressed
 * `file.br` / `file.gz` siblings when present and accepted (brotli first), otherwise text compressed
 * on the fly at the levels Apache's mod_brotli (quality 5) and mod_deflate/nginx (gzip 6) use by
 * default; `Vary: Accept-Encoding`; hashed assets cached for a year, everything else revalidated;
 * 404 (with the folder's `404.html` when there is one) for missing files and for paths that leave
 * the folder. The benchmark imports it; run directly
 * it serves a folder until stopped: `tsx scripts/serve-dist.ts [folder=dist] [port=4173]`.
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

const siblingSuffix: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

const compress: Record<ContentEncoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

async function readIfFile(path: string): Promise<Buffer | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? await readFile(path) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * On-the-fly results by encoding and content, so that repeated benchmark runs measure the page,
 * not the compressor (hosts with a compression cache behave alike). Keyed by content, a rebuilt
 * file is never answered from a stale entry.
 */
const compressedCache = new Map<string, Buffer>();

function compressCached(file: string, body: Buffer, encoding: ContentEncoding): Buffer {
  const key = `${encoding}\0${file}\0${createHash('sha1').update(body).digest('base64')}`;
  let compressed = compressedCache.get(key);
  if (!compressed) {
    compressed = compress[encoding](body);
    compressedCache.set(key, compressed);
  }
  return compressed;
}

/** The body and encoding to send: a precompressed sibling, on-the-fly compression, or as is. */
async function encodedBody(
  file: string,
  body: Buffer,
  accepted: readonly ContentEncoding[],
): Promise<{ body: Buffer; encoding?: ContentEncoding }> {
  for (const encoding of accepted) {
    // In order of preference: the first sibling found wins, so the lookups are sequential.
    // oxlint-disable-next-line no-await-in-loop
    const sibling = await readIfFile(file + siblingSuffix[encoding]);
    if (sibling) return { body: sibling, encoding };
  }
  const [encoding] = accepted;
  if (encoding && isCompressible(file))
    return { body: compressCached(file, body, encoding), encoding };
  return { body };
}

/** The encodings a request accepts, best first: the negotiated one, then gzip as a second choice. */
function acceptedEncodings(header: string | undefined): ContentEncoding[] {
  const best = negotiateEncoding(header);
  if (best === 'br') {
    const withoutBrotli = negotiateEncoding(`${header ?? ''}, br;q=0`);
    return withoutBrotli ? ['br', withoutBrotli] : ['br'];
  }
  return best ? [best] : [];
}

/** The folder's `404.html` with status 404, as the deploy configurations answer, else plain text. */
async function notFound(root: string, request: IncomingMessage, response: ServerResponse) {
  const page = join(root, '404.html');
  const raw = await readIfFile(page);
  if (raw) {
    const { body, encoding } = await encodedBody(
      page,
      raw,
      acceptedEncodings(request.headers['accept-encoding']),
    );
    response.writeHead(404, {
      'Content-Type': contentTypeFor(page),
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
    return;
  }
  response.writeHead(404, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-cache',
  });
  response.end('Not found\n');
}

async function handle(root: string, request: IncomingMessage, response: ServerResponse) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' });
    response.end();
    return;
  }
  const file = resolveRequestPath(root, request.url ?? '/');
  const raw = file === undefined ? undefined : await readIfFile(file);
  if (file === undefined || raw === undefined) {
    await notFound(root, request, response);
    return;
  }
  const { body, encoding } = await encodedBody(
    file,
    raw,
    acceptedEncodings(request.headers['accept-encoding']),
  );
  response.writeHead(200, {
    'Content-Type': contentTypeFor(file),
    'Content-Length': body.length,
    'Cache-Control': cacheControlFor(relative(root, file)),
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

export function startStaticServer({
  root,
  port = 0,
  host = '127.0.0.1',
}: StaticServerOptions): Promise<StaticServer> {
  const folder = resolve(root);
  const server = createServer((request, response) => {
    handle(folder, request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
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
