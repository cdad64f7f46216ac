import { describe, expect, it } from 'vitest';
import {
  assetKind,
  checkByteBudget,
  checkDocumentSizes,
  cssReferences,
  htmlReferences,
  resolveReference,
  staticImports,
  type BudgetFile,
} from './byte-budget';

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
    expect(violations[0]?.message).toMatch(/JavaScript for #\/home to 101\.0 KB.*100\.0 KB/);
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
      'assets/font.woff2 (40.0 KB) brings everything #/home loads to 123.0 KB brotli, over the budget of 120.0 KB',
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
  it('passes documents up to the limit and names each one over it, with what to do', () => {
    const documents = [
      { file: 'index.html', brotliBytes: 14_001 },
      { file: 'de/index.html', brotliBytes: 14_000 },
      { file: 'en/index.html', brotliBytes: 9_000 },
    ];
    const violations = checkDocumentSizes(documents, 14_000);
    expect(violations.map(({ file }) => file)).toEqual(['index.html']);
    expect(violations[0]?.message).toMatch(/14001 bytes brotli, over 14000/);
    expect(violations[0]?.message).toMatch(/maxDocumentBytes/);
  });
});

describe('what #/home loads', () => {
  it('finds the scripts, styles, preloads and icons of index.html, but not links to pages or lazy images', () => {
    const html = `<!doctype html><html><head>
      <link rel="icon" href="./favicon-32.png" type="image/png" sizes="32x32" />
      <link rel="icon" type="image/svg+xml" href="./favicon.svg" />
      <link rel="apple-touch-icon" href="./apple-touch-icon.png" />
      <script type="module" crossorigin src="./assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/react-def.js">
      <link rel="stylesheet" crossorigin href="./assets/index-abc.css">
      <link rel="preload" as="fetch" crossorigin href="./assets/i18n/de.json">
      <link rel="manifest" href="./site.webmanifest">
      <link rel="canonical" href="https://example.com/">
      <script src="https://cdn.example.com/x.js"></script>
      </head><body><a href="#/imprint">Impressum</a><a href="mailto:a@b.c">E-Mail</a>
      <img src="data:image/png;base64,AAAA" alt="">
      <img src="./assets/imprint-illustration-x.svg" alt="" loading="lazy"></body></html>`;
    expect(htmlReferences(html)).toEqual([
      './assets/index-abc.js',
      './assets/react-def.js',
      './assets/index-abc.css',
      './assets/i18n/de.json',
      './favicon.svg',
    ]);
  });

  it('counts one icon, the first when there is no SVG', () => {
    const html = '<link rel="icon" href="./a.png"><link rel="shortcut icon" href="./b.ico">';
    expect(htmlReferences(html)).toEqual(['./a.png']);
  });

  it('finds an entry that a meta tag or an inline script names', () => {
    const html = `<meta name="app-entry" content="./assets/index-E-66BZfF.js" />
      <script>import('./assets/late-x.js'); fetch("https://cdn.example.com/y.js")</script>`;
    expect(htmlReferences(html)).toEqual(['./assets/index-E-66BZfF.js', './assets/late-x.js']);
  });

  it('follows static imports of built modules, not dynamic ones', () => {
    const javascript =
      'import{a as b,c}from"./react-def.js";import"./side-effect.js";' +
      'export{d}from"./other.js";const p=()=>import("./imprint-page-x.js");';
    expect(staticImports(javascript)).toEqual(['./react-def.js', './side-effect.js', './other.js']);
  });

  it('finds fonts and images referenced by a stylesheet', () => {
    expect(cssReferences('@font-face{src:url(./font-a.woff2)}b{background:url("x.svg")}')).toEqual([
      './font-a.woff2',
      'x.svg',
    ]);
    expect(cssReferences('a{background:url(data:image/svg+xml;base64,AA)}')).toEqual([]);
  });

  it('resolves references against the referring file', () => {
    expect(resolveReference('index.html', './assets/index-abc.js')).toBe('assets/index-abc.js');
    expect(resolveReference('assets/index-abc.js', './react-def.js')).toBe('assets/react-def.js');
    expect(resolveReference('assets/index-abc.css', '../fonts/a.woff2?v=1#x')).toBe(
      'fonts/a.woff2',
    );
  });

  it('tells the kinds of files apart', () => {
    expect(assetKind('index.html')).toBe('document');
    expect(assetKind('a.js')).toBe('script');
    expect(assetKind('a.css')).toBe('stylesheet');
    expect(assetKind('de.json')).toBe('json');
    expect(assetKind('favicon.svg')).toBe('image');
    expect(assetKind('a.woff2')).toBe('font');
    expect(assetKind('robots.txt')).toBe('other');
  });
});
