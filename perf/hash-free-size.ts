import { brotliCompressSync } from 'node:zlib';
import { brotliOptions } from '../tooling/brotli-options.ts';

/**
 * The byte budget's measure of a built file: its brotli size with every content hash of the
 * build's file names replaced by a fixed stand-in of the same length. The app's script names the
 * translation chunks by their hashes, which change with every text; brotli's size moves with those
 * few random letters by dozens of bytes, so the budget measures what the code decides, not the
 * names (decision 45).
 */

/** Vite's hashed names: `assets/[name]-[hash][extname]`, the hash eight letters long. */
const HASHED_NAME = /-([\w-]{8})\.[a-z0-9]+$/i;
const STAND_IN = 'h';

/** The content hashes in the names of the build's hashed files (`index-CSyO93bq.js` gives `CSyO93bq`). */
export function contentHashes(fileNames: readonly string[]): string[] {
  return [
    ...new Set(
      fileNames.flatMap((name) => HASHED_NAME.exec(name.split('/').at(-1) ?? '')?.[1] ?? []),
    ),
  ];
}

/** `text` with each of `hashes` replaced by the same fixed letters, so its length stays. */
export const withFixedHashes = (text: string, hashes: readonly string[]): string =>
  hashes.reduce((fixed, hash) => fixed.replaceAll(hash, STAND_IN.repeat(hash.length)), text);

/** The brotli size of `text`, compressed as the build compresses it, with the hashes fixed. */
export function hashFreeBrotliBytes(text: string, hashes: readonly string[]): number {
  const content = Buffer.from(withFixedHashes(text, hashes));
  return brotliCompressSync(content, brotliOptions(content.length)).length;
}
