/**
 * Load benchmark (not a test): drives the nginx setup of deploy/nginx/ (site, headers and the
 * main-context snippet) with `wrk` on loopback, up a ladder of concurrent connections, and prints
 * per step and URL requests per second, latency percentiles, errors and wrong bodies. Every
 * response is compared byte for byte with the one the server gave (and Node decoded to the file)
 * before the step; any other answer counts as wrong.
 *
 *   npm run bench:load                              10 s per step, 10 / 100 / 1,000 / 10,000
 *   npm run bench:load -- --duration 5 --ladder 10,1000
 *   npm run bench:load -- --only i18n              only the URLs that contain `i18n`
 *   npm run bench:load -- --nopush on               nginx with Debian's tcp_nopush on (we set off)
 *
 * Each step is bounded: wrk runs `--duration` seconds with a 10 s request time-out and is killed
 * 30 s after that. Builds the site first when dist/ is missing. Needs Debian's nginx, its brotli
 * modules and wrk (not part of `npm test`, so not installed by CI):
 *   sudo apt-get install nginx libnginx-mod-http-brotli-static libnginx-mod-http-brotli-filter wrk
 * wrk and nginx share this machine's cores, so the figures are a lower bound for a real server.
 * 10,000 connections need 10,000 descriptors for wrk: `ulimit -n` must allow it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
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
    ladder: { type: 'string', default: '10,100,1000,10000' },
    nopush: { type: 'string', default: 'off' },
    only: { type: 'string', default: '' },
  },
});

/**
 * How long wrk waits for one answer before counting a time-out: a lost or hung request, not a slow
 * one. At 10,000 connections in a closed loop the mean wait is, by Little's law, the connections
 * over the requests per second: 10,000 / ~4,000 ≈ 2.5 s for the script, with wrk and nginx sharing
 * two cores. A 5 s cut-off counted that queue as failures, and it was the client's own work that
 * pushed the tail past it: without the body comparison below, 5 s gave no time-out at all
 * (issue 11, docs/performance.md). Browsers wait minutes; the max column shows how close any
 * answer came.
 */
const REQUEST_TIMEOUT_S = 10;
/** How long past its duration a step may run before it is killed. */
const STEP_GRACE_MS = 30_000;

/**
 * wrk's Lua: compares every body with the expected one (the file named after `--`), and reports as
 * JSON from its `done` hook: exact percentiles, every error kind, and the wrong answers, summed
 * over wrk's threads.
 */
