import { describe, expect, it } from 'vitest';
import {
  checkByteBudget,
  checkDocumentSizes,
  documentLimit,
  type BudgetFile,
} from './performance-targets.ts';

const KB = 1024;
const targets = { maxHomeScriptBytes: 100 * KB, maxHomeTotalBytes: 120 * KB, maxHomeRequests: 6 };

const within: BudgetFile[] = [
  { file: 'index.html', brotliBytes: 8 * KB, kind: 'document' },
  { file: 'assets/index-abc.css', brotliBytes: 3 * KB, kind: 'stylesheet' },
  { file: 'assets/index-abc.js', brotliBytes: 70 * KB, kind: 'script' },
  { file: 'assets/i18n/de.json', brotliBytes: 2 * KB, kind: 'json' },
  { file: 'assets/i18n/en.json', brotliBytes: 2 * KB, kind: 'json' },
  { file: 'favicon.svg', brotliBytes: 1 * KB, kind: 'image' },
];

describe('checkByteBudget', () => {
  it('passes a page within every budget', () => {
    expect(checkByteBudget(within, targets)).toEqual([]);
  });

  it('allows exactly the budget', () => {
    const exact: BudgetFile[] = [
      { file: 'index.html', brotliBytes: 20 * KB, kind: 'document' },
      { file: 'a.js', brotliBytes: 100 * KB, kind: 'script' },
    ];
    expect(checkByteBudget(exact, targets)).toEqual([]);
  });

  it('names the script that pushes the JavaScript past its budget', () => {
    const files: BudgetFile[] = [
      { file: 'assets/react-1.js', brotliBytes: 60 * KB, kind: 'script' },
      { file: 'assets/index-2.js', brotliBytes: 41 * KB, kind: 'script' },
    ];
    const violations = checkByteBudget(files, targets);
    expect(violations).toHaveLength(1);
    expect(violations[0]?.file).toBe('assets/index-2.js');
    expect(violations[0]?.message).toBe(
      'assets/index-2.js (41984 bytes) brings the JavaScript for #/home to 103424 bytes brotli, 1024 over the budget of 102400 bytes: the code grew (counted without the hashes in file names and the business facts, so no edit of texts or facts moves this figure). Find what was added, or raise maxHomeScriptBytes in perf/performance-targets.ts knowingly',
    );
  });

  it('names a script a few bytes over the budget, which a figure in KB would round away', () => {
    const files: BudgetFile[] = [{ file: 'a.js', brotliBytes: 100 * KB + 31, kind: 'script' }];
    expect(checkByteBudget(files, targets)[0]?.message).toMatch(
      /to 102431 bytes brotli, 31 over the budget of 102400 bytes/,
    );
  });

  it('names the file that pushes the total past its budget, once', () => {
    const files: BudgetFile[] = [
      ...within.slice(0, 4),
      { file: 'assets/font.woff2', brotliBytes: 40 * KB, kind: 'font' },
      { file: 'assets/font-bold.woff2', brotliBytes: 1 * KB, kind: 'font' },
    ];
    const violations = checkByteBudget(files, targets);
    expect(violations.map(({ file }) => file)).toEqual(['assets/font.woff2']);
    expect(violations[0]?.message).toBe(
      'assets/font.woff2 (40960 bytes) brings everything #/home loads to 125952 bytes brotli, 3072 over the budget of 122880 bytes',
    );
  });

  it('names the first request over the request budget', () => {
    const files = [...within, { file: 'extra.css', brotliBytes: 10, kind: 'stylesheet' as const }];
    expect(checkByteBudget(files, targets)).toEqual([
      {
        file: 'extra.css',
        message: 'extra.css is request 7 of #/home, over the budget of 6 requests',
      },
    ]);
  });

  it('reports every budget that is missed', () => {
    const files: BudgetFile[] = [{ file: 'huge.js', brotliBytes: 130 * KB, kind: 'script' }];
    expect(checkByteBudget(files, targets).map(({ message }) => message)).toEqual([
      expect.stringMatching(/JavaScript/),
      expect.stringMatching(/everything/),
    ]);
  });
});

describe('checkDocumentSizes', () => {
  const documents = [
    { file: 'index.html', brotliBytes: 14_120 },
    { file: 'de/index.html', brotliBytes: 14_000 },
    { file: 'en/index.html', brotliBytes: 9_000 },
  ];

  it('passes documents up to one round trip and names each one over it, with the choice', () => {
    const violations = checkDocumentSizes(documents, 1, 14_000);
    expect(violations.map(({ file }) => file)).toEqual(['index.html']);
    expect(violations[0]?.message).toBe(
      `index.html (the address every visitor opens first) is 14120 bytes brotli, 120 over the 14000 that arrive in a connection's first round trip: its first paint waits for a second round trip, about 150 ms later on a phone. Your choice: shorten its texts by about 120 bytes brotli (some 360 characters; the privacy statement and the service descriptions are the longest), or accept the second round trip by setting documentRoundTrips to 2 in perf/performance-targets.ts (docs/owner-guide.md, "A page past one round trip"). If no text grew, the code did: find what was added.`,
    );
  });

  it('with a second round trip accepted, still names a document past what two carry', () => {
    expect(checkDocumentSizes(documents, 2, 14_000)).toEqual([]);
    expect(documentLimit(2, 14_000)).toBe(42_000);
    const grown = [{ file: 'en/index.html', brotliBytes: 42_001 }];
    expect(checkDocumentSizes(grown, 2, 14_000).map(({ message }) => message)).toEqual([
      "en/index.html (its language's address) is 42001 bytes brotli, 1 over the 42000 that two round trips carry (documentRoundTrips is 2 in perf/performance-targets.ts): shorten its texts, or find the code that grew.",
    ]);
  });
});
