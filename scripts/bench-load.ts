/**
 * Load benchmark (not a test): drives the nginx setup of deploy/nginx/ with `wrk` on loopback and
 * prints, per URL, requests per second, latency percentiles and errors.
 *
 *   npm run bench:load                  10 s per URL, 2 threads, 50 connections
 *   npm run bench:load -- --duration 30 --connections 100
 *
 * Builds the site first when dist/ is missing. Needs Debian's nginx, its brotli modules and wrk:
 *   sudo apt-get install nginx libnginx-mod-http-brotli-static libnginx-mod-http-brotli-filter wrk
 * wrk and nginx share this machine's cores, so the figures are a lower bound for a real server.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  checkServerBinaries,
  copySite,
  makeWorkDir,
  REPO_ROOT,
  startNginx,
} from '../deploy/test/servers.ts';

const WRK = '/usr/bin/wrk';
const DIST = join(REPO_ROOT, 'dist');

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    threads: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
  },
});

/** wrk's own report, as JSON, from its `done` hook: exact percentiles and every error kind. */
const REPORT_SCRIPT = `
wrk.headers["Accept-Encoding"] = "br"
done = function(summary, latency, requests)
  local e = summary.errors
  io.write("REPORT ", string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,' ..
    '"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d}',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.timeout, e.status), "\\n")
end
`;

interface WrkReport {
  requests: number;
  durationUs: number;
  bytes: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
  /** Responses that were not 2xx or 3xx. */
  status: number;
}

function ensureBuild(): void {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.log('dist/ is missing: building the site first…');
    execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  if (!existsSync(join(DIST, 'index.html.br'))) {
    console.warn(
      'Warning: dist/ has no precompressed files (index.html.br); nginx compresses on the fly.',
    );
  }
}

/** The hashed script the page loads, read from the built index.html. */
function hashedScriptPath(html: string): string {
  const match = /(assets\/[^"/]+-[A-Za-z0-9_-]{8}\.js)"/.exec(html);
  if (!match?.[1]) throw new Error('dist/index.html names no hashed script in assets/.');
  return `/${match[1]}`;
}

const ms = (microseconds: number) => (microseconds / 1000).toFixed(2);

async function main(): Promise<void> {
  checkServerBinaries();
  if (!existsSync(WRK)) {
    throw new Error(`${WRK} is missing. Install it with: sudo apt-get install wrk`);
  }
  ensureBuild();
  const paths = [
    '/',
    hashedScriptPath(await readFile(join(DIST, 'index.html'), 'utf8')),
    '/assets/i18n/de.json',
  ];

  const work = await makeWorkDir('bench-load');
  const root = await copySite(DIST, work);
  const script = join(work, 'report.lua');
  await writeFile(script, REPORT_SCRIPT);
  const nginx = await startNginx({ root, workers: 'auto', accessLog: false });
  const rows: string[][] = [];
  try {
    for (const path of paths) {
      const url = new URL(path, nginx.url).href;
      console.log(`wrk ${values.duration} s on ${path} …`);
      const run = spawnSync(
        WRK,
        [
          `-t${values.threads}`,
          `-c${values.connections}`,
          `-d${values.duration}s`,
          '-s',
          script,
          url,
        ],
        { encoding: 'utf8' },
      );
      const line = run.stdout.split('\n').find((text) => text.startsWith('REPORT '));
      if (run.status !== 0 || !line) {
        throw new Error(`wrk failed on ${url}:\n${run.stdout}${run.stderr}`);
      }
      const report = JSON.parse(line.slice('REPORT '.length)) as WrkReport;
      const seconds = report.durationUs / 1e6;
      const socketErrors = report.connect + report.read + report.write + report.timeout;
      rows.push([
        path,
        Math.round(report.requests / seconds).toLocaleString('en-US'),
        ms(report.p50),
        ms(report.p90),
        ms(report.p99),
        (report.bytes / seconds / 1024 / 1024).toFixed(1),
        String(report.status),
        String(socketErrors),
      ]);
    }
  } finally {
    await nginx.stop();
    await rm(work, { recursive: true, force: true });
  }

  const header = [
    'URL (Accept-Encoding: br)',
    'requests/s',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'MB/s',
    'non-2xx/3xx',
    'socket errors',
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  console.log(
    `\nnginx over dist/ on 127.0.0.1: wrk ${values.threads} threads, ${values.connections} connections, ${values.duration} s per URL\n`,
  );
  console.log(format(header));
  console.log(
    `|${widths.map((width, column) => (column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  for (const row of rows) console.log(format(row));
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
