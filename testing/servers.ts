import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { installCommand, missingTools, systemTool } from '../system-tools/system-tools.ts';

/**
 * Starts Debian's nginx and Apache on 127.0.0.1 with the configurations in `hosting/`, the way a
 * host would run them, but as an ordinary user with every file (pid, logs, temp) in a folder of its
 * own. Used by the deploy tests (global-setup.ts), the load test among them (`npm run test:load`).
 */

export const REPO_ROOT = resolve(import.meta.dirname, '..');
const HOSTING = join(REPO_ROOT, 'hosting');

export const NGINX_BINARY = systemTool('nginx').find;
export const APACHE_BINARY = systemTool('apache2').find;
export const APACHE_MODULES = '/usr/lib/apache2/modules';
/** Cloudflare's CLI from node_modules, which runs the Pages asset server on its workerd runtime. */
export const WRANGLER_BINARY = join(REPO_ROOT, 'node_modules/.bin/wrangler');
/**
 * The Workers runtime behaviour to emulate. Pinned, because without it wrangler asks the network
 * for today's date, and never later than the date of the workerd that wrangler bundles (it says so
 * when it is): `npx workerd --version`.
 */
export const WORKERD_COMPATIBILITY_DATE = '2026-04-26';

/** The site configuration's placeholders, replaced by the test's own values. */
const NGINX_PLACEHOLDERS = {
  listen: /^(\s*)listen 80;$/m,
  listenTls: /^(\s*)listen 443 ssl http2;$/m,
  root: /^(\s*)root \/var\/www\/muster-it;$/gm,
  headers: /\/etc\/nginx\/snippets\/muster-it-security-headers\.conf/g,
  // Whatever host name the owner filled in: the tests hold the configuration, not the example.
  certificate: /\/etc\/letsencrypt\/live\/[^/\s]+\/fullchain\.pem/,
  key: /\/etc\/letsencrypt\/live\/[^/\s]+\/privkey\.pem/,
};

/** Apache modules the .htaccess uses, as a shared host has them. */
const APACHE_MODULE_NAMES = [
  'mpm_event',
  'authz_core',
  'authz_host',
  'dir',
  'mime',
  'headers',
  'rewrite',
  'filter',
  'deflate',
  'brotli',
  'env',
  'setenvif',
  'ssl',
  'socache_shmcb',
  'http2',
];

export interface RunningServer {
  name: 'nginx' | 'apache' | 'apache-vhost' | 'workerd';
  /** Where the site is: `https://127.0.0.1:<port>/` (workerd: `http://…`, a CDN does TLS itself). */
  url: string;
  /** The plain-HTTP side, which redirects to HTTPS (nginx, Apache). */
  httpUrl?: string;
  stop(): Promise<void>;
}

/** Names what to install when a server binary, module or wrangler is missing. */
export function checkServerBinaries(): void {
  const servers = [
    systemTool('nginx'),
    systemTool('libnginx-mod-http-brotli-static'),
    systemTool('libnginx-mod-http-brotli-filter'),
    systemTool('apache2'),
  ];
  const missing = missingTools({ env: process.env, exists: existsSync }, servers);
  if (missing.length > 0) {
    throw new Error(
      `The deploy tests need Debian's web servers; missing: ${missing.map((tool) => tool.find).join(', ')}.\n` +
        `Install them with: ${installCommand(missing, false)}`,
    );
  }
  if (!existsSync(WRANGLER_BINARY)) {
    throw new Error(`The deploy tests need ${WRANGLER_BINARY}: run \`npm ci\`.`);
  }
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('No port')),
      );
    });
  });
}

/** The process and every process below it, from /proc (sshd and pure-ftpd start one per session). */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // The parent's id is the second field after the command name in parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

function listening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((answer) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });
}

/**
 * Starts a server in the foreground and returns once it listens on `host`:`port`. When it
 * exits first, or does not listen within five seconds, it is killed and the error carries what it
 * printed.
 */
