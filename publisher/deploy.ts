import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import { join, relative, sep } from 'node:path';
import { acquireLock, describeHolder, LockBusy, NotALock, type HeldLock } from './lock.ts';
import {
  foldersFor,
  isTemporaryName,
  MANIFEST_NAME,
  parseManifest,
  planDeploy,
  serializeManifest,
  stageOf,
  STAGES,
  temporaryName,
  type LocalFile,
  type Manifest,
  type Plan,
  type ServerEntry,
  type Stage,
} from './plan.ts';
import {
  DeployError,
  openSession,
  TransferFailure,
  type Credentials,
  type DeploySession,
  type DeployTarget,
} from './session.ts';
import { transportFor } from './transports/index.ts';
import { describeTarget } from './target.ts';

/** `npm run deploy`'s work, once the options are read: list, plan, upload, delete. */

export interface Progress {
  stage: Stage;
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
}

export interface DeployOptions {
  /** The build folder. */
  source: string;
  target: DeployTarget;
  credentials: Credentials;
  dryRun?: boolean;
  onProgress?: (progress: Progress) => void;
  /** Files uploaded at once within a stage. */
  parallel?: number;
  /** Reads back every file of the release the server seems to have and compares its hash. */
  verify?: boolean;
  /** Deletes even more files than the limit allows. */
  force?: boolean;
  /**
   * How long a transfer may go without progress; the lock's wait, renewal and staleness derive
   * from it (`lockTimes` in lock.ts).
   */
  idleLimit?: number;
  /** Ctrl-C: ends the transfer under way, removes its temporary, gives the lock back, says what is live. */
  signal?: AbortSignal;
  /** A line for the owner while the deploy runs: waiting for a lock, taking one over. */
  onNotice?: (line: string) => void;
}

export interface DeployResult {
  plan: Plan;
  uploadedBytes: number;
  /** The folders a dry run would create (a real run creates them). */
  newFolders: string[];
  /** Files the server holds with other content than the manifest records (`verify`). */
  mismatched: string[];
}

/** Every file of the build folder, hidden ones included, with its hash. */
export async function listBuild(source: string): Promise<LocalFile[]> {
  let entries;
  try {
    entries = await readdir(source, { recursive: true, withFileTypes: true });
  } catch {
    throw new DeployError(`There is no build in ${source}/: run \`npm run build\` first.`);
  }
  const files = entries.filter((entry) => entry.isFile());
  if (files.length === 0) throw new DeployError(`${source}/ is empty: nothing to publish.`);
  return Promise.all(
    files.map(async (entry) => {
      const full = join(entry.parentPath, entry.name);
      const content = await readFile(full);
      return {
        path: relative(source, full).split(sep).join('/'),
        hash: createHash('sha256').update(content).digest('hex'),
        size: content.length,
      };
    }),
  );
}

/** A name's random part, so that no temporary name can be guessed and planted beforehand. */
const nonce = () => randomBytes(8).toString('hex');

/** `staging` holds the temporaries under way, for whoever must remove them when the line is gone. */
async function writeFile(
  session: DeploySession,
  path: string,
  data: Buffer,
  staging: Set<string>,
): Promise<void> {
  const staged = temporaryName(path, nonce());
  staging.add(staged);
  try {
    await session.writeNew(staged, data);
    await session.replace(staged, path);
    staging.delete(staged);
  } catch (error) {
    // A write that failed (a full disk, a refusal) leaves no half file holding space.
    await session.remove(staged).then(
      () => staging.delete(staged),
      () => undefined,
    );
    throw error;
  }
}

const writeManifest = (session: DeploySession, manifest: Manifest, staging: Set<string>) =>
  writeFile(session, MANIFEST_NAME, Buffer.from(serializeManifest(manifest)), staging);

/**
 * Runs `tasks` with at most `limit` at a time; the first failure stops the rest, and is thrown
 * once every task under way has ended (and cleaned up after itself).
 */
async function inTurn<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
  signal?: AbortSignal,
) {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      signal?.throwIfAborted();
      const item = items[next++] as T;
      try {
        // oxlint-disable-next-line no-await-in-loop -- each worker uploads one file at a time
        await task(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(limit, items.length) }, worker),
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Every folder the paths lie in, and the target itself (''), parents first. */
const foldersOf = (paths: Iterable<string>) => ['', ...foldersFor([...paths])];

/**
 * What the server holds in the folders the deploy may touch, read without following links: a
 * folder replaced by a link is listed as a link, and nothing below it is read.
 */
async function listTarget(session: DeploySession, folders: readonly string[]) {
  const server = new Map<string, ServerEntry>();
  const temporaries: string[] = [];
  for (const folder of folders) {
    if (folder !== '' && server.get(folder)?.kind !== 'folder') continue;
    // oxlint-disable-next-line no-await-in-loop -- a folder is listed after its parent
    const entries = (await session.list(folder)) ?? [];
    for (const entry of entries) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.kind === 'file') server.set(path, { kind: 'file', size: entry.size });
      else if (entry.kind === 'folder') server.set(path, { kind: 'folder' });
      else server.set(path, { kind: 'link' });
      if (entry.kind === 'file' && isTemporaryName(entry.name)) temporaries.push(path);
    }
  }
  return { server, temporaries };
}

