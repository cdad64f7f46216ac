/**
 * The performance targets and the byte budget derived from them, in one place, so that the
 * Lighthouse bench and the byte-budget check always use the same numbers.
 *
 * A KB is 1024 bytes. Byte figures are brotli-compressed transfer sizes.
 */
export const performanceTargets = {
  /**
   * Largest Contentful Paint, every route × language, Lighthouse mobile profile: simulated, so a
   * reported bound; what gates is the observed paint (decision 25).
   */
  maxLcpMs: 1500,
  /** Performance, Accessibility, Best Practices and SEO, every route × language × form factor. */
  minCategoryScore: 100,
  /** Cumulative Layout Shift; a value that rounds to 0.000 counts as 0. */
  maxCls: 0,
  /** Decimal places CLS is rounded to before it is compared (Lighthouse reports 3). */
  clsDecimals: 3,
  /** Total Blocking Time, every run. */
  maxTbtMs: 50,
  /**
   * JavaScript transferred for `#/home`: held just above what React and the app need (decision
   * 28), so that nothing grows unnoticed; counted without the hashes in file names and the business facts (decision 48).
   */
  maxHomeScriptBytes: 67 * 1024,
  /** Everything transferred for `#/home`. */
  maxHomeTotalBytes: 120 * 1024,
  /** Requests for `#/home`, the document included. */
  maxHomeRequests: 6,
  /**
   * Each HTML document, brotli: what a new connection's first round trip carries, less the
   * server's headers (decision 13). The root document is the one nearest this limit, so a longer
   * text in the translation files costs here first.
   */
  maxDocumentBytes: 14_330,
  /**
   * The owner's choice: how many round trips a document may take. 1 keeps every first paint in a
   * connection's first round trip; 2 accepts a second one (about 150 ms more on a phone) for
   * longer texts, and still holds each document to what two round trips carry (decision 13).
   */
  documentRoundTrips: 1 as 1 | 2,
} as const;

/**
 * What `roundTrips` round trips of a new connection carry of a document: slow start doubles the
 * window each round trip, so a second carries twice the first.
 */
export const documentLimit = (
  roundTrips: 1 | 2 = performanceTargets.documentRoundTrips,
  firstRoundTrip: number = performanceTargets.maxDocumentBytes,
): number => (roundTrips === 1 ? firstRoundTrip : 3 * firstRoundTrip);

export type PerformanceTargets = typeof performanceTargets;

export interface ByteBudget {
  maxHomeScriptBytes: number;
  maxHomeTotalBytes: number;
  maxHomeRequests: number;
}

/**
 * The documents over what {@link performanceTargets.documentRoundTrips} round trips carry, each
 * named with its size, what it costs a visitor and the owner's two ways out. Empty when every
 * document fits.
 */
export function checkDocumentSizes(
  documents: readonly Pick<BudgetFile, 'file' | 'brotliBytes'>[],
  roundTrips: 1 | 2 = performanceTargets.documentRoundTrips,
  firstRoundTrip: number = performanceTargets.maxDocumentBytes,
): BudgetViolation[] {
  const limit = documentLimit(roundTrips, firstRoundTrip);
  return documents
    .filter(({ brotliBytes }) => brotliBytes > limit)
    .map(({ file, brotliBytes }) => {
      const over = brotliBytes - limit;
      const page =
        file === 'index.html' ? 'the address every visitor opens first' : `its language's address`;
      return {
        file,
        message:
          roundTrips === 1
            ? `${file} (${page}) is ${brotliBytes} bytes brotli, ${over} over the ${limit} that arrive in a connection's first round trip: its first paint waits for a second round trip, about 150 ms later on a phone. Your choice: shorten its texts by about ${over} bytes brotli (some ${3 * over} characters; the privacy statement and the service descriptions are the longest), or accept the second round trip by setting documentRoundTrips to 2 in perf/performance-targets.ts (docs/owner-guide.md, "A page past one round trip"). If no text grew, the code did: find what was added.`
            : `${file} (${page}) is ${brotliBytes} bytes brotli, ${over} over the ${limit} that two round trips carry (documentRoundTrips is 2 in perf/performance-targets.ts): shorten its texts, or find the code that grew.`,
      };
    });
}

export type AssetKind = 'document' | 'script' | 'stylesheet' | 'json' | 'image' | 'font' | 'other';

export interface BudgetFile {
  /** Path relative to `dist/`, with forward slashes. */
  file: string;
  brotliBytes: number;
  kind: AssetKind;
}

export interface BudgetViolation {
  /** The file that pushed a total past its budget. */
  file: string;
  message: string;
}

// Exact: a figure rounded to KB hides a file a few bytes over its budget.
export const byteCount = (bytes: number): string => `${bytes} bytes`;

/**
 * The budget violations of the files a visitor of `#/home` downloads, in the order they load: each
 * names the file that pushed the JavaScript total, the overall total or the request count past its
 * limit. Empty when the page is within budget.
 */
export function checkByteBudget(
  files: readonly BudgetFile[],
  targets: ByteBudget = performanceTargets,
): BudgetViolation[] {
  const violations: BudgetViolation[] = [];
  let scriptBytes = 0;
  let totalBytes = 0;
  let scriptOver = false;
  let totalOver = false;
  files.forEach(({ file, brotliBytes, kind }, index) => {
    totalBytes += brotliBytes;
    if (kind === 'script') {
      scriptBytes += brotliBytes;
      if (!scriptOver && scriptBytes > targets.maxHomeScriptBytes) {
        scriptOver = true;
        violations.push({
          file,
          message: `${file} (${byteCount(brotliBytes)}) brings the JavaScript for #/home to ${byteCount(scriptBytes)} brotli, ${scriptBytes - targets.maxHomeScriptBytes} over the budget of ${byteCount(targets.maxHomeScriptBytes)}: the code grew (counted without the hashes in file names and the business facts, so no edit of texts or facts moves this figure). Find what was added, or raise maxHomeScriptBytes in perf/performance-targets.ts knowingly`,
        });
      }
    }
    if (!totalOver && totalBytes > targets.maxHomeTotalBytes) {
      totalOver = true;
      violations.push({
        file,
        message: `${file} (${byteCount(brotliBytes)}) brings everything #/home loads to ${byteCount(totalBytes)} brotli, ${totalBytes - targets.maxHomeTotalBytes} over the budget of ${byteCount(targets.maxHomeTotalBytes)}`,
      });
    }
    if (index + 1 === targets.maxHomeRequests + 1) {
      violations.push({
        file,
        message: `${file} is request ${index + 1} of #/home, over the budget of ${targets.maxHomeRequests} requests`,
      });
    }
  });
  return violations;
}
