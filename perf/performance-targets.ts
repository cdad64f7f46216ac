/**
 * The performance targets and the byte budget derived from them, in one place, so that the
 * Lighthouse bench and the byte-budget check hold the same numbers. Bytes are brotli transfer sizes.
 */
export const performanceTargets = {
  /** Lighthouse's simulated mobile LCP: reported, as what gates is the observed paint. */
  maxLcpMs: 1500,
  /** Performance, Accessibility, Best Practices and SEO, every route × language × form factor. */
  minCategoryScore: 100,
  /** Cumulative Layout Shift, after rounding to `clsDecimals` places as Lighthouse reports it. */
  maxCls: 0,
  clsDecimals: 3,
  maxTbtMs: 50,
  /**
   * JavaScript for `#/home`, held just above what React and the app need so that nothing grows
   * unnoticed; counted without the hashes in file names and the business facts.
   */
  maxHomeScriptBytes: 67 * 1024,
  maxHomeTotalBytes: 120 * 1024,
  /** Requests for `#/home`, the document included. */
  maxHomeRequests: 6,
  /** Each HTML document: what a new connection's first round trip carries, less the headers. */
  maxDocumentBytes: 14_330,
  /**
   * The owner's choice of how many round trips a document may take: 2 accepts a second one, a
   * later first paint, for longer texts.
   */
  documentRoundTrips: 1 as 1 | 2,
} as const;

/** What `roundTrips` round trips of a new connection carry: slow start doubles the second. */
export const documentLimit = (
  roundTrips: 1 | 2 = performanceTargets.documentRoundTrips,
  firstRoundTrip: number = performanceTargets.maxDocumentBytes,
): number => (roundTrips === 1 ? firstRoundTrip : 3 * firstRoundTrip);

export type ByteBudget = Record<
  'maxHomeScriptBytes' | 'maxHomeTotalBytes' | 'maxHomeRequests',
  number
>;

/** The documents over what the round trips carry, each with its cost and the owner's ways out. */
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
  file: string;
  message: string;
}

// Exact: a figure rounded to KB hides a file a few bytes over its budget.
export const byteCount = (bytes: number): string => `${bytes} bytes`;

/** Each file of `#/home`, in load order, that pushes the scripts, the total or the requests over. */
export function checkByteBudget(
  files: readonly BudgetFile[],
  targets: ByteBudget = performanceTargets,
): BudgetViolation[] {
  const violations: BudgetViolation[] = [];
  let scriptBytes = 0;
  let totalBytes = 0;
  // The sums only grow, so each passes its budget at one file.
  files.forEach(({ file, brotliBytes, kind }, index) => {
    totalBytes += brotliBytes;
    if (kind === 'script') {
      scriptBytes += brotliBytes;
      const scriptWas = scriptBytes - brotliBytes;
      if (scriptWas <= targets.maxHomeScriptBytes && scriptBytes > targets.maxHomeScriptBytes) {
        violations.push({
          file,
          message: `${file} (${byteCount(brotliBytes)}) brings the JavaScript for #/home to ${byteCount(scriptBytes)} brotli, ${scriptBytes - targets.maxHomeScriptBytes} over the budget of ${byteCount(targets.maxHomeScriptBytes)}: the code grew (counted without the hashes in file names and the business facts, so no edit of texts or facts moves this figure). Find what was added, or raise maxHomeScriptBytes in perf/performance-targets.ts knowingly`,
        });
      }
    }
    const totalWas = totalBytes - brotliBytes;
    if (totalWas <= targets.maxHomeTotalBytes && totalBytes > targets.maxHomeTotalBytes) {
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
