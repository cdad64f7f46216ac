import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Where the finished site goes: the folder the owner uploads, and the tests serve. */
export const OUT_DIR = 'dist';

/** Where `vite build` writes; only a finished build moves to dist/, by a rename (same disk). */
export const STAGING_DIR = 'node_modules/.cache/dist-next';

/** Swaps `staging` in for `outDir`; a rename cannot replace a full folder: the old moves aside. */
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