const REPORT_SCRIPT = `
wrk.headers["Accept-Encoding"] = "br"
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
  local file = assert(io.open(args[1], "rb"))
  expected = file:read("*a")
  file:close()
  wrong = 0
end
function response(status, headers, body)
  if status ~= 200 or body ~= expected then wrong = wrong + 1 end
end
function done(summary, latency, requests)
  local e = summary.errors
  local wrongs = 0
  for _, thread in ipairs(threads) do wrongs = wrongs + thread:get("wrong") end
  io.write("REPORT ", string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,' ..
    '"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d,"wrong":%d}',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.timeout, e.status, wrongs), "\\n")
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
  /** Responses that were not 200 with exactly the expected body. */
  wrong: number;
}

/**
 * The bytes nginx answers `path` with for `Accept-Encoding: br`, after checking that they decode
 * to the file itself: what every answer under load must equal.
 */
function expectedBody(base: string, path: string, file: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // nginx serves the site over HTTPS with the test's own certificate (deploy/test/servers.ts).
    const options = { headers: { 'accept-encoding': 'br' }, rejectUnauthorized: false };
    const req = request(new URL(path, base), options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const decoded = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw;
        if (res.statusCode !== 200 || !decoded.equals(file)) {
          reject(new Error(`${path} answered ${res.statusCode} with a body that is not the file.`));
        } else {
          resolve(raw);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
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

interface Step {
  connections: number;
  path: string;
  report: WrkReport;
}

function runWrk(url: string, connections: number, script: string, expected: string): WrkReport {
  const duration = Number(values.duration);
  const run = spawnSync(
    WRK,
    [
      `-t${values.threads}`,
      `-c${connections}`,
      `-d${duration}s`,
      `--timeout`,
      `${REQUEST_TIMEOUT_S}s`,
      '-s',
      script,
      url,
      '--',
      expected,
    ],
    { encoding: 'utf8', timeout: duration * 1000 + STEP_GRACE_MS, killSignal: 'SIGKILL' },
  );
  const line = run.stdout?.split('\n').find((text) => text.startsWith('REPORT '));
  if (run.status !== 0 || !line) {
    throw new Error(
      `wrk failed on ${url} with ${connections} connections` +
        (run.error ? ` (${run.error.message})` : '') +
        `:\n${run.stdout ?? ''}${run.stderr ?? ''}`,
    );
  }
  return JSON.parse(line.slice('REPORT '.length)) as WrkReport;
}

/** The URL column reads left-aligned, the figures right-aligned. */
const left = (column: number) => column === 1;

function printTable(steps: Step[]): void {
  const header = [
    'connections',
    'URL (Accept-Encoding: br)',
    'requests/s',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'max ms',
    'socket errors',
    'non-2xx/3xx',
    'wrong bodies',
  ];
  const rows = steps.map(({ connections, path, report }) => {
    const seconds = report.durationUs / 1e6;
    const socketErrors = report.connect + report.read + report.write + report.timeout;
    return [
      connections.toLocaleString('en-US'),
      path,
      Math.round(report.requests / seconds).toLocaleString('en-US'),
      ms(report.p50),
      ms(report.p90),
      ms(report.p99),
      ms(report.max),
      socketErrors === 0
        ? '0'
        : `${socketErrors} (${[
            ['connect', report.connect],
            ['read', report.read],
            ['write', report.write],
            ['timeout', report.timeout],
          ]
            .filter(([, count]) => Number(count) > 0)
            .map(([kind, count]) => `${count} ${kind}`)
            .join(', ')})`,
      String(report.status),
      String(report.wrong),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => (left(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  console.log(format(header));
  console.log(
    `|${widths.map((width, column) => (left(column) ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  for (const row of rows) console.log(format(row));
}

async function main(): Promise<void> {
  checkServerBinaries();
  if (!existsSync(WRK)) {
    throw new Error(`${WRK} is missing. Install it with: sudo apt-get install wrk`);
  }
  const ladder = values.ladder.split(',').map(Number);
  if (ladder.some((step) => !Number.isInteger(step) || step < 1)) {
    throw new Error(`--ladder wants connection counts such as 10,100,1000: ${values.ladder}`);
  }
  if (values.nopush !== 'on' && values.nopush !== 'off') {
    throw new Error(`--nopush is on or off: ${values.nopush}`);
  }
  ensureBuild();
  const paths = [
    '/',
    hashedScriptPath(await readFile(join(DIST, 'index.html'), 'utf8')),
    '/assets/i18n/de.json',
  ].filter((path) => path.includes(values.only));

  const work = await makeWorkDir('bench-load');
  const root = await copySite(DIST, work);
  const script = join(work, 'report.lua');
  await writeFile(script, REPORT_SCRIPT);
  const nginx = await startNginx({
    root,
    workers: 'auto',
    accessLog: false,
    tcpNopush: values.nopush === 'on',
  });
  const steps: Step[] = [];
  try {
    const expected = new Map<string, string>();
    for (const [index, path] of paths.entries()) {
      const body = join(work, `expected-${index}`);
      expected.set(path, body);
    }
    await Promise.all(
      paths.map(async (path) => {
        const file = await readFile(join(root, path === '/' ? 'index.html' : path.slice(1)));
        await writeFile(expected.get(path)!, await expectedBody(nginx.url, path, file));
      }),
    );
    for (const connections of ladder) {
      for (const path of paths) {
        const url = new URL(path, nginx.url).href;
        console.log(`wrk ${values.duration} s, ${connections} connections on ${path} …`);
        steps.push({
          connections,
          path,
          report: runWrk(url, connections, script, expected.get(path)!),
        });
      }
    }
  } finally {
    await nginx.stop();
    await rm(work, { recursive: true, force: true });
  }

  console.log(
    `\nnginx over dist/ on 127.0.0.1 (tcp_nopush ${values.nopush}): wrk ${values.threads} threads, ` +
      `${values.duration} s per step, ${REQUEST_TIMEOUT_S} s request time-out\n`,
  );
  printTable(steps);
  const failed = steps.filter(
    ({ report }) =>
      report.connect + report.read + report.write + report.timeout + report.status + report.wrong >
      0,
  );
  if (failed.length > 0) {
    console.error(`\n${failed.length} step(s) had errors or wrong bodies.`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
