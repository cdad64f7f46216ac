import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { kilobytes, performanceTargets } from '../scripts/byte-budget.ts';
import { findChromium } from '../scripts/find-chromium.ts';
import type { BenchOptions, FormFactor, Language, Route } from './args.ts';
import {
  categories,
  resourceGroups,
  type LanguageSeen,
  type Measurement,
  type ResourceGroup,
  type RunFigures,
  type Usage,
} from './figures.ts';

/**
 * Reporting the bench: the median of every figure per route × language × form factor, checked
 * against the targets of issue 3, printed as one table and written to `options.out` as JSON.
 */

interface Row extends Omit<RunFigures, 'warnings'> {
  route: Route;
  language: Language;
  formFactor: FormFactor;
  runs: number;
  htmlLang: string;
  navigatorLanguages: string[];
  warnings: string[];
}

const median = (values: readonly number[]): number => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

function medianRow(
  route: Route,
  language: Language,
  formFactor: FormFactor,
  all: RunFigures[],
  seen: LanguageSeen | undefined,
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

/**
 * Prints the medians of every measurement and the missed targets, writes them to `options.out`,
 * and returns the exit code: 1 when a target was missed.
 */
export function report(
  measurements: readonly Measurement[],
  startedAt: Date,
  lighthouse: string,
  { runs, out: outOption, isFullSet }: BenchOptions,
): number {
  const rows = measurements.map(({ route, language, formFactor, all, seen }) =>
    medianRow(route, language, formFactor, all, seen),
  );
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src', 'index.html', 'public'], {
    encoding: 'utf8',
  });
  const missed = missedTargets(rows);
  const revision = `${commit.stdout.trim()}${dirty.stdout.trim() ? ' (with uncommitted changes)' : ''}`;
  console.log(
    `\nLighthouse ${lighthouse}, ${startedAt.toISOString()}, commit ${revision}, median of ${runs} run(s)\n`,
  );
  printTable(rows);
  const warnings = [...new Set(rows.flatMap((row) => row.warnings))];
  if (warnings.length > 0) console.log(`\nLighthouse warnings:\n  ${warnings.join('\n  ')}`);

  const out = resolve(outOption);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        date: startedAt.toISOString(),
        commit: revision,
        lighthouse,
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
