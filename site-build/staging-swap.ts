import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Where the finished site goes: the folder the owner uploads, and the tests serve. */
export const OUT_DIR = 'dist';

/**
 * Where `vite build` writes, step by step; only a build that went through every step is moved to
 * dist/, so one that stops leaves dist/ as it was. Inside the project, so the move is a rename.
 */
export const STAGING_DIR = 'node_modules/.cache/dist-next';

/**
 * Puts the finished build `staging` in the place of `outDir`. A rename cannot replace a folder that
 * has files, hence the previous one moves aside (to `previous`) first and is deleted after.
 */
export async function publishBuild(
  staging: string,
  outDir: string,
  previous = 'node_modules/.cache/dist-previous',
): Promise<void> {
  if (!existsSync(staging)) throw new Error(`Nothing to publish: ${staging} does not exist.`);
  await rm(previous, { recursive: true, force: true });
  await mkdir(dirname(previous), { recursive: true });
  if (existsSync(outDir)) await rename(outDir, previous);
  await rename(staging, outDir);
  await rm(previous, { recursive: true, force: true });
}
