import { HASHED_FILE } from '../hosting/header-policy.ts';

/**
 * What a deploy does, decided before it touches the server: which files go up in which order,
 * what is deleted, and the manifest the server keeps of what this tool published there.
 */

/**
 * The manifest's name on the server. A hidden file: hosting/nginx/site.conf, hosting/apache/site.conf
 * and the build's .htaccess refuse to serve any, so visitors never read it.
 */
export const MANIFEST_NAME = '.deploy-manifest.json';

/** The folder a deploy holds on the target while it runs; hidden like the manifest. */
export const LOCK_NAME = '.deploy-lock';

/** Whether the text holds a NUL or another control character, which would cut or bend a name. */
export const hasControlCharacter = (text: string) =>
  [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * Why `path` may not be used below the target, or undefined when it may: a relative path of
 * plain names, which cannot lead outside the target whatever the server makes of it.
 */
export function unsafePath(path: string): string | undefined {
  if (path === '') return 'it is empty';
  if (path.includes('\\')) return 'it holds a backslash';
  if (hasControlCharacter(path)) return 'it holds a control character';
  if (path.startsWith('/')) return 'it is absolute';
  if (path.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    return 'it holds an empty, "." or ".." part';
  }
  return undefined;
}

export interface LocalFile {
  /** The path below the build folder, with `/`: `assets/index-B1a2c3D4.js`. */
  path: string;
  /** The SHA-256 of the content, hex. */
  hash: string;
  size: number;
}

export interface Manifest {
  version: 1;
  /**
   * Every file on the server this tool put there and has not deleted yet, with the hash of its
   * content; `null` while an upload is under way (a run that stopped may have left it half done).
   */
  files: Record<string, string | null>;
  /** The files of the release that is live. */
  current: string[];
  /** The files of the release before it, kept for visitors whose page still names them. */
  previous: string[];
}

export const EMPTY_MANIFEST: Manifest = { version: 1, files: {}, current: [], previous: [] };

function fail(what: string): never {
  throw new Error(
    `The server's ${MANIFEST_NAME} is not a manifest this tool wrote (${what}); ` +
      'move it aside if another program owns it.',
  );
}

const isList = (value: unknown) =>
  Array.isArray(value) && value.every((each) => typeof each === 'string');

/** Reads the server's manifest (undefined: there is none yet), or says what is wrong with it. */
export function parseManifest(text: string | undefined): Manifest {
  if (text === undefined) return EMPTY_MANIFEST;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return fail('not JSON');
  }
  if (typeof data !== 'object' || data === null) return fail('not an object');
  const { version, files, current, previous } = data as Record<string, unknown>;
  if (version !== 1) return fail(`version ${String(version)}`);
  if (typeof files !== 'object' || files === null || Array.isArray(files)) fail('no files');
  for (const [path, hash] of Object.entries(files as object)) {
    if (hash !== null && typeof hash !== 'string') fail(`the hash of ${path}`);
  }
  if (!isList(current) || !isList(previous)) fail('no release lists');
  const named = [
    ...Object.keys(files as object),
    ...(current as string[]),
    ...(previous as string[]),
  ];
  for (const path of named) {
    const why = unsafePath(path);
    // One bad name refuses the whole manifest: nothing it names is deleted.
    if (why)
      fail(`it names ${JSON.stringify(path)}, which is not a path inside the target: ${why}`);
  }
  return data as Manifest;
}

