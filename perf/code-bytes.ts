import { brotliCompressSync } from 'node:zlib';
import type { Business } from '../src/content/business-schema.ts';
import { hostingParagraphs } from '../src/pages/privacy/hosting-paragraphs.ts';
import { CONTENT_HASH } from '../hosting/header-policy.ts';
import { brotliOptions } from '../site-build/brotli-options.ts';
import { leafStrings } from '../testing/content-copy.ts';

/**
 * The byte budget's measure of a built file: its brotli size with the content hashes in file names
 * fixed and the business facts taken out, so that only code moves it (decision 48).
 */

/** Vite's hashed names: `assets/[name]-[hash][extname]`. */
const HASHED_NAME = new RegExp(`-(${CONTENT_HASH})\\.[a-z0-9]+$`, 'i');

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
  hashes.reduce((fixed, hash) => fixed.replaceAll(hash, 'h'.repeat(hash.length)), text);

/** Every text of the business facts, and of the privacy paragraphs the build derives from them. */
export const factStrings = (facts: Business): string[] => [
  ...new Set([...leafStrings(facts), ...leafStrings(hostingParagraphs(facts))]),
];

/**
 * `text` with every string literal that is exactly one of `strings` emptied, written as the
 * minifier writes a string: in backquotes. Longer strings first, so that none is cut into.
 */
export function withoutStrings(text: string, strings: readonly string[]): string {
  return strings
    .filter((each) => !/[`\\$]/.test(each))
    .toSorted((a, b) => b.length - a.length)
    .reduce((rest, each) => rest.replaceAll(`\`${each}\``, '``'), text);
}

/** What the budget counts for a text file: its brotli size as the build compresses it, without hashes and facts. */
export function codeBytes(
  text: string,
  { hashes, facts = [] }: { hashes: readonly string[]; facts?: readonly string[] },
): number {
  const content = Buffer.from(withoutStrings(withFixedHashes(text, hashes), facts));
  return brotliCompressSync(content, brotliOptions(content.length)).length;
}
