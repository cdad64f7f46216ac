/**
 * The performance targets of issues 3 and 24 and the byte budget derived from them. `bench/report.ts`
 * checks the measured figures against these targets, `scripts/check-budget.ts` (part of `npm test`)
 * checks the built files, so both always use the same numbers.
 *
 * A KB is 1024 bytes. Byte figures are brotli-compressed transfer sizes.
 */
export const performanceTargets = {
  /**
   * Largest Contentful Paint, every route × language, Lighthouse mobile profile: simulated, so a
   * reported bound (issue 24); what gates is the observed paint of `npm run bench:interactive`
   * (decision 25).
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
   * JavaScript transferred for `#/home` (issue 12): 88 KB with React Router, 67 KB with the own
   * router and the design's lucide-react icons, 64.7 KB with the icons drawn once in the document
   * (tooling/icon-sprite.ts) and a second minifier pass (tooling/second-minifier-pass.ts); 15.5 KB
   * on Preact (decision 24), and React again (issue 29, decision 28): 65 KB, of which React is 59.
   * Held at 66 KB, so that nothing grows unnoticed.
   */
  maxHomeScriptBytes: 66 * 1024,
  /** Everything transferred for `#/home`. */
  maxHomeTotalBytes: 120 * 1024,
  /** Requests for `#/home`, the document included. */
  maxHomeRequests: 6,
  /**
   * Each HTML document, brotli. A new TCP connection sends 10 segments (14,600 bytes) in its first
   * round trip; whatever is more waits for the next one, 150 ms on Lighthouse's slow phone. The
   * bench's server adds about 270 bytes of headers, so a document of up to 14,330 bytes paints
   * one round trip earlier (measured: LCP 0.68–0.76 s at 14,330 bytes, 0.86–0.88 s at 14,380).
   * The root document carries every page in both languages, so it is the one near this limit:
   * a longer text in the translation files costs here first.
   */
  maxDocumentBytes: 14_330,
} as const;

export type PerformanceTargets = typeof performanceTargets;

export interface ByteBudget {
  maxHomeScriptBytes: number;
  maxHomeTotalBytes: number;
  maxHomeRequests: number;
}

/**
 * The documents over {@link performanceTargets.maxDocumentBytes}, each named with its size and
 * what to do about it. Empty when every document fits.
 */
export function checkDocumentSizes(
  documents: readonly Pick<BudgetFile, 'file' | 'brotliBytes'>[],
  maxBytes: number = performanceTargets.maxDocumentBytes,
): BudgetViolation[] {
  return documents
    .filter(({ brotliBytes }) => brotliBytes > maxBytes)
    .map(({ file, brotliBytes }) => ({
      file,
      message: `${file} is ${brotliBytes} bytes brotli, over ${maxBytes}: it no longer arrives in a connection's first round trip, and the first paint on a slow phone comes 150 ms later. Shorten a text (the privacy statement and the service descriptions are the longest) or raise maxDocumentBytes in scripts/byte-budget.ts knowingly.`,
    }));
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

export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

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
          message: `${file} (${kilobytes(brotliBytes)}) brings the JavaScript for #/home to ${kilobytes(scriptBytes)} brotli, over the budget of ${kilobytes(targets.maxHomeScriptBytes)}`,
        });
      }
    }
    if (!totalOver && totalBytes > targets.maxHomeTotalBytes) {
      totalOver = true;
      violations.push({
        file,
        message: `${file} (${kilobytes(brotliBytes)}) brings everything #/home loads to ${kilobytes(totalBytes)} brotli, over the budget of ${kilobytes(targets.maxHomeTotalBytes)}`,
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

export function assetKind(file: string): AssetKind {
  const extension = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? '';
  if (extension === 'html') return 'document';
  if (extension === 'js' || extension === 'mjs') return 'script';
  if (extension === 'css') return 'stylesheet';
  if (extension === 'json' || extension === 'webmanifest') return 'json';
  if (['svg', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'ico'].includes(extension)) {
    return 'image';
  }
  if (['woff2', 'woff', 'ttf', 'otf'].includes(extension)) return 'font';
  return 'other';
}

const isLocalReference = (reference: string): boolean =>
  reference !== '' &&
  !/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(reference) &&
  !reference.startsWith('data:');

/** Strips `./`, the query and the fragment, and resolves `..` against the referring file's folder. */
export function resolveReference(fromFile: string, reference: string): string {
  const clean = reference.split(/[?#]/, 1)[0] ?? '';
  const base = clean.startsWith('/') ? [] : fromFile.split('/').slice(0, -1);
  for (const segment of clean.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') base.pop();
    else base.push(segment);
  }
  return base.join('/');
}

/**
 * The local files `index.html` makes the browser load: scripts, stylesheets, module preloads,
 * preloads and images, plus every script or stylesheet path the HTML names anywhere else (say, a
 * `<meta>` or an inline boot script that imports the entry after the first paint). Not downloads:
 * links to other pages (`<a href>`), `rel="alternate"`/`"canonical"`, `rel="manifest"` (Chrome
 * fetches the manifest only when asked to install), `apple-touch-icon`/`mask-icon` (used when the
 * page is added to a home screen), `loading="lazy"` images (they load only when scrolled near, and
 * never while their prerendered view, say the imprint's on `#/home`, is hidden). Of several
 * `rel="icon"` a browser fetches one: the SVG when there is one, else the first.
 */
export function htmlReferences(html: string): string[] {
  const references: string[] = [];
  const icons: { reference: string; svg: boolean }[] = [];
  for (const [tag = ''] of html.matchAll(/<(?:script|link|img|source)\b[^>]*>/gi)) {
    const rel = /\brel\s*=\s*["']?([^"'>]+)/i.exec(tag)?.[1]?.trim().toLowerCase() ?? '';
    if (/^(?:alternate|canonical|manifest|prefetch|dns-prefetch|preconnect)$/.test(rel)) continue;
    if (/(?:apple-touch-icon|mask-icon)/.test(rel)) continue;
    if (/\bloading\s*=\s*["']?lazy\b/i.test(tag)) continue;
    const reference = /\b(?:src|href)\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1] ?? '';
    if (!isLocalReference(reference)) continue;
    if (rel.split(/\s+/).includes('icon')) {
      icons.push({ reference, svg: /\.svg$/i.test(reference) || /image\/svg/i.test(tag) });
    } else {
      references.push(reference);
    }
  }
  const icon = icons.find(({ svg }) => svg) ?? icons[0];
  if (icon) references.push(icon.reference);
  for (const match of html.matchAll(/["'`]((?:\.{0,2}\/)?[\w@/.-]+\.(?:m?js|css))["'`]/g)) {
    const reference = match[1] ?? '';
    if (isLocalReference(reference) && !references.includes(reference)) {
      references.push(reference);
    }
  }
  return references;
}

/**
 * The modules a built JavaScript file imports statically (`import … from "./x.js"`,
 * `import "./x.js"`, `export … from "./x.js"`), which the browser loads before the file runs.
 * Dynamic `import("./x.js")` is left out: those chunks load only when a route needs them.
 */
export function staticImports(javascript: string): string[] {
  const imports: string[] = [];
  const pattern =
    /(?:^|[;}\s)])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const match of javascript.matchAll(pattern)) {
    if (match[1]) imports.push(match[1]);
  }
  return imports;
}

/** Fonts and images a stylesheet references with `url(…)`. */
export function cssReferences(css: string): string[] {
  const references: string[] = [];
  for (const match of css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
    const reference = match[1]?.trim() ?? '';
    if (isLocalReference(reference)) references.push(reference);
  }
  return references;
}
