import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkByteBudget } from './performance-targets.ts';
import { contentHashes, hashFreeBrotliBytes, withFixedHashes } from './hash-free-size.ts';

// Code as the build writes it: real source text, with a translation chunk named by its hash.
const CODE = ['tooling/json-syntax.ts', 'tooling/content-check.ts', 'tooling/used-keys.ts']
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const build = (chunk: string, extra = '') =>
  `${CODE}\nconst load = () => import(\`./${chunk}\`);\n${extra}`;

/** `count` bytes of new code: names that appear nowhere else, so brotli finds nothing to reuse. */
function newCode(count: number): string {
  let seed = 7;
  const letter = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return String.fromCharCode(97 + (Math.floor(seed / 65_536) % 26));
  };
  let code = '';
  while (code.length < count) code += `let ${Array.from({ length: 8 }, letter).join('')}=1;`;
  return code.slice(0, count);
}

/** The app's script alone, counted at `brotliBytes`. */
const measured = (brotliBytes: number) => [
  { file: 'assets/index-x.js', kind: 'script' as const, brotliBytes },
];

describe('contentHashes', () => {
  it('takes the hash from each hashed name and leaves the unhashed ones', () => {
    expect(
      contentHashes([
        'assets/index-CSyO93bq.js',
        'assets/de-Du_sU7q-.js',
        'assets/imprint-illustration-Y8P3rFtY.svg',
        'assets/i18n/de.json',
        'index.html',
        'apple-touch-icon.png',
      ]),
    ).toEqual(['CSyO93bq', 'Du_sU7q-', 'Y8P3rFtY']);
  });
});

describe('hashFreeBrotliBytes', () => {
  const before = build('de-yjechdf0.js');
  const after = build('de-Dzai9AHn.js');
  const hashes = contentHashes(['de-yjechdf0.js', 'de-Dzai9AHn.js']);

  it('keeps the length of the text', () => {
    expect(withFixedHashes(after, hashes)).toHaveLength(after.length);
  });

  it('gives two builds that differ only in a hash the same size', () => {
    expect(hashFreeBrotliBytes(after, hashes)).toBe(hashFreeBrotliBytes(before, hashes));
  });

  it('grows with the code: a few hundred bytes more code break a budget held just above it', () => {
    const base = hashFreeBrotliBytes(before, hashes);
    const grown = hashFreeBrotliBytes(build('de-Dzai9AHn.js', newCode(300)), hashes);
    expect(grown - base).toBeGreaterThan(100);

    const budget = {
      maxHomeScriptBytes: base + 100,
      maxHomeTotalBytes: 2 * base,
      maxHomeRequests: 6,
    };
    expect(checkByteBudget(measured(hashFreeBrotliBytes(after, hashes)), budget)).toEqual([]);
    expect(checkByteBudget(measured(grown), budget)).toHaveLength(1);
  });
});
