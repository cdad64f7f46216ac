/**
 * What a deploy does, decided before it touches the server: which files go up in which order,
 * what is deleted, and the manifest the server keeps of what this tool published there.
 */

/**
 * The manifest's name on the server. A hidden file: deploy/nginx/site.conf, deploy/apache/site.conf
 * and the build's .htaccess refuse to serve any, so visitors never read it.
 */
export const MANIFEST_NAME = '.deploy-manifest.json';

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
  return data as Manifest;
}

export function serializeManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 1)}\n`;
}

/** The three stages of an upload, in the order they go up. */
export const STAGES = ['assets', 'files', 'documents'] as const;
export type Stage = (typeof STAGES)[number];

/** Vite's content-named files, as the server configurations cache them, and their .br/.gz. */
const HASHED = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+(\.br|\.gz)?$/;
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

export interface Plan {
  /** The files to upload, in order. */
  uploads: LocalFile[];
  /** Files this tool published that neither the new nor the previous release names. */
  deletions: string[];
  /** Written before the first upload: the files about to go up are marked as this tool's. */
  pending: Manifest;
  /** Written after the last upload: the new release is live. */
  published: Manifest;
  /** Written after the deletions. */
  final: Manifest;
}

/** Plans publishing `local` (the build) to a server whose manifest is `remote`. */
export function planDeploy(local: readonly LocalFile[], remote: Manifest): Plan {
  if (local.some((file) => file.path === MANIFEST_NAME)) {
    throw new Error(`The build holds a file named ${MANIFEST_NAME}, the deploy's own manifest.`);
  }
  const uploads = local
    .filter((file) => remote.files[file.path] !== file.hash)
    .toSorted(uploadOrder);
  const names = local.map((file) => file.path).toSorted();
  // Deploying the live release again keeps the release before it, and so deletes nothing.
  const sameRelease =
    uploads.length === 0 &&
    names.length === remote.current.length &&
    names.every((name, index) => [...remote.current].toSorted()[index] === name);
  const previous = sameRelease ? remote.previous : remote.current;
  const keep = new Set([...names, ...previous]);
  const deletions = Object.keys(remote.files)
    .filter((path) => !keep.has(path))
    .toSorted();

  const pendingFiles = { ...remote.files };
  for (const file of uploads) pendingFiles[file.path] = null;
  const publishedFiles = { ...remote.files };
  for (const file of local) publishedFiles[file.path] = file.hash;
  const finalFiles = { ...publishedFiles };
  for (const path of deletions) delete finalFiles[path];

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

/** The name a file is written under before it is renamed into place: hidden, so never served. */
export function temporaryName(path: string): string {
  const slash = path.lastIndexOf('/');
  return `${path.slice(0, slash + 1)}.${path.slice(slash + 1)}.deploying`;
}
