import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Where the finished site goes: the folder the owner uploads, and the tests serve. */
export const OUT_DIR = 'dist';

/**
 * Where `vite build` writes, step by step: the bundle, the prerendered documents, the deploy files,
 * the compressed copies. Only a build that went through every step and check is moved to dist/, so
 * a build that stops leaves the previous dist/ as it was, never half-written. (Inside the project,
 * so the move is a rename on the same disk; in node_modules/.cache, out of the owner's way.)
 */
export const STAGING_DIR = 'node_modules/.cache/dist-next';

/** Where the previous build waits for the moment of the swap. */
const PREVIOUS_DIR = 'node_modules/.cache/dist-previous';

/**
 * Puts the finished build `staging` in the place of `outDir`: two renames, then the old build is
 * deleted. A rename cannot replace a folder that has files, hence the previous one moves aside
 * first.
 */
export async function publishBuild(
  staging: string = STAGING_DIR,
  outDir: string = OUT_DIR,
  previous: string = PREVIOUS_DIR,
): Promise<void> {
  if (!existsSync(staging)) throw new Error(`Nothing to publish: ${staging} does not exist.`);
  await rm(previous, { recursive: true, force: true });
  await mkdir(dirname(previous), { recursive: true });
  if (existsSync(outDir)) await rename(outDir, previous);
  await rename(staging, outDir);
  await rm(previous, { recursive: true, force: true });
}
