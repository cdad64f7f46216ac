import { parseArgs } from 'node:util';
import { ROUTES } from '../src/app/routes.ts';

/** The bench's command line: which pages, languages and form factors, how many runs, where. */

/** The specification's routes, from the one list the app, prerender and tests read. */
export const routes = ROUTES;
export const languages = ['de', 'en'] as const;
export const formFactors = ['mobile', 'desktop'] as const;
export type Route = (typeof routes)[number];
export type Language = (typeof languages)[number];
export type FormFactor = (typeof formFactors)[number];

export interface BenchOptions {
  /** Whether to run `npm run build` first (off with `--no-build`). */
  build: boolean;
  runs: number;
  routes: Route[];
  languages: Language[];
  formFactors: FormFactor[];
  /** Every route × language × form factor: the targets then hold for the whole site. */
  isFullSet: boolean;
  /** Where the medians go (JSON); each run's report goes to `reports/` beside it. */
  out: string;
  /** The built site to serve. */
  dist: string;
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

/** Reads the flags (see main.ts); throws naming a wrong one. */
export function parseBenchArgs(args: readonly string[]): BenchOptions {
  const { values: options } = parseArgs({
    args: [...args],
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
  return {
    build: !options['no-build'],
    runs,
    routes: pickedRoutes,
    languages: pickedLanguages,
    formFactors: pickedFormFactors,
    isFullSet:
      pickedRoutes.length === routes.length &&
      pickedLanguages.length === languages.length &&
      pickedFormFactors.length === formFactors.length,
    out: options.out,
    dist: options.dist,
  };
}