/** Stops, naming it, when a folder on the way to any of the paths is a link or not a folder. */
function refuseLinks(
  paths: Iterable<string>,
  server: ReadonlyMap<string, ServerEntry>,
  where: string,
) {
  for (const folder of foldersFor([...paths])) {
    const entry = server.get(folder);
    if (entry?.kind === 'link') {
      throw new DeployError(
        `${where}/${folder} is a symbolic link; the deploy never writes through one. Replace it ` +
          'with a folder (or remove it) and deploy again. Nothing was changed.',
      );
    }
    if (entry?.kind === 'file') {
      throw new DeployError(
        `${where}/${folder} is a file where the build has a folder; remove it and deploy again. ` +
          'Nothing was changed.',
      );
    }
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The files the server holds with other content than the build's (the `--verify` read-back). */
async function readBack(
  session: DeploySession,
  local: readonly LocalFile[],
  server: ReadonlyMap<string, ServerEntry>,
  parallel: number,
): Promise<string[]> {
  const mismatched: string[] = [];
  const present = local.filter((file) => server.get(file.path)?.kind === 'file');
  await inTurn(present, parallel, async (file) => {
    const data = await session.read(file.path);
    if (!data || sha256(data) !== file.hash) mismatched.push(file.path);
  });
  return mismatched.toSorted();
}

/** Paths the manifest records that neither the build nor either release names. */
function deletionCandidates(local: readonly LocalFile[], manifest: Manifest): number {
  const keep = new Set([
    ...local.map((file) => file.path),
    ...manifest.current,
    ...manifest.previous,
  ]);
  return Object.keys(manifest.files).filter((path) => !keep.has(path)).length;
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * Publishes the build folder to the target. One deploy at a time holds the target's lock; the
 * server's listing decides what goes up; the documents go last, each file is renamed into place,
 * and the manifest records every file before it goes up, so a run that stops leaves the live
 * site whole and the next run completes it.
 */
export async function deploy(options: DeployOptions): Promise<DeployResult> {
  const { source, target, credentials, dryRun = false, onProgress, parallel = 4 } = options;
  const { signal, onNotice } = options;
  const where = describeTarget(target);
  const local = await listBuild(source);
  const transport = transportFor(target.protocol);
  const session = await openSession(transport, target, credentials, options.idleLimit);
  // Ctrl-C ends the transfer under way at once; the lock's own connection then cleans up.
  const onAbort = () => session.close();
  signal?.addEventListener('abort', onAbort, { once: true });
  const staging = new Set<string>();
  let lockSession: DeploySession | undefined;
  let lock: HeldLock | undefined;
  let files = 0;
  let uploadedBytes = 0;
  let totalBytes = 0;
  let documentsStarted = false;
  let live = false;
  try {
    const itself = await session.lstat('').catch(() => undefined);
    if (itself && itself.kind !== 'folder' && itself.kind !== 'link') {
      throw new DeployError(
        `${where} is ${itself.kind === 'file' ? 'a file' : 'not a folder'}; the target must be ` +
          "the web space's folder. Check the address; nothing was changed.",
      );
    }
    const root = await session.list('');
    if (!root && !dryRun) {
      await session.createTarget().catch((error: Error) => {
        throw new DeployError(`Cannot create the folder ${where}: ${error.message}`);
      });
    }
    if (!dryRun) {
      // The lock on a connection of its own, so that no queue of uploads can delay its renewal.
      lockSession = await openSession(transport, target, credentials, options.idleLimit);
      lock = await acquireLock(lockSession, {
        holder: {
          host: hostname(),
          pid: process.pid,
          user: userInfo().username,
          started: new Date().toISOString(),
        },
        idleLimit: options.idleLimit,
        signal,
        onWait: (holder) =>
          onNotice?.(`Waiting for ${describeHolder(holder)} to finish publishing to ${where}…`),
        onTakeOver: (holder, why) =>
          onNotice?.(`Took over the lock of ${describeHolder(holder)}: ${why}.`),
      });
    }
    let recorded: Buffer | undefined;
    try {
      recorded = await session.read(MANIFEST_NAME);
    } catch (error) {
      // Taken for none, it would have the deploy upload everything and forget older releases.
      throw new DeployError(
        `Cannot read ${session.remote(MANIFEST_NAME)}, the deploy's record of what it published ` +
          `(${(error as Error).message}); nothing was changed. Give ${target.username} read ` +
          "access to it (the host's file manager), or remove it if it is not the deploy's, then " +
          'deploy again.',
      );
    }
    let manifest: Manifest;
    try {
      manifest = parseManifest(recorded?.toString('utf8'));
    } catch (error) {
      throw new DeployError(`${(error as Error).message} Nothing was changed.`);
    }
    const limit = local.length;
    const tooMany = (count: number) =>
      new DeployError(
        `This deploy would delete ${count} files on ${where}, more than the build holds (${limit}); ` +
          'nothing was changed. Check the target, then run again with --force if that is right.',
      );
    // Checked before the listing too, so that a manifest of huge size costs no requests.
    if (!options.force && deletionCandidates(local, manifest) > 2 * limit) {
      throw tooMany(deletionCandidates(local, manifest));
    }
    const touched = [...local.map((file) => file.path), ...Object.keys(manifest.files)];
    const { server, temporaries } = await listTarget(session, foldersOf(touched));
    refuseLinks(touched, server, where);
    const mismatched = options.verify ? await readBack(session, local, server, parallel) : [];
    for (const path of mismatched) server.delete(path);
    let plan: Plan;
    try {
      plan = planDeploy(local, manifest, server);
    } catch (error) {
      throw new DeployError(`${(error as Error).message} Nothing was changed.`);
    }
    if (!options.force && plan.deletions.length > limit) throw tooMany(plan.deletions.length);
    const newFolders = foldersFor(plan.uploads.map((file) => file.path)).filter(
      (folder) => !server.has(folder),
    );
    if (dryRun) {
      return {
        plan,
        uploadedBytes: 0,
        newFolders: root ? newFolders : ['', ...newFolders],
        mismatched,
      };
    }

    // Left by a run that was killed: no other deploy runs while this one holds the lock.
    await inTurn(temporaries, parallel, (path) => session.remove(path), signal);
    totalBytes = plan.uploads.reduce((sum, file) => sum + file.size, 0);
    if (plan.uploads.length > 0) {
      await writeManifest(session, plan.pending, staging);
      for (const folder of newFolders) {
        // oxlint-disable-next-line no-await-in-loop -- a folder before its sub-folders
        await session.mkdir(folder);
      }
    }
    for (const stage of STAGES) {
      const batch = plan.uploads.filter((file) => stageOf(file.path) === stage);
      documentsStarted ||= stage === 'documents' && batch.length > 0;
      // oxlint-disable-next-line no-await-in-loop -- a stage starts when the one before is complete
      await inTurn(
        batch,
        parallel,
        async (file) => {
          const data = await readFile(join(source, file.path));
          await writeFile(session, file.path, data, staging);
          files += 1;
          uploadedBytes += data.length;
          const totalFiles = plan.uploads.length;
          onProgress?.({ stage, files, totalFiles, bytes: uploadedBytes, totalBytes });
        },
        signal,
      );
    }
    if (plan.uploads.length > 0 || plan.deletions.length > 0) {
      await writeManifest(session, plan.published, staging);
      live = true;
    }
    if (plan.deletions.length > 0) {
      await inTurn(plan.deletions, parallel, (path) => session.remove(path), signal);
      await writeManifest(session, plan.final, staging);
    }
    return { plan, uploadedBytes, newFolders, mismatched };
  } catch (error) {
    if (error instanceof DeployError) throw error;
    if (error instanceof LockBusy || error instanceof NotALock)
      throw new DeployError(error.message);
    const state = live
      ? 'The new release is live, some old files are not deleted yet'
      : documentsStarted
        ? 'Some pages may be new already, with every file they name in place'
        : 'The live pages are still the previous ones';
    const done = `after ${files} uploaded files`;
    // The transfer's connection may be gone; the lock's removes the temporaries it left.
    const cleaner = lockSession;
    if (cleaner) {
      for (const staged of staging) {
        // oxlint-disable-next-line no-await-in-loop -- a few files, one after the other
        await cleaner.remove(staged).then(
          () => staging.delete(staged),
          () => undefined,
        );
      }
    }
    if (signal?.aborted) {
      const left = staging.size > 0 ? `, ${staging.size} temporary files are left for it` : '';
      throw new DeployError(
        `Stopped by Ctrl-C ${done}. ${state}${left}; the next deploy completes it.`,
      );
    }
    if (error instanceof TransferFailure && error.kind === 'denied') {
      throw new DeployError(
        `${target.host} refused to ${error.operation} ${session.remote(error.path)} (permission ` +
          `denied) ${done}. ${state}. Give ${target.username} write access to that folder ` +
          "(in the host's file manager, or chmod u+w), then deploy again.",
      );
    }
    if (error instanceof TransferFailure && (error.kind === 'full' || error.kind === 'failed')) {
      const free = await session.freeBytes().catch(() => undefined);
      const needed = totalBytes - uploadedBytes;
      if (error.kind === 'full' || (free !== undefined && free < Math.max(needed, 1))) {
        throw new DeployError(
          `The server's disk is full: ${session.remote(error.path)} could not be written ${done}. ` +
            `${state}. The rest of this upload needs ${kilobytes(needed)}` +
            (free === undefined ? '' : `, ${kilobytes(free)} are free`) +
            ': free space in the web space (or ask the host for more), then deploy again.',
        );
      }
    }
    const cause = error as Error;
    throw new DeployError(
      `The deploy to ${where} stopped ${done} (${cause.message}). ${state}; run the deploy ` +
        'again to complete it.',
    );
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await lock?.release().catch(() => undefined);
    lockSession?.close();
    session.close();
  }
}
