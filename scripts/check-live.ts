/**
 * `npm run check:live [-- URL]`: compares the live site with the build in dist/ and prints a
 * table, each failure with its likely cause and fix. Exit 0: it matches; 1: it differs; 2: the
 * site cannot be reached. `--help` lists the options.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { business } from '../src/content/business.ts';
import { exitCode, formatTable } from '../publisher/live-check/check-live.ts';
import { checkLive } from '../publisher/live-check/site.ts';
import { addressToCheck } from '../publisher/live-check/after-deploy.ts';
import { checkPages } from '../publisher/live-check/browser.ts';

const HELP = `npm run check:live -- [options] [URL]

Compares the live site at URL (else siteUrl of src/content/business.ts, once it is no longer the
example's) with the build in dist/ (built first if missing): TLS, the redirect from HTTP, the
header policy, every file byte for byte, no cookies, and every page in a headless Chromium. It
only reads.

Options:
  --http-url URL      the plain-HTTP address that must redirect (else $CHECK_LIVE_HTTP_URL,
                      else the same host on port 80)
  --dir DIR           compare with DIR instead of dist/
  --no-browser        leave out the headless browser
  --concurrency N     requests at a time (6)
  --max-requests N    requests in all (400)

Exit code: 0 the live site matches the build, 1 it differs, 2 it cannot be reached.
`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'http-url': { type: 'string' },
      dir: { type: 'string' },
      'no-browser': { type: 'boolean', default: false },
      concurrency: { type: 'string' },
      'max-requests': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const address = addressToCheck(positionals[0], business.siteUrl);
  if (!('url' in address)) {
    console.error(`Nothing checked: ${address.reason}`);
    return 2;
  }
  const { url } = address;
  const dist = values.dir ?? 'dist';
  if (!values.dir && !existsSync(join(dist, 'index.html'))) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('The build failed (see above); nothing to compare with.');
      return 2;
    }
  }
  const count = (name: 'concurrency' | 'max-requests') => {
    const value = values[name];
    if (value === undefined) return undefined;
    if (!/^[1-9]\d*$/.test(value)) throw new Error(`--${name} takes a whole number, not ${value}.`);
    return Number(value);
  };
  const concurrency = count('concurrency');
  const maxRequests = count('max-requests');
  console.log(`Checking ${url} against ${dist}/ …\n`);
  const report = await checkLive({
    url,
    httpUrl: values['http-url'] ?? (process.env.CHECK_LIVE_HTTP_URL || undefined),
    dist,
    concurrency,
    maxRequests,
    browser: values['no-browser'] ? undefined : checkPages,
  });
  process.stdout.write(formatTable(report.results, report.host));
  return exitCode(report.results);
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  },
);
