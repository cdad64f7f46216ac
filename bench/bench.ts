import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { kilobytes, performanceTargets } from '../build/byte-budget.ts';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/find-chromium.ts';
import { startStaticServer } from '../scripts/serve-dist.ts';

/**
 * The project's benchmark (`npm run bench`, issue 3): builds the site, serves `dist/` the way a host
 * does (brotli, `scripts/serve-dist.ts`), runs Lighthouse 12 with default simulated throttling for
 * every route × language × form factor (fresh Chromium per run), prints one table of the medians
 * and writes it to `bench-results/lighthouse.json`, each run's full Lighthouse result (open it in
 * https://googlechrome.github.io/lighthouse/viewer/) to `bench-results/reports/`. Exits non-zero naming every missed target.
 *
 *   npm run bench                        all 3 routes × de, en × mobile, desktop, 3 runs each
 *   npm run bench -- --runs 1 --no-build quick look at the current dist/
 *   npm run bench -- --routes home --languages en --form-factors mobile
 *   npm run bench -- --no-build --dist /tmp/experiment   measure a copy of dist/ you edited by hand
 *
 * Medians are taken per figure (each score, timing and byte count separately). Bytes are
 * Lighthouse's transfer sizes (compressed body plus response headers), KB = 1024 bytes. CLS is
 * compared after rounding to 3 decimals, as Lighthouse displays it: 0.0004 counts as 0.
 * The language is checked twice: Playwright opens the route in the same browser after the first
 * run and reads `<html lang>`, and the text of Lighthouse's LCP element must be in that language.
 */

const routes = ['home', 'imprint', 'privacy'] as const;
const languages = ['de', 'en'] as const;
const formFactors = ['mobile', 'desktop'] as const;
type Route = (typeof routes)[number];
type Language = (typeof languages)[number];
type FormFactor = (typeof formFactors)[number];

const browserLanguage: Record<Language, { lang: string; acceptLanguage: string }> = {
  de: { lang: 'de-DE', acceptLanguage: 'de-DE,de;q=0.9' },
  en: { lang: 'en-US', acceptLanguage: 'en-US,en;q=0.9' },
};

const chromeFlags = ['--headless=new', ...CHROMIUM_FLAGS];

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const resourceGroups = ['document', 'script', 'stylesheet', 'other', 'image', 'font'] as const;
type ResourceGroup = (typeof resourceGroups)[number];

interface Usage {
  bytes: number;
  requests: number;
}

interface RunFigures {
  scores: Record<(typeof categories)[number], number>;
  fcpMs: number;
  lcpMs: number;
  speedIndexMs: number;
  tbtMs: number;
  cls: number;
  resources: Record<ResourceGroup | 'total', Usage>;
  offOrigin: string[];
  lcpElement: string;
  lcpPhases: Record<string, number>;
  lcpTextLanguage: Language | 'unknown';
  warnings: string[];
}

interface Row extends Omit<RunFigures, 'warnings'> {
  route: Route;
  language: Language;
  formFactor: FormFactor;
  runs: number;
  htmlLang: string;
  navigatorLanguages: string[];
  warnings: string[];
}

function parseList<T extends string>(value: string | undefined, all: readonly T[], flag: string) {
  if (value === undefined) return [...all];
  const picked = value.split(',').map((item) => item.trim().replace(/^#?\/?/, ''));
  for (const item of picked) {
    if (!all.includes(item as T)) {
      throw new Error(`--${flag}: unknown value "${item}", expected some of ${all.join(', ')}`);
    }
  }
  return picked as T[];
}

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    routes: { type: 'string' },
    languages: { type: 'string' },
    'form-factors': { type: 'string' },
    out: { type: 'string', default: 'bench-results/lighthouse.json' },
    dist: { type: 'string', default: 'dist' },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
const pickedRoutes = parseList(options.routes, routes, 'routes');
const pickedLanguages = parseList(options.languages, languages, 'languages');
const pickedFormFactors = parseList(options['form-factors'], formFactors, 'form-factors');
const isFullSet =
  pickedRoutes.length === routes.length &&
  pickedLanguages.length === languages.length &&
  pickedFormFactors.length === formFactors.length;

const median = (values: readonly number[]): number => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

/** Every string of a translation file, for telling German text from English text. */
function dictionaryWords(file: string): Set<string> {
  const words = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const word of value.toLowerCase().match(/\p{L}{4,}/gu) ?? []) words.add(word);
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(walk);
    }
  };
  walk(JSON.parse(readFileSync(file, 'utf8')));
  return words;
}

