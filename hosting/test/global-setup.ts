import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  checkServerBinaries,
  copySite,
  makeTestCertificate,
  makeWorkDir,
  REPO_ROOT,
  startApache,
  startNginx,
  startWorkerd,
  type RunningServer,
} from '../../testing/servers.ts';
import {
  CERTIFICATE_VARIABLE,
  DIST,
  HTTP_URL_VARIABLES,
  SERVER_URL_VARIABLES,
  SITE_ROOT_VARIABLE,
} from './site.ts';

/** Checks that dist/ is a complete, current build before the servers are pointed at it. */
async function checkBuild(): Promise<void> {
  const required = [
    'index.html',
    '404.html',
    '.htaccess',
    '_headers',
    '.well-known/security.txt',
    'index.html.br',
    'index.html.gz',
  ];
  const present = await Promise.all(
    required.map((file) =>
      readFile(join(DIST, file)).then(
        () => true,
        () => false,
      ),
    ),
  );
  const missing = required.filter((_, index) => !present[index]);
  if (missing.length > 0) {
    throw new Error(
      `dist/ lacks ${missing.join(', ')}: run \`npm run build\` first (it writes 404.html and ` +
        '.htaccess with writeDeployFiles() and the .br/.gz files with precompress()).',
    );
  }
  const [built, source] = await Promise.all([
    readFile(join(DIST, '.htaccess'), 'utf8'),
    readFile(join(REPO_ROOT, 'hosting/apache/.htaccess'), 'utf8'),
  ]);
  if (built !== source) {
    throw new Error('dist/.htaccess differs from hosting/apache/.htaccess: run `npm run build`.');
  }
}

/**
 * Starts nginx and Apache over a copy of dist/ (with a `.git/config` and `.env` added, which must
 * never be served), and workerd over dist/ itself, and returns the teardown that stops them. A server that fails to start stops
 * the one already running.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  checkServerBinaries();
  await checkBuild();
  const work = await makeWorkDir('deploy-site');
  const root = await copySite(DIST, work);
  const servers: RunningServer[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await rm(work, { recursive: true, force: true });
  };
  try {
    const tls = await makeTestCertificate(work);
    process.env[CERTIFICATE_VARIABLE] = tls.certificate;
    servers.push(await startNginx({ root, tls }));
    servers.push(await startApache({ root, tls }));
    servers.push(await startApache({ root, tls, virtualHost: true }));
    // A CDN serves exactly the uploaded folder, so workerd gets dist/ itself, with none of the
    // hidden files planted above for nginx and Apache to refuse.
    servers.push(await startWorkerd({ root: DIST }));
  } catch (error) {
    await stopAll();
    throw error;
  }
  for (const server of servers) {
    process.env[SERVER_URL_VARIABLES[server.name]] = server.url;
    if (server.httpUrl) process.env[HTTP_URL_VARIABLES[server.name]] = server.httpUrl;
  }
  process.env[SITE_ROOT_VARIABLE] = root;
  return stopAll;
}
