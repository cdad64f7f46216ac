import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkByteBudget } from './performance-targets.ts';
import type { Business } from '../src/content/business-schema.ts';
import { business } from '../src/content/business.ts';
import { codeBytes, contentHashes, factStrings, withFixedHashes } from './code-bytes.ts';

// Code as the build writes it: real source text, with a translation chunk named by its hash.
const CODE = [
  'site-build/content-check/json-syntax.ts',
  'site-build/content-check/content-check.ts',
  'site-build/content-check/used-keys.ts',
]
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const build = (chunk: string, extra = '', facts: Business = business) =>
  `${CODE}\nconst load = () => import(\`./${chunk}\`);\nvar D={name:\`${facts.name}\`,town:\`${facts.town}\`,directors:[${(facts.managingDirectors ?? []).map((name) => `\`${name}\``).join(',')}]};\n${extra}`;

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

describe('codeBytes', () => {
  const before = build('de-yjechdf0.js');
  const after = build('de-Dzai9AHn.js');
  const hashes = contentHashes(['de-yjechdf0.js', 'de-Dzai9AHn.js']);
  const measure = (text: string, facts: Business = business) =>
    codeBytes(text, { hashes, facts: factStrings(facts) });

  it('keeps the length of the text', () => {
    expect(withFixedHashes(after, hashes)).toHaveLength(after.length);
  });

  it('gives two builds that differ only in a hash the same size', () => {
    expect(measure(after)).toBe(measure(before));
  });

  it('gives two builds that differ only in the business facts the same size', () => {
    const other = {
      ...business,
      name: 'Beispiel Software und Beratung GmbH & Co. KG',
      town: 'Garmisch-Partenkirchen',
      managingDirectors: ['Erika Musterfrau', 'Hans Beispiel'],
    };
    const grown = measure(build('de-yjechdf0.js', '', other), other);
    expect(Math.abs(grown - measure(before))).toBeLessThanOrEqual(8);
  });

  it('grows with the code: a few hundred bytes more code break a budget held just above it', () => {
    const base = measure(before);
    const grown = measure(build('de-Dzai9AHn.js', newCode(300)));
    expect(grown - base).toBeGreaterThan(100);

    const budget = {
      maxHomeScriptBytes: base + 100,
      maxHomeTotalBytes: 2 * base,
      maxHomeRequests: 6,
    };
    expect(checkByteBudget(measured(measure(after)), budget)).toEqual([]);
    expect(checkByteBudget(measured(grown), budget)).toHaveLength(1);
  });
});
