import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import { HASHED_ASSET_PATH, IMMUTABLE, REVALIDATE } from './header-policy.ts';

/**
 * The pure decisions of `scripts/serve-dist.ts`, the static server the benchmark measures against:
 * which file a request means, which encoding to send, how long a browser may keep it. Kept apart
 * from the server so that they can be unit-tested without sockets.
 */

/** Content types by file extension; anything else is sent as `application/octet-stream`. */
const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.vcf': 'text/vcard; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
};

/**
 * The kinds of file worth compressing (images and fonts are compressed already): the build writes
 * their .br/.gz copies (deploy-files.ts), and a host compresses them on the fly when it has none.
 */
const compressibleExtensions = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.xml',
  '.txt',
  '.webmanifest',
  '.map',
]);

const extensionOf = (path: string): string => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
};

export const contentTypeFor = (path: string): string =>
  contentTypes[extensionOf(path)] ?? 'application/octet-stream';

export const isCompressible = (path: string): boolean =>
  compressibleExtensions.has(extensionOf(path));

/**
 * The file below `root` that a request path means, or `undefined` when it would leave `root` or
 * cannot be decoded. `/` and paths ending in `/` mean their `index.html`; the query is ignored.
 * Hidden files (`.htaccess`) and the precompressed siblings are not served under their own names.
 */
export function resolveRequestPath(root: string, requestUrl: string): string | undefined {
  const pathPart = requestUrl.split(/[?#]/, 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\'))
    return undefined;
  const withIndex = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const segments = withIndex.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment.startsWith('.'))) return undefined;
  if (/\.(br|gz)$/i.test(withIndex)) return undefined;
  const file = normalize(join(root, ...segments));
  const inside = relative(normalize(root), file);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) {
    return undefined;
  }
  return file;
}

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from the request's `Accept-Encoding`: brotli before gzip when both
 * are acceptable, honouring `q=0` and `*`. `undefined` means identity.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const candidates: ContentEncoding[] = ['br', 'gzip'];
  let best: ContentEncoding | undefined;
  for (const candidate of candidates) {
    const weight = weightOf(candidate);
    if (weight > 0 && (best === undefined || weight > weightOf(best))) best = candidate;
  }
  return best;
}

/**
 * Files Vite names with a content hash (`assets/index-B9ROyiXm.js`) never change under the same
 * name, so browsers may keep them for a year without asking. Only files directly in `assets/` are
 * Vite's hashed output; `assets/i18n/*.json` is copied from `public/` unchanged and may be edited on
 * the server, so it and everything else (index.html first of all) must be revalidated.
 */
const hashedAsset = new RegExp(HASHED_ASSET_PATH);

export const immutableCacheControl = IMMUTABLE;
export const revalidateCacheControl = REVALIDATE;

export const cacheControlFor = (relativePath: string): string =>
  hashedAsset.test(`/${relativePath.replaceAll('\\', '/').replace(/^\/+/, '')}`)
    ? immutableCacheControl
    : revalidateCacheControl;