export async function startListening(
  name: string,
  binary: string,
  args: readonly string[],
  port: number,
  host = '127.0.0.1',
): Promise<ChildProcess> {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) break;
    // oxlint-disable-next-line no-await-in-loop -- polling, one probe at a time
    if (await listening(port, host)) return child;
    // oxlint-disable-next-line no-await-in-loop -- polling, one probe at a time
    await new Promise((done) => setTimeout(done, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not start on ${host}:${port}:\n${output}`);
}

/** Kills a server and every process below it (its sessions), and waits until it has exited. */
export async function killTree(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  for (const pid of processTree(child.pid).toReversed()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  await exited;
}

/** Run as root (CI containers), the servers drop to `nobody`, as they would on a real host. */
const unprivileged = (): { uid: number; gid: number } | undefined =>
  process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;

async function chownTree(path: string, owner: { uid: number; gid: number }): Promise<void> {
  await chown(path, owner.uid, owner.gid);
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  await Promise.all(
    entries.map((entry) => chown(join(entry.parentPath, entry.name), owner.uid, owner.gid)),
  );
}

/** A folder for one server's own files, writable by the user it runs as. */
export async function makeWorkDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
  const owner = unprivileged();
  if (owner) await chown(dir, owner.uid, owner.gid);
  return dir;
}

/**
 * A copy of the build folder to serve, with the hidden files a careless upload might carry
 * (`.git/config`, `.env`), so that the tests can check they are never served.
 */
export async function copySite(distDir: string, into: string): Promise<string> {
  const site = join(into, 'site');
  await cp(distDir, site, { recursive: true });
  await mkdir(join(site, '.git'));
  await writeFile(join(site, '.git/config'), '[core]\n\tsecret = git-config-must-not-leak\n');
  await writeFile(join(site, '.env'), 'SECRET=env-must-not-leak\n');
  const owner = unprivileged();
  if (owner) await chownTree(site, owner);
  return site;
}

function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(text)) throw new Error(`hosting/nginx/site.conf has no ${what} placeholder.`);
  pattern.lastIndex = 0;
  return text.replace(pattern, replacement);
}

export interface TestCertificate {
  certificate: string;
  key: string;
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made with openssl in `dir`, valid for two
 * days: what a host gets from Let's Encrypt, for the loopback address. The tests trust it.
 */
export async function makeTestCertificate(dir: string): Promise<TestCertificate> {
  const certificate = join(dir, 'test-cert.pem');
  const key = join(dir, 'test-key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'pipe' },
  );
  // The servers run as `nobody` when the tests run as root, and must read their key.
  const owner = unprivileged();
  if (owner) await Promise.all([certificate, key].map((file) => chown(file, owner.uid, owner.gid)));
  return { certificate, key };
}

interface Ports {
  http: number;
  https: number;
}

/** hosting/nginx/site.conf with the test's ports, root, certificate and snippet path in place. */
export async function nginxSiteConfig(
  ports: Ports,
  root: string,
  headersSnippet: string,
  tls: TestCertificate,
): Promise<string> {
  let site = await readFile(join(HOSTING, 'nginx/site.conf'), 'utf8');
  const { listen, listenTls, certificate, key, headers } = NGINX_PLACEHOLDERS;
  site = replaceOnce(site, listen, `$1listen 127.0.0.1:${ports.http};`, 'listen');
  site = replaceOnce(site, listenTls, `$1listen 127.0.0.1:${ports.https} ssl http2;`, 'listen 443');
  site = replaceOnce(site, NGINX_PLACEHOLDERS.root, `$1root ${root};`, 'root');
  site = replaceOnce(site, certificate, tls.certificate, 'ssl_certificate');
  site = replaceOnce(site, key, tls.key, 'ssl_certificate_key');
  return replaceOnce(site, headers, headersSnippet, 'security-headers include');
}

export interface StartOptions {
  /** The folder to serve (a copy of `dist/`). */
  root: string;
  /** nginx worker processes; the tests need one, the benchmark uses one per core. */
  workers?: number | 'auto';
  /** Log every request (off for the benchmark). */
  accessLog?: boolean;
  /** The certificate for HTTPS; one is made when none is given. */
  tls?: TestCertificate;
  /**
   * nginx's `tcp_nopush`: off, as hosting/nginx/main-context.conf tells a host to set it (Debian's
   * nginx.conf has it on); the load benchmark can compare both.
   */
  tcpNopush?: boolean;
}

/** The descriptors a process started from here may have at most (`ulimit -Hn`). */
function hardFileLimit(): number {
  const text = execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  return text === 'unlimited' ? Number.POSITIVE_INFINITY : Number(text);
}

/**
 * hosting/nginx/main-context.conf as shipped, except that its descriptor limit is lowered to what
 * this machine allows a process (a container's hard limit can be below it; nginx, not run as root
 * here, could not raise it and would log an alert per worker).
 */
export async function nginxMainContext(): Promise<string> {
  const text = await readFile(join(HOSTING, 'nginx/main-context.conf'), 'utf8');
  const pattern = /^worker_rlimit_nofile (\d+);$/m;
  const shipped = Number(pattern.exec(text)?.[1]);
  if (!shipped) throw new Error('hosting/nginx/main-context.conf sets no worker_rlimit_nofile.');
  const limit = hardFileLimit();
  return shipped <= limit ? text : text.replace(pattern, `worker_rlimit_nofile ${limit};`);
}

/** Debian's nginx, with the brotli modules, serving `root` through hosting/nginx/site.conf. */
export async function startNginx(options: StartOptions): Promise<RunningServer> {
  const { root, workers = 1, accessLog = true, tcpNopush = false } = options;
  const work = await makeWorkDir('deploy-nginx');
  const ports = { http: await freePort(), https: await freePort() };
  const tls = options.tls ?? (await makeTestCertificate(work));
  // A copy in the server's own folder: run as `nobody`, nginx may not read a checkout under a
  // private folder (mktemp's are mode 700).
  const headersSnippet = join(work, 'security-headers.conf');
  await writeFile(headersSnippet, await readFile(join(HOSTING, 'nginx/security-headers.conf')));
  await writeFile(join(work, 'site.conf'), await nginxSiteConfig(ports, root, headersSnippet, tls));
  await writeFile(join(work, 'main-context.conf'), await nginxMainContext());
  await writeFile(
    join(work, 'nginx.conf'),
    `# The main configuration a Debian host has in /etc/nginx/nginx.conf, cut down to what the site needs.
daemon off;
worker_processes ${workers};
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
# On Debian these two come from /etc/nginx/modules-enabled/ (the libnginx-mod-http-brotli-* packages).
load_module ${systemTool('libnginx-mod-http-brotli-filter').find};
load_module ${systemTool('libnginx-mod-http-brotli-static').find};
# In place of Debian's events block, as hosting/nginx/main-context.conf says.
include ${work}/main-context.conf;
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush ${tcpNopush ? 'on' : 'off'};
  ${accessLog ? `access_log ${work}/access.log;` : 'access_log off;'}
  client_body_temp_path ${work}/client_body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  include ${work}/site.conf;
}
`,
  );
  const child = spawnServer(
    NGINX_BINARY,
    ['-p', `${work}/`, '-c', join(work, 'nginx.conf'), '-e', join(work, 'error.log')],
    work,
  );
  return waitUntilServing('nginx', child, ports, work, join(work, 'error.log'));
}

/**
 * Debian's Apache 2.4 serving `root` with `AllowOverride All`, so that `root/.htaccess` applies, as
 * a shared host runs it: plain HTTP on one port and HTTPS (the host's certificate, here the test's)
 * on another. With `virtualHost`, Apache runs hosting/apache/site.conf instead, as an owner with
 * access to the server would.
 */
export async function startApache(
  options: StartOptions & { virtualHost?: boolean },
): Promise<RunningServer> {
  const { root, accessLog = true } = options;
  const work = await makeWorkDir('deploy-apache');
  const ports = { http: await freePort(), https: await freePort() };
  const tls = options.tls ?? (await makeTestCertificate(work));
  const config = join(work, 'httpd.conf');
  const site = options.virtualHost
    ? await apacheVirtualHost(ports, root, tls)
    : `# The host's own HTTPS, as a shared host sets it up for the customer's domain.
Listen 127.0.0.1:${ports.http}
Listen 127.0.0.1:${ports.https}
DocumentRoot "${root}"
<Directory "${root}">
    Options Indexes FollowSymLinks
    AllowOverride All
    Require all granted
</Directory>
<VirtualHost 127.0.0.1:${ports.https}>
    SSLEngine on
    SSLCertificateFile "${tls.certificate}"
    SSLCertificateKeyFile "${tls.key}"
</VirtualHost>`;
  await writeFile(
    config,
    `# A shared host's Apache, cut down: the modules the .htaccess uses, Debian's MIME settings.
ServerRoot "${work}"
ServerName 127.0.0.1
PidFile "${work}/apache.pid"
DefaultRuntimeDir "${work}"
Mutex file:${work} default
ErrorLog "${work}/error.log"
LogLevel warn
${APACHE_MODULE_NAMES.map((name) => `LoadModule ${name}_module ${APACHE_MODULES}/mod_${name}.so`).join('\n')}
${accessLog ? `CustomLog "${work}/access.log" "%h %r %>s %b"` : ''}
SSLSessionCache "shmcb:${work}/ssl_scache(512000)"

# As in Debian's apache2.conf and mods-available/mime.conf.
TypesConfig /etc/mime.types
AddType application/x-gzip .gz .tgz
AddLanguage br .br
<FilesMatch "^\\.ht">
    Require all denied
</FilesMatch>
<Directory />
    Options FollowSymLinks
    AllowOverride None
    Require all denied
</Directory>

${site}
`,
  );
  const child = spawnServer(APACHE_BINARY, ['-f', config, '-DFOREGROUND'], work);
  const name = options.virtualHost ? 'apache-vhost' : 'apache';
  return waitUntilServing(name, child, ports, work, join(work, 'error.log'));
}

/**
 * Cloudflare Pages, as `wrangler pages dev` emulates it with the open-source workerd runtime: the
 * folder's files, its `_headers` and `404.html`, served offline on loopback. Runs as the current
 * user (it is a developer's tool, not a host's daemon) with its state in a folder of its own.
 */
export async function startWorkerd(options: Pick<StartOptions, 'root'>): Promise<RunningServer> {
  const work = await mkdtemp(join(tmpdir(), 'deploy-workerd-'));
  const port = await freePort();
  const child = spawnServer(
    WRANGLER_BINARY,
    [
      'pages',
      'dev',
      options.root,
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--compatibility-date',
      WORKERD_COMPATIBILITY_DATE,
      '--show-interactive-dev-session=false',
      '--log-level',
      'warn',
    ],
    work,
    {
      // Offline: no request for the `request.cf` sample data, no usage statistics, no banner
      // (which asks the npm registry for a newer wrangler).
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_HIDE_BANNER: 'true',
      WRANGLER_LOG_PATH: join(work, 'logs'),
      XDG_CONFIG_HOME: work,
    },
    false,
  );
  // Up to 1,200 probes (two minutes and more): wrangler took longer than 300 to start while
  // `npm test`'s browsers kept both cores busy; a server that fails exits, and that ends the wait.
  return waitUntilServing('workerd', child, port, work, join(work, 'logs'), 1200);
}

/** hosting/apache/site.conf with the test's ports, root and certificate in place. */
export async function apacheVirtualHost(
  ports: Ports,
  root: string,
  tls: TestCertificate,
): Promise<string> {
  let site = await readFile(join(HOSTING, 'apache/site.conf'), 'utf8');
  const replace = (pattern: RegExp, replacement: string, what: string) => {
    if (!pattern.test(site))
      throw new Error(`hosting/apache/site.conf has no ${what} placeholder.`);
    site = site.replace(pattern, replacement);
  };
  replace(/^Listen 80$/m, `Listen 127.0.0.1:${ports.http}`, 'Listen 80');
  replace(/^Listen 443$/m, `Listen 127.0.0.1:${ports.https}`, 'Listen 443');
  replace(/<VirtualHost \*:80>/, `<VirtualHost 127.0.0.1:${ports.http}>`, 'VirtualHost *:80');
  replace(/<VirtualHost \*:443>/, `<VirtualHost 127.0.0.1:${ports.https}>`, 'VirtualHost *:443');
  replace(/\/var\/www\/muster-it/g, root, 'root');
  replace(/\/etc\/letsencrypt\/live\/[^/\s]+\/fullchain\.pem/, tls.certificate, 'cert');
  replace(/\/etc\/letsencrypt\/live\/[^/\s]+\/privkey\.pem/, tls.key, 'key');
  return site;
}

function spawnServer(
  binary: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
  dropPrivileges = true,
): ChildProcess {
  const child = spawn(binary, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
    ...(dropPrivileges ? unprivileged() : {}),
  });
  // A test run that dies must not leave a server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  return child;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function probe(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const req = request({ host: '127.0.0.1', port, path: '/', method: 'HEAD' }, (res) => {
      res.resume();
      answer(true);
    });
    req.on('error', () => answer(false));
    req.setTimeout(1000, () => req.destroy());
    req.end();
  });
}

async function waitUntilServing(
  name: RunningServer['name'],
  child: ChildProcess,
  ports: Ports | number,
  work: string,
  errorLog: string,
  attempts = 100,
): Promise<RunningServer> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited: number | null | undefined;
  const exitedPromise = new Promise<void>((done) =>
    child.once('exit', (code) => {
      exited = code;
      done();
    }),
  );

  const stop = async () => {
    if (exited === undefined) {
      // nginx: SIGQUIT is a graceful stop; Apache: SIGWINCH. Both take SIGTERM as a quick one.
      child.kill('SIGTERM');
      await Promise.race([exitedPromise, sleep(5000)]);
      if (exited === undefined) {
        child.kill('SIGKILL');
        await exitedPromise;
      }
    }
    await rm(work, { recursive: true, force: true });
  };

  // Both servers open all their ports at once; the plain one answers the probe.
  const port = typeof ports === 'number' ? ports : ports.http;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (exited !== undefined) break;
    // oxlint-disable-next-line no-await-in-loop -- polling, one probe at a time
    if (await probe(port)) {
      return typeof ports === 'number'
        ? { name, url: `http://127.0.0.1:${port}/`, stop }
        : {
            name,
            url: `https://127.0.0.1:${ports.https}/`,
            httpUrl: `http://127.0.0.1:${ports.http}/`,
            stop,
          };
    }
    // oxlint-disable-next-line no-await-in-loop -- polling, one probe at a time
    await sleep(100);
  }
  const log = await readFile(errorLog, 'utf8').catch(() => '');
  await stop();
  throw new Error(
    `${name} did not start on 127.0.0.1:${port}` +
      (exited !== undefined ? ` (exit code ${exited})` : '') +
      `:\n${output}${log}`,
  );
}
