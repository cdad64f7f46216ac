import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { deploy, type DeployOptions } from '../deploy.ts';
import { oneLine, runDeploy } from './deploy-cli.ts';
import { startFtpd, type RunningFtpd } from './ftpd.ts';
import { contentOf, loadWhole, PAGES, publishUnderLoad } from './publish-under-load.ts';
import { makeWorkDir, startNginx, type RunningServer } from '../../testing/servers.ts';
import { DIST } from '../../hosting/test/site.ts';
import { buildVariant, missingReferences, variantTexts } from './variant-build.ts';
import { CONTENT_HASH } from '../../hosting/header-policy.ts';

/**
 * `npm run deploy -- ftps://…` against Debian's pure-ftpd on loopback with TLS required on every
 * connection and a certificate of its own, whose folder nginx serves: the same guarantees as over
 * SFTP (pages last, renamed into place, the manifest, the lock, a stopped run that leaves the site
 * whole), and the refusals an FTP host calls for (plain ftp://, a wrong password, an untrusted
 * certificate).
 */

const BUILD_B_TEXTS = variantTexts('B');

let ftpd: RunningFtpd;
let nginx: RunningServer;
let work: string;
let site: string;
let buildB: string;

/** The user is locked into the site's folder, its login folder: `/~/` on the server. */
const address = () => `ftps://${ftpd.username}@127.0.0.1:${ftpd.port}/~/`;

const inProcess = (source: string, extra: Partial<DeployOptions> = {}) =>
  deploy({
    source,
    target: {
      protocol: 'ftps',
      username: ftpd.username,
      host: '127.0.0.1',
      port: ftpd.port,
      path: '',
    },
    // In process, the certificate is trusted as NODE_EXTRA_CA_CERTS has the command trust it.
    credentials: {
      password: ftpd.password,
      trustedCertificate: readFileSync(ftpd.certificate, 'utf8'),
    },
    ...extra,
  });

/** `npm run deploy` against the test's server, trusting its certificate as the owner would. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  runDeploy(args, {
    HOME: work,
    DEPLOY_PASSWORD: ftpd.password,
    NODE_EXTRA_CA_CERTS: ftpd.certificate,
    ...env,
  }).done;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  buildB = buildVariant('B');
  work = await makeWorkDir('deploy-ftps-site');
  site = join(work, 'www');
  mkdirSync(site);
  ftpd = await startFtpd(site);
  nginx = await startNginx({ root: site });
});

test.afterAll(async () => {
  await Promise.all([ftpd?.stop(), nginx?.stop()]);
  for (const folder of [work, buildB && join(buildB, '..')]) {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
});

test('two builds published in turn over FTPS while pages load: every load whole', async ({
  page,
  browser,
}) => {
  // Ten deploys, each a TLS handshake per file, while two browsers load pages; at the start of
  // npm test's last stage four other suites take the same cores.
  test.setTimeout(600_000);
  await publishUnderLoad({
    page,
    browser,
    baseUrl: nginx.url,
    site,
    builds: [DIST, buildB],
    changedTexts: BUILD_B_TEXTS,
    publish: (source) => inProcess(source),
  });
  expect(readdirSync(site).filter((name) => /deploying/.test(name))).toEqual([]);
});

test('the same build again uploads nothing; a dry run changes nothing; a file deleted by hand comes back', async () => {
  await inProcess(DIST);
  const before = contentOf(site);
  const again = await cli([address()]);
  expect(again.stderr).toBe('');
  expect(again.stdout).toContain(`Nothing to upload: ${address()}.`);
  const dry = await cli(['--dry-run', `--dir=${buildB}`, address()]);
  expect(dry.stderr).toBe('');
  expect(dry.stdout).toMatch(/Dry run: would upload [1-9]\d* files/);
  expect(contentOf(site)).toEqual(before);

  const script = readdirSync(join(DIST, 'assets')).find((name) =>
    new RegExp(`^de-${CONTENT_HASH}\\.js$`).test(name),
  )!;
  rmSync(join(site, 'assets', script));
  const restored = await cli([address()]);
  expect(restored.stderr).toBe('');
  expect(restored.stdout).toMatch(/: 1 files uploaded/);
  expect(contentOf(site)).toEqual(before);
});

test('plain ftp://, a wrong password, an untrusted certificate: one line, nothing changed', async () => {
  const before = contentOf(site);
  const [plain, wrong, untrusted, noPassword] = await Promise.all([
    cli([`ftp://${ftpd.username}@127.0.0.1:${ftpd.port}/`]),
    cli([address()], { DEPLOY_PASSWORD: 'not-the-password' }),
    cli([address()], { NODE_EXTRA_CA_CERTS: '' }),
    cli([address()], { DEPLOY_PASSWORD: '' }),
  ]);
  expect(oneLine(plain)).toContain('password across the network unencrypted');
  expect(oneLine(wrong)).toContain(`refused the login as ${ftpd.username} with DEPLOY_PASSWORD`);
  expect(oneLine(untrusted)).toMatch(
    /The TLS certificate of 127\.0\.0\.1:\d+ is self-signed, and this machine does not trust it \(DEPTH_ZERO_SELF_SIGNED_CERT\)/,
  );
  expect(oneLine(noPassword)).toContain('set DEPLOY_PASSWORD');
  for (const run of [plain, wrong, untrusted, noPassword]) {
    expect(run.stderr).not.toContain(ftpd.password);
    expect(run.stderr).not.toContain('not-the-password');
  }
  expect(contentOf(site)).toEqual(before);
});

test('a server stopped in the middle of an upload leaves the site as it was; a rerun completes', async ({
  page,
}) => {
  await inProcess(DIST);
  const live = contentOf(site);
  let stopped = false;
  const attempt = inProcess(buildB, {
    onProgress: ({ files }) => {
      if (files === 3 && !stopped) {
        stopped = true;
        void ftpd.kill();
      }
    },
  });
  await expect(attempt).rejects.toThrow(
    /stopped after \d+ uploaded files .*The live pages are still the previous ones; run the deploy again/,
  );
  await ftpd.restart();
  for (const document of ['index.html', 'de/index.html', 'en/index.html', '404.html']) {
    expect(contentOf(site).get(document), document).toBe(live.get(document));
  }
  for (const path of PAGES) await loadWhole(page, nginx.url, path, 0, BUILD_B_TEXTS);
  // The stopped run could not give its lock back; the next run of this process takes it over.
  const notices: string[] = [];
  await inProcess(buildB, { onNotice: (line) => notices.push(line) });
  expect(notices.join('\n')).toMatch(/Took over the lock .*: its deploy has ended/);
  const remote = contentOf(site);
  for (const [path, hash] of contentOf(buildB)) expect(remote.get(path), path).toBe(hash);
  expect(missingReferences(site)).toEqual([]);
});

test('a folder replaced by a link is named, and nothing is written through it', async () => {
  await inProcess(DIST);
  const elsewhere = join(site, 'elsewhere');
  renameSync(join(site, 'en'), elsewhere);
  symlinkSync('elsewhere', join(site, 'en'));
  const before = contentOf(elsewhere);
  try {
    const refused = await cli([`--dir=${buildB}`, address()]);
    expect(oneLine(refused)).toContain(
      '/en is a symbolic link; the deploy never writes through one',
    );
    expect(contentOf(elsewhere)).toEqual(before);
  } finally {
    rmSync(join(site, 'en'));
    renameSync(elsewhere, join(site, 'en'));
  }
});
