import { parseBenchArgs } from './args.ts';
import { installBenchTools } from './install.ts';
import { report } from './report.ts';

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
 *
 * The parts: args.ts reads the flags, install.ts installs the bench's own packages, run.ts builds,
 * serves and runs Lighthouse, figures.ts reads one run's result, report.ts takes the medians,
 * checks the targets, prints the table and writes the JSON.
 */

async function main(): Promise<number> {
  const options = parseBenchArgs(process.argv.slice(2));
  // Lighthouse is imported only once it is installed (see install.ts).
  installBenchTools();
  const { buildSite, lighthouseVersion, measureAll } = await import('./run.ts');
  if (options.build && !buildSite()) return 1;
  const { startedAt, measurements } = await measureAll(options);
  return report(measurements, startedAt, lighthouseVersion(), options);
}

process.exitCode = await main();
