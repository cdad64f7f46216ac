import { spawn, type ChildProcess } from 'node:child_process';
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
  name: 'nginx' | 'apache' | 'workerd';
  /** `http://127.0.0.1:<port>/` */
  url: string;
  stop(): Promise<void>;
}

/** Names what to install when a server binary, module or wrangler is missing. */
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
}

/** Debian's nginx, with the brotli modules, serving `root` through deploy/nginx/site.conf. */
export async function startNginx(options: StartOptions): Promise<RunningServer> {
  const { root, workers = 1, accessLog = true } = options;
  const work = await makeWorkDir('deploy-nginx');
  const port = await freePort();
  // A copy in the server's own folder: run as `nobody`, nginx may not read a checkout under a
  // private folder (mktemp's are mode 700).
  const headersSnippet = join(work, 'security-headers.conf');
  await writeFile(headersSnippet, await readFile(join(DEPLOY, 'nginx/security-headers.conf')));
  await writeFile(join(work, 'site.conf'), await nginxSiteConfig(port, root, headersSnippet));
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
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
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
      // Offline: no request for the `request.cf` sample data, no usage statistics.
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_LOG_PATH: join(work, 'logs'),
      XDG_CONFIG_HOME: work,
    },
    false,
  );
  return waitUntilServing('workerd', child, port, work, join(work, 'logs'), 300);
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
  port: number,
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

  for (let attempt = 0; attempt < attempts; attempt++) {
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