export function serializeManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 1)}\n`;
}

/** The three stages of an upload, in the order they go up. */
export const STAGES = ['assets', 'files', 'documents'] as const;
export type Stage = (typeof STAGES)[number];

/** Vite's content-named files, as the server configurations cache them, and their .br/.gz. */
const HASHED = new RegExp(`^${HASHED_FILE}(\\.br|\\.gz)?$`);
const DOCUMENT = /\.html(\.br|\.gz)?$/;

/**
 * New content-named files first (nothing names them yet), then the files without a hash in their
 * name, the documents (which name the new files) last.
 */
export function stageOf(path: string): Stage {
  if (HASHED.test(path)) return 'assets';
  if (DOCUMENT.test(path)) return 'documents';
  return 'files';
}

/** Within a stage by path, a file's .br and .gz copies before the file itself. */
function uploadOrder(a: LocalFile, b: LocalFile): number {
  const key = (file: LocalFile) => {
    const compressed = /\.(br|gz)$/.exec(file.path);
    const base = compressed ? file.path.slice(0, -compressed[0].length) : file.path;
    return [STAGES.indexOf(stageOf(file.path)), base, compressed ? 0 : 1] as const;
  };
  const [stageA, baseA, rankA] = key(a);
  const [stageB, baseB, rankB] = key(b);
  if (stageA !== stageB) return stageA - stageB;
  if (baseA !== baseB) return baseA < baseB ? -1 : 1;
  if (rankA !== rankB) return rankA - rankB;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** What the listing of the target found at a path: a file and its size, or something else. */
export type ServerEntry = { kind: 'file'; size: number } | { kind: 'folder' } | { kind: 'link' };

export interface Plan {
  /** The files to upload, in order. */
  uploads: LocalFile[];
  /** Files this tool published that neither the new nor the previous release names, and that the server still has. */
  deletions: string[];
  /** Written before the first upload: the files about to go up are marked as this tool's. */
  pending: Manifest;
  /** Written after the last upload: the new release is live. */
  published: Manifest;
  /** Written after the deletions. */
  final: Manifest;
}

/**
 * Plans publishing `local` (the build) to a server whose manifest is `remote` and whose listing
 * is `server`: a file goes up unless the manifest has its hash and the server a file of its size.
 */
export function planDeploy(
  local: readonly LocalFile[],
  remote: Manifest,
  server: ReadonlyMap<string, ServerEntry>,
): Plan {
  for (const file of local) {
    if (file.path === MANIFEST_NAME || file.path.split('/')[0] === LOCK_NAME) {
      throw new Error(
        `The build holds a file named ${file.path}, which the deploy keeps for itself.`,
      );
    }
    const why = unsafePath(file.path);
    if (why)
      throw new Error(
        `The build holds ${JSON.stringify(file.path)}, which cannot be published: ${why}.`,
      );
  }
  const isThere = (file: LocalFile) => {
    const entry = server.get(file.path);
    return entry?.kind === 'file' && entry.size === file.size;
  };
  const uploads = local
    .filter((file) => remote.files[file.path] !== file.hash || !isThere(file))
    .toSorted(uploadOrder);
  const names = local.map((file) => file.path).toSorted();
  // Deploying the live release again (also to repair a file) keeps the release before it.
  const sameRelease =
    names.length === remote.current.length &&
    names.every((name, index) => [...remote.current].toSorted()[index] === name);
  const previous = sameRelease ? remote.previous : remote.current;
  const keep = new Set([...names, ...previous]);
  const gone = Object.keys(remote.files).filter((path) => !keep.has(path));
  // What the listing does not show needs no request; the manifest forgets it all the same.
  const deletions = gone
    .filter((path) => server.has(path) && server.get(path)?.kind !== 'folder')
    .toSorted();

  const pendingFiles = { ...remote.files };
  for (const file of uploads) pendingFiles[file.path] = null;
  const publishedFiles = { ...remote.files };
  for (const file of local) publishedFiles[file.path] = file.hash;
  const finalFiles = { ...publishedFiles };
  for (const path of gone) delete finalFiles[path];

  return {
    uploads,
    deletions,
    pending: { ...remote, files: sortKeys(pendingFiles) },
    published: { version: 1, files: sortKeys(publishedFiles), current: names, previous },
    final: { version: 1, files: sortKeys(finalFiles), current: names, previous },
  };
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).toSorted(([a], [b]) => (a < b ? -1 : 1)));
}

/** The folders the uploads need, parents before children (`assets`, `assets/i18n`). */
export function foldersFor(paths: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/').slice(0, -1);
    for (let depth = 1; depth <= parts.length; depth++)
      folders.add(parts.slice(0, depth).join('/'));
  }
  return [...folders].toSorted(
    (a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1),
  );
}

/**
 * The name a file is written under before it is renamed into place: hidden, so never served, and
 * with `nonce` (random) in it, so that nobody can plant a file or a link there beforehand.
 */
export function temporaryName(path: string, nonce: string): string {
  const slash = path.lastIndexOf('/');
  return `${path.slice(0, slash + 1)}.${path.slice(slash + 1)}.${nonce}.deploying`;
}

/** A temporary name of this tool's (a run that was killed may leave one behind). */
export const isTemporaryName = (name: string) =>
  /^\..+\.([0-9a-f]{16}\.)?deploying(\.old)?$/.test(name);
