import { execFileSync, spawn } from 'node:child_process';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { MANIFEST_NAME } from '../plan.ts';
import {
  copySite,
  makeTestCertificate,
  makeWorkDir,
  REPO_ROOT,
  startApache,
  startNginx,
  type RunningServer,
  type TestCertificate,
} from '../../testing/servers.ts';
import { DIST } from '../../hosting/test/site.ts';
import { startSshd, type RunningSshd } from './sshd.ts';

/**
 * `npm run check:live` against hosts on loopback: the project's nginx and Apache pass; hosts that
 * get it wrong fail, each naming what is wrong. The command runs as the owner runs it, a process of
 * its own that trusts the test certificate through NODE_EXTRA_CA_CERTS.
 */

const TSX = join(REPO_ROOT, 'node_modules/.bin/tsx');

interface Run {
  code: number | null;
  output: string;
}

function checkLive(args: string[], trust: string | undefined): Promise<Run> {
  return command('scripts/check-live.ts', args, trust ? { NODE_EXTRA_CA_CERTS: trust } : {});
}

function command(script: string, args: string[], extra: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.NODE_EXTRA_CA_CERTS;
    const child = spawn(TSX, [script, ...args], { cwd: REPO_ROOT, env: { ...env, ...extra } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** The table's row for a check: its line and the indented lines under it. */
function row(output: string, check: string): string {
  const lines = output.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^\\S+\\s+${check}\\b`).test(line));
  if (start < 0) return '';
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => !line.startsWith(' '));
  return [lines[start], ...rest.slice(0, end < 0 ? rest.length : end)].join('\n');
}

const listen = (server: Server, host = '127.0.0.1') =>
  new Promise<string>((resolve) =>
    server.listen(0, host, () => resolve(String((server.address() as AddressInfo).port))),
  );

/** A bare static server: the files and nothing else, no header of the policy, no 404 page. */
function bareFiles(root: string) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(root, path);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-length': body.length }).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    }
  };
}

interface ProxyChanges {
  /** A path whose answer is replaced by this text, as a stale upload would leave it. */
  stale?: { path: string; body: string };
  setCookie?: string;
  dropHeader?: string;
  /** A script element put before `</body>` of every page. */
  inject?: string;
}

/** A proxy in front of `upstream`, as a CDN sits in front of a host, changing what it is told to. */
function proxy(upstream: string, ca: Buffer, changes: ProxyChanges) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', upstream);
    // Always the plain body from upstream, so that the proxy can change it.
    const forward = httpsRequest(url, { ca, headers: { host: url.host } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        let body = Buffer.concat(chunks);
        if (changes.stale?.path === url.pathname) body = Buffer.from(changes.stale.body);
        if (changes.inject && /text\/html/.test(answer.headers['content-type'] ?? '')) {
          body = Buffer.from(body.toString('utf8').replace('</body>', `${changes.inject}</body>`));
        }
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value === undefined || name === 'content-length' || name === 'connection') continue;
          if (name === changes.dropHeader?.toLowerCase()) continue;
          res.setHeader(name, value);
        }
        if (changes.setCookie) res.setHeader('set-cookie', changes.setCookie);
        res.setHeader('content-length', body.length);
        res.writeHead(answer.statusCode ?? 502).end(body);
      });
    });
    forward.on('error', () => res.writeHead(502).end());
    forward.end();
  };
}

const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });

/**
 * A certificate whose time is long past, signed by itself: `openssl ca` is the openssl command
 * that takes both its start and end date.
 */
async function makeExpiredCertificate(dir: string): Promise<TestCertificate> {
  await mkdir(dir);
  const file = (name: string) => join(dir, name);
  await writeFile(file('index.txt'), '');
  await writeFile(file('serial'), '01\n');
  await writeFile(
    file('ca.conf'),
    `[ca]\ndefault_ca = test\n[test]\ndatabase = ${file('index.txt')}\nnew_certs_dir = ${dir}\n` +
      `serial = ${file('serial')}\ndefault_md = sha256\npolicy = any\ncopy_extensions = copy\n` +
      'unique_subject = no\n[any]\ncommonName = supplied\n',
  );
  openssl([
    'req',
    '-new',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    file('key.pem'),
    '-out',
    file('request.pem'),
  ]);
  openssl([
    'ca',
    '-batch',
    '-config',
    file('ca.conf'),
    '-selfsign',
    '-keyfile',
    file('key.pem'),
    '-in',
    file('request.pem'),
    '-startdate',
    '20200101000000Z',
    '-enddate',
    '20200102000000Z',
    '-out',
    file('certificate.pem'),
  ]);
  return { certificate: file('certificate.pem'), key: file('key.pem') };
}

let work: string;
let tls: TestCertificate;
let ca: Buffer;
let nginx: RunningServer;
let apache: RunningServer;
const servers: Server[] = [];

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  secure: boolean,
  host = '127.0.0.1',
  certificate = tls,
): Promise<string> {
  const server = secure
    ? createHttpsServer(
        { cert: await readFile(certificate.certificate), key: await readFile(certificate.key) },
        handler,
      )
    : createHttpServer(handler);
  servers.push(server);
  return `${secure ? 'https' : 'http'}://${host}:${await listen(server, host)}/`;
}

test.describe('npm run check:live', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeAll(async () => {
    work = await makeWorkDir('check-live');
    const root = await copySite(DIST, work);
    // What `npm run deploy` leaves on the server, which must not be served.
    await writeFile(join(root, MANIFEST_NAME), '{"version":1,"files":{}}\n');
    tls = await makeTestCertificate(work);
    ca = await readFile(tls.certificate);
    nginx = await startNginx({ root, tls });
    apache = await startApache({ root, tls });
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
    await Promise.all([nginx?.stop(), apache?.stop()]);
    await rm(work, { recursive: true, force: true });
  });

  for (const name of ['nginx', 'apache'] as const) {
    test(`passes on the project's ${name} configuration, pages in Chromium included`, async () => {
      const server = name === 'nginx' ? nginx : apache;
      const run = await checkLive([server.url, '--http-url', server.httpUrl!], tls.certificate);
      expect(run.output).toContain('The live site matches the build');
      expect(run.output).not.toMatch(/^FAIL/m);
      for (const check of [
        'HTTP redirects to HTTPS',
        'Security headers',
        'Cache rules',
        'HSTS',
        '404 page',
        'Hidden files refused',
        'Files of the build',
        'No cookies',
        'Browser: own origin only',
        'Browser: storage named',
        'Browser: no errors',
        'Browser: headings shown',
      ]) {
        expect(row(run.output, check), check).toMatch(/^ok /);
      }
      // The test certificate ends within days: trusted, with a warning.
      expect(row(run.output, 'TLS certificate')).toMatch(/^WARN\s+TLS certificate\s+trusted/);
      expect(run.code, run.output).toBe(0);
    });
  }

  test('names every missing header on a server that sends none, and why', async () => {
    const bare = await serve(bareFiles(join(work, 'site')), true);
    const run = await checkLive(
      [bare, '--http-url', nginx.httpUrl!, '--no-browser'],
      tls.certificate,
    );
    const headers = row(run.output, 'Security headers');
    for (const name of [
      'Content-Security-Policy',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'Cross-Origin-Opener-Policy',
      'X-Frame-Options',
    ]) {
      expect(headers).toContain(`/ (document): ${name} missing`);
    }
    expect(headers).toMatch(/Cause: The security headers .* are not \(all\) sent/);
    expect(row(run.output, 'HSTS')).toContain('Strict-Transport-Security missing');
    expect(row(run.output, '404 page')).toMatch(/^FAIL/);
    expect(row(run.output, 'Hidden files refused')).toContain(`/${MANIFEST_NAME} answers 200`);
    expect(run.code, run.output).toBe(1);
  });

  test('names the one stale file', async () => {
    const path = '/assets/i18n/de.json';
    const dictionary = JSON.parse(await readFile(join(DIST, path), 'utf8'));
    dictionary.header.tagline = 'Ein alter Stand';
    const stale = await serve(
      proxy(nginx.url, ca, { stale: { path, body: JSON.stringify(dictionary) } }),
      true,
    );
    const run = await checkLive(
      [stale, '--http-url', nginx.httpUrl!, '--no-browser'],
      tls.certificate,
    );
    const files = row(run.output, 'Files of the build');
    expect(files).toMatch(
      /^FAIL\s+Files of the build\s+\/assets\/i18n\/de\.json: differs from the build \(stale\)/,
    );
    // Only that file: its copies under de/ and en/ are whole.
    expect(files.match(/: differs/g)).toHaveLength(1);
    expect(files).toContain('Fix:   Run `npm run deploy` again');
    expect(run.code, run.output).toBe(1);
  });

  test('names the cookie, the dropped CSP and the origin a proxy injects a script from', async () => {
    // The beacon a CDN's analytics would add: another origin on loopback, keeping an entry.
    const beacon = await serve(
      (_req, res) =>
        res
          .writeHead(200, { 'content-type': 'text/javascript' })
          .end("localStorage.setItem('beacon-visit', '1');"),
      true,
      '127.0.0.2',
    );
    const origin = beacon.replace(/\/$/, '');
    const cdn = await serve(
      proxy(nginx.url, ca, {
        setCookie: '__cf_bm=abc; Path=/; Secure; HttpOnly',
        dropHeader: 'Content-Security-Policy',
        inject: `<script defer src="${origin}/beacon.js"></script>`,
      }),
      true,
    );
    const run = await checkLive([cdn, '--http-url', nginx.httpUrl!], tls.certificate);
    expect(row(run.output, 'No cookies')).toMatch(/^FAIL\s+No cookies\s+__cf_bm set by \//);
    expect(row(run.output, 'Security headers')).toContain(
      '/ (document): Content-Security-Policy missing',
    );
    expect(row(run.output, 'Files of the build')).toContain(`refers to ${origin}`);
    expect(row(run.output, 'Browser: own origin only')).toContain(
      `${origin} (${origin}/beacon.js)`,
    );
    expect(row(run.output, 'Browser: storage named')).toContain('localStorage beacon-visit');
    expect(row(run.output, 'Browser: no cookies')).toContain('__cf_bm');
    expect(run.code, run.output).toBe(1);
  });

  test('names a certificate the machine does not trust', async () => {
    const run = await checkLive(
      [nginx.url, '--http-url', nginx.httpUrl!, '--no-browser'],
      undefined,
    );
    expect(row(run.output, 'TLS certificate')).toMatch(
      /^FAIL\s+TLS certificate\s+untrusted: .*\(DEPTH_ZERO_SELF_SIGNED_CERT\)/,
    );
    // The rest is still checked, over the untrusted connection.
    expect(row(run.output, 'Files of the build')).toMatch(/^ok /);
    expect(run.code, run.output).toBe(1);
  });

  test('names a certificate that has expired, though the machine trusts it', async () => {
    const expired = await makeExpiredCertificate(join(work, 'expired'));
    const host = await serve(bareFiles(join(work, 'site')), true, '127.0.0.1', expired);
    const run = await checkLive([host, '--no-browser'], expired.certificate);
    expect(row(run.output, 'TLS certificate')).toMatch(
      /^FAIL\s+TLS certificate\s+expired on Jan {1,2}2 00:00:00 2020 GMT \(CERT_HAS_EXPIRED\)/,
    );
    expect(row(run.output, 'TLS certificate')).toContain('Cause: The certificate has expired');
    expect(run.code, run.output).toBe(1);
  });

  test('names plain HTTP that serves the site instead of redirecting', async () => {
    const plain = await serve(bareFiles(join(work, 'site')), false);
    const run = await checkLive([nginx.url, '--http-url', plain, '--no-browser'], tls.certificate);
    expect(row(run.output, 'HTTP redirects to HTTPS')).toMatch(
      /^FAIL\s+HTTP redirects to HTTPS\s+http:\/\/127\.0\.0\.1:\d+\/ answers 200 instead of a redirect/,
    );
    expect(run.code, run.output).toBe(1);
  });

  test('stops at its limit of requests and says so', async () => {
    const run = await checkLive(
      [nginx.url, '--http-url', nginx.httpUrl!, '--no-browser', '--max-requests', '10'],
      tls.certificate,
    );
    expect(row(run.output, 'Request limit')).toMatch(
      /^FAIL\s+Request limit\s+stopped at the limit of 10 requests/,
    );
    expect(run.code, run.output).toBe(1);
  });

  test('exits 2 when the address only redirects elsewhere, naming where', async () => {
    const moved = await serve(
      (_req, res) => res.writeHead(301, { location: nginx.url }).end(),
      true,
    );
    const run = await checkLive([moved, '--no-browser'], tls.certificate);
    expect(row(run.output, 'Reachable')).toContain(
      `redirects to ${nginx.url}: check that address instead`,
    );
    expect(run.code, run.output).toBe(2);
  });

  test('exits 2 when nothing answers', async () => {
    const closed = await serve(bareFiles(work), true);
    await new Promise((done) => servers.pop()!.close(done));
    const run = await checkLive([closed, '--no-browser'], tls.certificate);
    expect(run.output).toContain('The site cannot be reached');
    expect(run.code, run.output).toBe(2);
  });
});

test.describe('npm run deploy, then the live check', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let sshd: RunningSshd;
  let host: RunningServer;
  let target: string;
  let deployWork: string;
  let certificate: TestCertificate;

  test.beforeAll(async () => {
    sshd = await startSshd();
    deployWork = await makeWorkDir('check-live-deploy');
    const www = join(deployWork, 'www');
    certificate = await makeTestCertificate(deployWork);
    host = await startNginx({ root: www, tls: certificate });
    target = `sftp://${sshd.username}@127.0.0.1:${sshd.port}${www}`;
  });

  test.afterAll(async () => {
    await Promise.all([sshd?.stop(), host?.stop()]);
    await rm(deployWork, { recursive: true, force: true });
  });

  const deploy = (args: string[]) =>
    command('scripts/deploy.ts', ['--no-build', ...args, target], {
      SSH_AUTH_SOCK: '',
      DEPLOY_SSH_KEY: sshd.userKey,
      DEPLOY_KNOWN_HOSTS: sshd.knownHosts,
      NODE_EXTRA_CA_CERTS: certificate.certificate,
      CHECK_LIVE_HTTP_URL: host.httpUrl!,
    });

  test('publishes, then checks the live site at the address given and finds it whole', async () => {
    const run = await deploy(['--check-url', host.url]);
    expect(run.output).toContain('Published to');
    expect(run.output).toContain('The live site matches the build');
    expect(row(run.output, 'Files of the build')).toMatch(/^ok /);
    expect(row(run.output, 'Browser: headings shown')).toMatch(/^ok /);
    expect(run.code, run.output).toBe(0);
  });

  test('says "published, but the live site differs" when it does', async () => {
    const path = '/assets/i18n/en.json';
    const stale = await serve(
      proxy(host.url, await readFile(certificate.certificate), {
        stale: { path, body: '{"header":{"tagline":"An old upload"}}' },
      }),
      true,
      '127.0.0.1',
      certificate,
    );
    const run = await deploy(['--check-url', stale]);
    expect(run.output).toContain('Nothing to upload');
    expect(row(run.output, 'Files of the build')).toContain(`${path}: differs from the build`);
    expect(run.output).toMatch(/published, but the live site differs/i);
    expect(run.code, run.output).toBe(1);
  });
});
