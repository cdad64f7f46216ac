import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import {
  assetKind,
  checkByteBudget,
  checkDocumentSizes,
  cssReferences,
  htmlReferences,
  kilobytes,
  performanceTargets,
  resolveReference,
  staticImports,
  type BudgetFile,
} from './byte-budget.ts';

/**
 * The byte budget of the built site (`npm run check:budget`, after `npm run build`): brotli-compresses
 * (quality 11, as a build step or a host's static compression would) every file of `dist/` that a
 * visitor of `#/home` downloads, prints them, and exits non-zero naming the file that pushes the
 * JavaScript, everything or the requests past `performanceTargets` (KB = 1024 bytes).
 *
 * What counts is what the page loads, found by following the references, not by listing the folder:
 * - `index.html`;
 * - every file `index.html` references with `src`/`href` in `<script>`, `<link>`, `<img>`,
 *   `<source>` (module preloads and preloads included; links to other pages, `canonical`,
 *   `alternate`, `manifest`, `apple-touch-icon` and `loading="lazy"` images not: the prerendered
 *   imprint's lazy illustration never loads while `#/home` shows), one favicon (the SVG if any),
 *   and any `.js`/`.css` path the HTML names elsewhere (the boot script's deferred entry);
 * - the modules those scripts import statically, transitively (chunks behind a dynamic `import()`
 *   load only on the route that needs them, e.g. the imprint, and are listed as not counted);
 * - fonts and images the counted stylesheets reference with `url()`;
 * - both translation files, `assets/i18n/de.json` and `en.json`: an English visitor fetches both
 *   (German is the fallback), the worst case; and the web manifest, which the boot script links
 *   after the first paint.
 * And each HTML document (the root's and each language's `index.html`) on its own, against the
 * size that arrives in a connection's first round trip.
 *
 * Not counted: `.br`/`.gz` siblings (the same bytes again), `.htaccess`, `404.html`, robots.txt,
 * sitemap, icons other than a referenced favicon file (the shipped one is inline), and images only
 * other routes use.
 */

const dist = resolve(process.argv[2] ?? 'dist');
/** Loaded by the boot script once the page has painted, so named in no tag of index.html. */
const lateFiles = ['assets/i18n/de.json', 'assets/i18n/en.json', 'manifest.webmanifest'];

function allFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)).replaceAll('\\', '/'));
}

function homePageFiles(): string[] {
  const loaded: string[] = [];
  const visit = (file: string) => {
    if (loaded.includes(file) || !existsSync(join(dist, file))) return;
    loaded.push(file);
    const text = () => readFileSync(join(dist, file), 'utf8');
    const kind = assetKind(file);
    const references =
      kind === 'document'
        ? htmlReferences(text())
        : kind === 'script'
          ? staticImports(text())
          : kind === 'stylesheet'
            ? cssReferences(text())
            : [];
    for (const reference of references) visit(resolveReference(file, reference));
  };
  visit('index.html');
  for (const file of lateFiles) visit(file);
  return loaded;
}

/** The order a browser loads them in: the document, styles, scripts, data, images, fonts. */
const loadOrder = ['document', 'stylesheet', 'script', 'json', 'image', 'font', 'other'];

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No ${join(dist, 'index.html')}: run \`npm run build\` first.`);
  process.exit(1);
}

const measure = (file: string): BudgetFile & { rawBytes: number } => {
  const raw = readFileSync(join(dist, file));
  const brotliBytes = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  }).length;
  return { file, rawBytes: raw.length, brotliBytes, kind: assetKind(file) };
};

const counted = homePageFiles();
const files: (BudgetFile & { rawBytes: number })[] = counted
  .map(measure)
  .toSorted((a, b) => loadOrder.indexOf(a.kind) - loadOrder.indexOf(b.kind));

const notCounted = allFiles(dist).filter(
  (file) => !counted.includes(file) && !/\.(br|gz)$/.test(file),
);

const width = Math.max(...files.map(({ file }) => file.length), 'total'.length);
const row = (file: string, kind: string, raw: string, brotli: string) =>
  `${file.padEnd(width)}  ${kind.padEnd(10)}  ${raw.padStart(10)}  ${brotli.padStart(10)}`;
console.log(
  `Byte budget of #/home in ${relative(process.cwd(), dist) || '.'}/ (brotli q11, KB = 1024 bytes)\n`,
);
console.log(row('file', 'kind', 'raw', 'brotli'));
for (const { file, kind, rawBytes, brotliBytes } of files) {
  console.log(row(file, kind, kilobytes(rawBytes), kilobytes(brotliBytes)));
}
const sum = (list: typeof files) => list.reduce((total, { brotliBytes }) => total + brotliBytes, 0);
const scripts = files.filter(({ kind }) => kind === 'script');
console.log(
  row(
    'JavaScript',
    `${scripts.length} file(s)`,
    '',
    `${kilobytes(sum(scripts))} / ${kilobytes(performanceTargets.maxHomeScriptBytes)}`,
  ),
);
console.log(
  row(
    'total',
    `${files.length} req.`,
    '',
    `${kilobytes(sum(files))} / ${kilobytes(performanceTargets.maxHomeTotalBytes)}`,
  ),
);
if (notCounted.length > 0) console.log(`\nNot loaded by #/home: ${notCounted.join(', ')}`);

const documents = allFiles(dist)
  .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
  .map(measure);
console.log(
  `\nDocuments (each must arrive in one round trip, at most ${performanceTargets.maxDocumentBytes} bytes brotli):`,
);
for (const { file, brotliBytes } of documents)
  console.log(`  ${file.padEnd(width)}  ${brotliBytes}`);

const violations = [...checkByteBudget(files), ...checkDocumentSizes(documents)];
if (violations.length > 0) {
  console.error('\nOver the byte budget:');
  for (const { message } of violations) console.error(`  - ${message}`);
  process.exit(1);
}
console.log('\nWithin the byte budget.');