function textLanguage(
  text: string,
  dictionaries: Record<Language, Set<string>>,
): Language | 'unknown' {
  const words = text.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
  const score = (language: Language, other: Language) =>
    words.filter((word) => dictionaries[language].has(word) && !dictionaries[other].has(word))
      .length;
  const german = score('de', 'en');
  const english = score('en', 'de');
  if (german === english) return 'unknown';
  return german > english ? 'de' : 'en';
}

function groupOf(resourceType: string | undefined): ResourceGroup {
  switch (resourceType) {
    case 'Document':
      return 'document';
    case 'Script':
      return 'script';
    case 'Stylesheet':
      return 'stylesheet';
    case 'Image':
      return 'image';
    case 'Font':
      return 'font';
    default:
      return 'other';
  }
}

interface NetworkItem {
  url: string;
  transferSize?: number;
  resourceType?: string;
}

interface LcpNodeItem {
  node?: { nodeLabel?: string; snippet?: string };
  phase?: string;
  timing?: number;
}

type Details = { type?: string; items?: unknown[] } | undefined;

/** The LCP element's label and its phases (TTFB, load delay, load time, render delay). */
function lcpBreakdown(lhr: Result): { element: string; phases: Record<string, number> } {
  const details = lhr.audits['largest-contentful-paint-element']?.details as Details;
  let element = '';
  const phases: Record<string, number> = {};
  const visit = (detail: Details) => {
    if (!detail?.items) return;
    if (detail.type === 'list') {
      detail.items.forEach((item) => visit(item as Details));
      return;
    }
    for (const item of detail.items as LcpNodeItem[]) {
      if (item.node && !element) element = item.node.nodeLabel ?? item.node.snippet ?? '';
      if (item.phase && typeof item.timing === 'number') phases[item.phase] = item.timing;
    }
  };
  visit(details);
  return { element, phases };
}

const emptyUsage = (): Usage => ({ bytes: 0, requests: 0 });

function figuresOf(
  lhr: Result,
  origin: string,
  dictionaries: Record<Language, Set<string>>,
): RunFigures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scores = Object.fromEntries(
    categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as RunFigures['scores'];
  const resources = Object.fromEntries(
    [...resourceGroups, 'total'].map((group) => [group, emptyUsage()]),
  ) as RunFigures['resources'];
  const offOrigin: string[] = [];
  const items = ((lhr.audits['network-requests']?.details as Details)?.items ??
    []) as NetworkItem[];
  for (const item of items) {
    if (/^(data|blob):/.test(item.url)) continue;
    for (const usage of [resources[groupOf(item.resourceType)], resources.total]) {
      usage.bytes += item.transferSize ?? 0;
      usage.requests += 1;
    }
    if (new URL(item.url).origin !== origin) offOrigin.push(item.url);
  }
  const { element, phases } = lcpBreakdown(lhr);
  return {
    scores,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    speedIndexMs: numeric('speed-index'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    resources,
    offOrigin,
    lcpElement: element,
    lcpPhases: phases,
    lcpTextLanguage: textLanguage(element, dictionaries),
    warnings: [
      ...(lhr.runWarnings ?? []),
      ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
    ],
  };
}

/** Opens the route in the benchmark's own browser and reads what language the app chose. */
async function languageSeen(port: number, url: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    const seen = await page.evaluate(() => ({
      htmlLang: document.documentElement.lang,
      navigatorLanguages: [...navigator.languages],
    }));
    await page.close();
    return seen;
  } finally {
    await browser.close();
  }
}

