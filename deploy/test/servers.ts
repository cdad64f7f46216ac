import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Starts Debian's nginx and Apache on 127.0.0.1 with the configurations in `deploy/`, the way a
 * host would run them, but as an ordinary user with every file (pid, logs, temp) in a folder of its
 * own. Used by the deploy tests (global-setup.ts) and the load benchmark (scripts/bench-load.ts).
 */

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
const DEPLOY = join(REPO_ROOT, 'deploy');

export const NGINX_BINARY = '/usr/sbin/nginx';
export const NGINX_MODULES = '/usr/lib/nginx/modules';
export const APACHE_BINARY = '/usr/sbin/apache2';
export const APACHE_MODULES = '/usr/lib/apache2/modules';

/** The site configuration's placeholders, replaced by the test's own values. */
const NGINX_PLACEHOLDERS = {
  listen: /^(\s*)listen 80;$/m,
  root: /^(\s*)root \/var\/www\/muster-it;$/m,
  headers: /\/etc\/nginx\/snippets\/muster-it-security-headers\.conf/g,
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
];

export interface RunningServer {
  name: 'nginx' | 'apache';
  /** `http://127.0.0.1:<port>/` */
  url: string;
  stop(): Promise<void>;
}

/** Names what to install when a server binary or module is missing. */
export function checkServerBinaries(): void {
  const missing = [
    [NGINX_BINARY, 'nginx'],
    [join(NGINX_MODULES, 'ngx_http_brotli_static_module.so'), 'libnginx-mod-http-brotli-static'],
    [join(NGINX_MODULES, 'ngx_http_brotli_filter_module.so'), 'libnginx-mod-http-brotli-filter'],
    [APACHE_BINARY, 'apache2'],
  ].filter(([path]) => !existsSync(path!));
  if (missing.length > 0) {
    throw new Error(
      `The deploy tests need Debian's web servers; missing: ${missing.map(([path]) => path).join(', ')}.\n` +
        `Install them with: sudo apt-get install ${missing.map(([, pkg]) => pkg).join(' ')}`,
    );
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
  if (!pattern.test(text)) throw new Error(`deploy/nginx/site.conf has no ${what} placeholder.`);
  pattern.lastIndex = 0;
  return text.replace(pattern, replacement);
}

/** deploy/nginx/site.conf with the test's port, root and snippet path in place of the placeholders. */
export async function nginxSiteConfig(
  port: number,
  root: string,
  headersSnippet: string,
): Promise<string> {
  let site = await readFile(join(DEPLOY, 'nginx/site.conf'), 'utf8');
  site = replaceOnce(site, NGINX_PLACEHOLDERS.listen, `$1listen 127.0.0.1:${port};`, 'listen');
  site = replaceOnce(site, NGINX_PLACEHOLDERS.root, `$1root ${root};`, 'root');
  return replaceOnce(site, NGINX_PLACEHOLDERS.headers, headersSnippet, 'security-headers include');
}

export interface StartOptions {
  /** The folder to serve (a copy of `dist/`). */
  root: string;
  /** nginx worker processes; the tests need one, the benchmark uses one per core. */
  workers?: number | 'auto';
  /** Log every request (off for the benchmark). */
  accessLog?: boolean;
  /**
   * nginx's `tcp_nopush`: off, as deploy/nginx/main-context.conf tells a host to set it (Debian's
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
 * deploy/nginx/main-context.conf as shipped, except that its descriptor limit is lowered to what
 * this machine allows a process (a container's hard limit can be below it; nginx, not run as root
 * here, could not raise it and would log an alert per worker).
 */
export async function nginxMainContext(): Promise<string> {
  const text = await readFile(join(DEPLOY, 'nginx/main-context.conf'), 'utf8');
  const pattern = /^worker_rlimit_nofile (\d+);$/m;
  const shipped = Number(pattern.exec(text)?.[1]);
  if (!shipped) throw new Error('deploy/nginx/main-context.conf sets no worker_rlimit_nofile.');
  const limit = hardFileLimit();
  return shipped <= limit ? text : text.replace(pattern, `worker_rlimit_nofile ${limit};`);
}

/** Debian's nginx, with the brotli modules, serving `root` through deploy/nginx/site.conf. */
export async function startNginx(options: StartOptions): Promise<RunningServer> {
  const { root, workers = 1, accessLog = true, tcpNopush = false } = options;
  const work = await makeWorkDir('deploy-nginx');
  const port = await freePort();
  // A copy in the server's own folder: run as `nobody`, nginx may not read a checkout under a
  // private folder (mktemp's are mode 700).
  const headersSnippet = join(work, 'security-headers.conf');
  await writeFile(headersSnippet, await readFile(join(DEPLOY, 'nginx/security-headers.conf')));
  await writeFile(join(work, 'site.conf'), await nginxSiteConfig(port, root, headersSnippet));
  await writeFile(join(work, 'main-context.conf'), await nginxMainContext());
  await writeFile(
    join(work, 'nginx.conf'),
    `# The main configuration a Debian host has in /etc/nginx/nginx.conf, cut down to what the site needs.
daemon off;
worker_processes ${workers};
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
# On Debian these two come from /etc/nginx/modules-enabled/ (the libnginx-mod-http-brotli-* packages).
load_module ${NGINX_MODULES}/ngx_http_brotli_filter_module.so;
load_module ${NGINX_MODULES}/ngx_http_brotli_static_module.so;
# In place of Debian's events block, as deploy/nginx/main-context.conf says.
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
  return waitUntilServing('nginx', child, port, work, join(work, 'error.log'));
}

/** Debian's Apache 2.4 serving `root` with `AllowOverride All`, so that `root/.htaccess` applies. */
export async function startApache(options: StartOptions): Promise<RunningServer> {
  const { root, accessLog = true } = options;
  const work = await makeWorkDir('deploy-apache');
  const port = await freePort();
  const config = join(work, 'httpd.conf');
  await writeFile(
    config,
    `# A shared host's Apache, cut down: the modules the .htaccess uses, Debian's MIME settings.
ServerRoot "${work}"
ServerName 127.0.0.1
Listen 127.0.0.1:${port}
PidFile "${work}/apache.pid"
DefaultRuntimeDir "${work}"
Mutex file:${work} default
ErrorLog "${work}/error.log"
LogLevel warn
${APACHE_MODULE_NAMES.map((name) => `LoadModule ${name}_module ${APACHE_MODULES}/mod_${name}.so`).join('\n')}
${accessLog ? `CustomLog "${work}/access.log" "%h %r %>s %b"` : ''}

# As in Debian's apache2.conf and mods-available/mime.conf.
TypesConfig /etc/mime.types
AddType application/x-gzip .gz .tgz
AddLanguage br .br
<FilesMatch "^\\.ht">
    Require all denied
</FilesMatch>

DocumentRoot "${root}"
<Directory />
    Options FollowSymLinks
    AllowOverride None
    Require all denied
</Directory>
<Directory "${root}">
    Options Indexes FollowSymLinks
    AllowOverride All
    Require all granted
</Directory>
`,
  );
  const child = spawnServer(APACHE_BINARY, ['-f', config, '-DFOREGROUND'], work);
  return waitUntilServing('apache', child, port, work, join(work, 'error.log'));
}

function spawnServer(binary: string, args: string[], cwd: string): ChildProcess {
  const child = spawn(binary, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...unprivileged(),
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
  port: number,
  work: string,
  errorLog: string,
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

  for (let attempt = 0; attempt < 100; attempt++) {
    if (exited !== undefined) break;
    // oxlint-disable-next-line no-await-in-loop -- polling, one probe at a time
    if (await probe(port)) return { name, url: `http://127.0.0.1:${port}/`, stop };
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
