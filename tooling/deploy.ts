import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import {
  foldersFor,
  MANIFEST_NAME,
  parseManifest,
  planDeploy,
  serializeManifest,
  stageOf,
  temporaryName,
  type LocalFile,
  type Manifest,
  type Plan,
  type Stage,
} from './deploy-plan.ts';
import { DeployError, openSession, type Credentials, type SftpSession } from './deploy-sftp.ts';
import { describeTarget, type DeployTarget } from './deploy-target.ts';

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
}

export interface DeployResult {
  plan: Plan;
  uploadedBytes: number;
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

async function writeManifest(session: SftpSession, manifest: Manifest): Promise<void> {
  const data = Buffer.from(serializeManifest(manifest));
  await session.writeAtomically(MANIFEST_NAME, temporaryName(MANIFEST_NAME), data);
}

/** Runs `tasks` with at most `limit` at a time; the first failure stops the rest. */
async function inTurn<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
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
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Publishes the build folder to the target. The documents go last, each file is renamed into
 * place, and the manifest records every file before it goes up, so a run that stops leaves the
 * live site whole and the next run completes it.
 */
export async function deploy(options: DeployOptions): Promise<DeployResult> {
  const { source, target, credentials, dryRun = false, onProgress, parallel = 4 } = options;
  const local = await listBuild(source);
  const session = await openSession(target, credentials);
  let files = 0;
  let uploadedBytes = 0;
  let documentsStarted = false;
  let live = false;
  try {
    await session.ensureFolder('').catch((error: Error) => {
      throw new DeployError(`Cannot use the folder ${describeTarget(target)}: ${error.message}`);
    });
    const manifestText = await session.read(MANIFEST_NAME);
    let plan: Plan;
    try {
      plan = planDeploy(local, parseManifest(manifestText?.toString('utf8')));
    } catch (error) {
      throw new DeployError((error as Error).message);
    }
    if (dryRun) return { plan, uploadedBytes: 0 };

    const totalBytes = plan.uploads.reduce((sum, file) => sum + file.size, 0);
    if (plan.uploads.length > 0) {
      await writeManifest(session, plan.pending);
      for (const folder of foldersFor(plan.uploads.map((file) => file.path))) {
        // oxlint-disable-next-line no-await-in-loop -- a folder before its sub-folders
        await session.ensureFolder(folder);
      }
    }
    for (const stage of ['assets', 'files', 'documents'] as const) {
      const batch = plan.uploads.filter((file) => stageOf(file.path) === stage);
      documentsStarted ||= stage === 'documents' && batch.length > 0;
      // oxlint-disable-next-line no-await-in-loop -- a stage starts when the one before is complete
      await inTurn(batch, parallel, async (file) => {
        const data = await readFile(join(source, file.path));
        await session.writeAtomically(file.path, temporaryName(file.path), data);
        files += 1;
        uploadedBytes += data.length;
        const totalFiles = plan.uploads.length;
        onProgress?.({ stage, files, totalFiles, bytes: uploadedBytes, totalBytes });
      });
    }
    if (plan.uploads.length > 0 || plan.deletions.length > 0) {
      await writeManifest(session, plan.published);
      live = true;
    }
    if (plan.deletions.length > 0) {
      await inTurn(plan.deletions, parallel, (path) => session.remove(path));
      await writeManifest(session, plan.final);
    }
    return { plan, uploadedBytes };
  } catch (error) {
    if (error instanceof DeployError) throw error;
    const cause = error as Error;
    const state = live
      ? 'The new release is live, some old files are not deleted yet'
      : documentsStarted
        ? 'Some pages may be new already, with every file they name in place'
        : 'The live pages are still the previous ones';
    throw new DeployError(
      `The deploy to ${describeTarget(target)} stopped after ${files} uploaded files ` +
        `(${cause.message}). ${state}; run the deploy again to complete it.`,
    );
  } finally {
    session.close();
  }
}