async function measure(
  url: string,
  origin: string,
  language: Language,
  formFactor: FormFactor,
  checkLanguage: boolean,
  dictionaries: Record<Language, Set<string>>,
  reportPath: string,
) {
  const { lang, acceptLanguage } = browserLanguage[language];
  let chrome: LaunchedChrome | undefined;
  try {
    chrome = await launch({
      chromePath: findChromium(),
      ignoreDefaultFlags: true,
      chromeFlags: [...chromeFlags, `--lang=${lang}`, `--accept-lang=${acceptLanguage}`],
      prefs: { intl: { accept_languages: acceptLanguage.replace(/;q=[0-9.]+/g, '') } },
      logLevel: 'silent',
    });
    const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
        extraHeaders: { 'Accept-Language': acceptLanguage },
      },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    mkdirSync(dirname(reportPath), { recursive: true });
    writeFileSync(reportPath, JSON.stringify(result.lhr));
    const figures = figuresOf(result.lhr, origin, dictionaries);
    const seen = checkLanguage ? await languageSeen(chrome.port, url) : undefined;
    return { figures, seen };
  } finally {
    chrome?.kill();
  }
}

function medianRow(
  route: Route,
  language: Language,
  formFactor: FormFactor,
  all: RunFigures[],
  seen: { htmlLang: string; navigatorLanguages: string[] } | undefined,
): Row {
  const of = (pick: (figures: RunFigures) => number) => median(all.map(pick));
  const usage = (group: ResourceGroup | 'total'): Usage => ({
    bytes: of((figures) => figures.resources[group].bytes),
    requests: of((figures) => figures.resources[group].requests),
  });
  const languagesOfLcp = [...new Set(all.map((figures) => figures.lcpTextLanguage))];
  return {
    route,
    language,
    formFactor,
    runs: all.length,
    scores: Object.fromEntries(
      categories.map((id) => [id, of((figures) => figures.scores[id])]),
    ) as RunFigures['scores'],
    fcpMs: of((figures) => figures.fcpMs),
    lcpMs: of((figures) => figures.lcpMs),
    speedIndexMs: of((figures) => figures.speedIndexMs),
    tbtMs: of((figures) => figures.tbtMs),
    cls: of((figures) => figures.cls),
    resources: Object.fromEntries(
      [...resourceGroups, 'total'].map((group) => [group, usage(group as ResourceGroup)]),
    ) as RunFigures['resources'],
    offOrigin: [...new Set(all.flatMap((figures) => figures.offOrigin))],
    lcpElement: all[0]?.lcpElement ?? '',
    lcpPhases: Object.fromEntries(
      Object.keys(all[0]?.lcpPhases ?? {}).map((phase) => [
        phase,
        of((figures) => figures.lcpPhases[phase] ?? Number.NaN),
      ]),
    ),
    lcpTextLanguage: languagesOfLcp.length === 1 ? (languagesOfLcp[0] ?? 'unknown') : 'unknown',
    htmlLang: seen?.htmlLang ?? '',
    navigatorLanguages: seen?.navigatorLanguages ?? [],
    warnings: [...new Set(all.flatMap((figures) => figures.warnings))],
  };
}

const roundedCls = (cls: number) =>
  Number(cls.toFixed(performanceTargets.clsDecimals)) === 0 ? 0 : cls;

/** Every missed target, each naming the route, language and form factor. */
function missedTargets(rows: readonly Row[]): string[] {
  const missed: string[] = [];
  for (const row of rows) {
    const where = `#/${row.route} ${row.language} ${row.formFactor}`;
    if (!row.htmlLang.toLowerCase().startsWith(row.language)) {
      missed.push(`${where}: the page showed <html lang="${row.htmlLang}">, not ${row.language}`);
    }
    if (row.lcpTextLanguage !== row.language && row.lcpTextLanguage !== 'unknown') {
      missed.push(
        `${where}: the LCP element's text ("${row.lcpElement}") is ${row.lcpTextLanguage}, not ${row.language}`,
      );
    }
    for (const id of categories) {
      if (row.scores[id] < performanceTargets.minCategoryScore) {
        missed.push(
          `${where}: ${id} score ${row.scores[id]} < ${performanceTargets.minCategoryScore}`,
        );
      }
    }
    if (row.formFactor === 'mobile' && row.lcpMs > performanceTargets.maxLcpMs) {
      missed.push(`${where}: LCP ${Math.round(row.lcpMs)} ms > ${performanceTargets.maxLcpMs} ms`);
    }
    if (roundedCls(row.cls) > performanceTargets.maxCls) {
      missed.push(`${where}: CLS ${row.cls.toFixed(4)} > ${performanceTargets.maxCls}`);
    }
    if (row.tbtMs > performanceTargets.maxTbtMs) {
      missed.push(`${where}: TBT ${Math.round(row.tbtMs)} ms > ${performanceTargets.maxTbtMs} ms`);
    }
    if (row.route === 'home') {
      const { script, total } = row.resources;
      if (script.bytes > performanceTargets.maxHomeScriptBytes) {
        missed.push(
          `${where}: JavaScript ${kilobytes(script.bytes)} > ${kilobytes(performanceTargets.maxHomeScriptBytes)}`,
        );
      }
      if (total.bytes > performanceTargets.maxHomeTotalBytes) {
        missed.push(
          `${where}: total ${kilobytes(total.bytes)} > ${kilobytes(performanceTargets.maxHomeTotalBytes)}`,
        );
      }
      if (total.requests > performanceTargets.maxHomeRequests) {
        missed.push(`${where}: ${total.requests} requests > ${performanceTargets.maxHomeRequests}`);
      }
    }
    if (row.offOrigin.length > 0) {
      missed.push(`${where}: ${row.offOrigin.length} request(s) left the origin`);
    }
  }
  return missed;
}

const usageCell = ({ bytes, requests }: Usage) =>
  requests === 0 ? '–' : `${(bytes / 1024).toFixed(1)}/${requests}`;

function printTable(rows: readonly Row[]): void {
  const header = [
    'route',
    'lang',
    'form',
    'perf',
    'a11y',
    'bp',
    'seo',
    'FCP ms',
    'LCP ms',
    'SI ms',
    'TBT ms',
    'CLS',
    'doc',
    'script',
    'css',
    'json/other',
    'image',
    'font',
    'total',
  ];
  const lines = rows.map((row) => [
    `#/${row.route}`,
    row.language,
    row.formFactor,
    ...categories.map((id) => String(row.scores[id])),
    String(Math.round(row.fcpMs)),
    String(Math.round(row.lcpMs)),
    String(Math.round(row.speedIndexMs)),
    String(Math.round(row.tbtMs)),
    row.cls.toFixed(3),
    ...resourceGroups.map((group) => usageCell(row.resources[group])),
    usageCell(row.resources.total),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        column < 3 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  console.log(
    "\nBytes: KB transferred (brotli body + headers, KB = 1024) / requests, from Lighthouse's network-requests audit.",
  );
  const offOrigin = [...new Set(rows.flatMap((row) => row.offOrigin))];
  console.log(
    offOrigin.length === 0
      ? 'Requests that left the origin: none.'
      : `Requests that left the origin:\n${offOrigin.map((url) => `  ${url}`).join('\n')}`,
  );
  console.log('\nLCP element (mobile) and its phases (ms):');
  for (const row of rows.filter(({ formFactor }) => formFactor === 'mobile')) {
    const phases = Object.entries(row.lcpPhases)
      .map(([phase, ms]) => `${phase} ${Math.round(ms)}`)
      .join(', ');
    console.log(
      `  #/${row.route} ${row.language}: ${row.lcpElement || '(none)'} [text ${row.lcpTextLanguage}, html lang ${row.htmlLang || '?'}] ${phases}`,
    );
  }
}

async function main(): Promise<number> {
  const root = resolve(options.dist);
  if (!options['no-build']) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('npm run build failed');
      return 1;
    }
  }
  const dictionaries = {
    de: dictionaryWords(join(root, 'assets/i18n/de.json')),
    en: dictionaryWords(join(root, 'assets/i18n/en.json')),
  };
  const server = await startStaticServer({ root });
  const origin = new URL(server.url).origin;
  const startedAt = new Date();
  const rows: Row[] = [];
  const reportsFolder = join(dirname(resolve(options.out)), 'reports');
  try {
    console.error(
      `Lighthouse ${runs}× each: ${pickedRoutes.length} route(s) × ${pickedLanguages.length} language(s) × ${pickedFormFactors.length} form factor(s), Chromium ${findChromium()}, serving ${root} at ${server.url}`,
    );
    for (const route of pickedRoutes) {
      for (const language of pickedLanguages) {
        for (const formFactor of pickedFormFactors) {
          const url = `${server.url}#/${route}`;
          const all: RunFigures[] = [];
          let seen: Awaited<ReturnType<typeof measure>>['seen'];
          for (let run = 0; run < runs; run += 1) {
            const started = Date.now();
            // Runs must not overlap: each one needs the machine to itself.
            // oxlint-disable-next-line no-await-in-loop
            const result = await measure(
              url,
              origin,
              language,
              formFactor,
              run === 0,
              dictionaries,
              join(reportsFolder, `${route}-${language}-${formFactor}-${run + 1}.json`),
            );
            all.push(result.figures);
            seen ??= result.seen;
            console.error(
              `  #/${route} ${language} ${formFactor} run ${run + 1}/${runs}: LCP ${Math.round(result.figures.lcpMs)} ms, perf ${result.figures.scores.performance} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
            );
          }
          rows.push(medianRow(route, language, formFactor, all, seen));
        }
      }
    }
  } finally {
    await server.close();
  }

  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src', 'index.html', 'public'], {
    encoding: 'utf8',
  });
  const missed = missedTargets(rows);
  const revision = `${commit.stdout.trim()}${dirty.stdout.trim() ? ' (with uncommitted changes)' : ''}`;
  console.log(
    `\nLighthouse ${lighthouseVersion()}, ${startedAt.toISOString()}, commit ${revision}, median of ${runs} run(s)\n`,
  );
  printTable(rows);
  const warnings = [...new Set(rows.flatMap((row) => row.warnings))];
  if (warnings.length > 0) console.log(`\nLighthouse warnings:\n  ${warnings.join('\n  ')}`);

  const out = resolve(options.out);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        date: startedAt.toISOString(),
        commit: revision,
        lighthouse: lighthouseVersion(),
        chromium: findChromium(),
        runs,
        medians: 'per figure',
        bytes: 'transfer size (compressed body + headers), KB = 1024 bytes',
        targets: performanceTargets,
        rows,
        missed,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWrote ${out}`);

  if (!isFullSet)
    console.log('\nOnly a subset was measured; the targets are checked for it alone.');
  if (missed.length > 0) {
    console.error(`\nMissed targets (${missed.length}):\n  - ${missed.join('\n  - ')}`);
    return 1;
  }
  console.log('\nAll targets met.');
  return 0;
}

function lighthouseVersion(): string {
  const manifest = JSON.parse(
    readFileSync(join(import.meta.dirname, 'node_modules/lighthouse/package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

process.exitCode = await main();
