import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { watchConsoleErrors } from '../../e2e/support/page-watch.ts';
import { deploy, type DeployOptions } from '../deploy.ts';
import { fingerprint } from '../known-hosts.ts';
import { makeWorkDir, startNginx, type RunningServer } from '../../testing/servers.ts';
import { DIST } from '../../hosting/test/site.ts';
import { oneLine, runDeploy } from './deploy-cli.ts';
import { makeHome, startAgent, startSshd, type RunningSshd } from './sshd.ts';
import { contentOf, loadWhole, PAGES, publishUnderLoad } from './publish-under-load.ts';
import { buildVariant, variantTexts } from './variant-build.ts';

/**
 * `npm run deploy` against Debian's OpenSSH server on loopback, whose SFTP folder nginx serves
 * with hosting/nginx/site.conf: two builds published in turn while two browsers load the pages,
 * then the faults a deploy meets (a lost connection, a refused step, a wrong key, an unknown or
 * changed host key, an unreachable host).
 */

/** The second build's one difference: a heading on the home page, in both languages. */
const BUILD_B_TEXTS = variantTexts('B');

/** Every file below `root` with its content hash (mtime too, to see that nothing was written). */
function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const hash = createHash('sha256').update(readFileSync(path)).digest('hex');
    files.set(relative(root, path), `${hash} ${statSync(path).mtimeMs}`);
  }
  return files;
}
let sshd: RunningSshd;
let nginx: RunningServer;
let work: string;
let site: string;
let buildB: string;
let target: string;
let inProcess: (source: string, extra?: Partial<DeployOptions>) => ReturnType<typeof deploy>;

/** `npm run deploy` against the test's server, as the owner has it set up. */
const cli = (args: string[], env: Record<string, string> = {}, options = {}) =>
  runDeploy(
    [...args, target],
    {
      SSH_AUTH_SOCK: '',
      HOME: work,
      DEPLOY_SSH_KEY: sshd.userKey,
      DEPLOY_KNOWN_HOSTS: sshd.knownHosts,
      ...env,
    },
    options,
  ).done;

// Each test runs several deploys, each a Node process of its own beside npm test's other suites.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  // A whole build, beside the other test suites of `npm test` on the same cores.
  test.setTimeout(180_000);
  buildB = buildVariant('B');
  sshd = await startSshd();
  work = await makeWorkDir('deploy-sftp-site');
  site = join(work, 'www');
  nginx = await startNginx({ root: site });
  target = `sftp://${sshd.username}@127.0.0.1:${sshd.port}${site}`;
  inProcess = (source, extra = {}) =>
    deploy({
      source,
      target: {
        protocol: 'sftp',
        username: sshd.username,
        host: '127.0.0.1',
        port: sshd.port,
        path: site,
      },
      credentials: { keyFile: sshd.userKey, knownHosts: sshd.knownHosts },
      ...extra,
    });
});

test.afterAll(async () => {
  await Promise.all([sshd?.stop(), nginx?.stop()]);
  for (const folder of [work, buildB && join(buildB, '..')]) {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
});

test('two builds published in turn while pages load: every load whole, the old scripts kept', async ({
  page,
  browser,
}) => {
  // Ten deploys while two browsers load pages, on cores that npm test's other suites share.
  test.setTimeout(600_000);
  await publishUnderLoad({
    page,
    browser,
    baseUrl: nginx.url,
    site,
    builds: [DIST, buildB],
    changedTexts: BUILD_B_TEXTS,
    // One file at a time: the uploads last longer, so more loads fall in the middle of them.
    publish: (source) => inProcess(source, { parallel: 1 }),
  });
});

test('the same build again uploads nothing; a dry run changes nothing', async () => {
  await inProcess(DIST);
  const before = snapshot(site);
  // As the owner runs it: the default key and a hashed ~/.ssh/known_hosts, no DEPLOY_ variables.
  const [withKey, withoutKey] = await Promise.all([makeHome(sshd, sshd.userKey), makeHome(sshd)]);
  const agent = await startAgent(sshd.userKey);
  try {
    const owner = { DEPLOY_SSH_KEY: '', DEPLOY_KNOWN_HOSTS: '' };
    const again = await cli([], { ...owner, HOME: withKey }, { npm: true });
    expect(again.stderr).toBe('');
    expect(again.stdout).toContain('Nothing to upload');
    expect(again.code).toBe(0);
    // The key in the SSH agent alone.
    const dry = await cli(['--dry-run', '--dir', buildB], {
      ...owner,
      HOME: withoutKey,
      SSH_AUTH_SOCK: agent.socket,
    });
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/Dry run: would upload [1-9]\d* files/);
    // The other build's scripts are still there as the previous release: its pages differ.
    expect(dry.stdout).toContain('upload index.html (');
  } finally {
    await agent.stop();
    await Promise.all([withKey, withoutKey].map((home) => rm(home, { recursive: true })));
  }
  expect(snapshot(site)).toEqual(before);
});

test('a wrong key, an unknown or changed host key, an unreachable host: one line, nothing changed', async () => {
  const before = snapshot(site);
  const empty = join(work, 'empty_known_hosts');
  writeFileSync(empty, '');
  const other = join(work, 'other_known_hosts');
  const otherKey = readFileSync(`${sshd.strangerKey}.pub`, 'utf8').split(' ').slice(0, 2);
  writeFileSync(other, `[127.0.0.1]:${sshd.port} ${otherKey.join(' ')}\n`);
  const serverKey = Buffer.from(sshd.hostKey.split(' ')[1]!, 'base64');

  const [wrongKey, unknown, changedKey] = await Promise.all([
    cli([], { DEPLOY_SSH_KEY: sshd.strangerKey }),
    cli([], { DEPLOY_KNOWN_HOSTS: empty }),
    cli([], { DEPLOY_KNOWN_HOSTS: other }),
  ]);
  expect(oneLine(wrongKey)).toContain(
    `refused the login as ${sshd.username} with ${sshd.strangerKey}.`,
  );
  expect(oneLine(unknown)).toContain(`is unknown: ssh-ed25519 ${fingerprint(serverKey)}`);
  expect(oneLine(changedKey)).toContain(
    `has CHANGED: it showed ssh-ed25519 ${fingerprint(serverKey)}`,
  );

  await sshd.kill();
  try {
    expect(oneLine(await cli([]))).toContain(`Cannot reach 127.0.0.1:${sshd.port} (ECONNREFUSED)`);
  } finally {
    await sshd.restart();
  }
  expect(snapshot(site)).toEqual(before);
});

test('a server stopped in the middle of an upload leaves the site as it was; a rerun completes', async ({
  page,
}) => {
  await inProcess(DIST);
  const live = contentOf(site);
  let stopped = false;
  const attempt = inProcess(buildB, {
    parallel: 1,
    onProgress: ({ files }) => {
      if (files === 3 && !stopped) {
        stopped = true;
        void sshd.kill();
      }
    },
  });
  await expect(attempt).rejects.toThrow(
    /stopped after \d+ uploaded files .*The live pages are still the previous ones; run the deploy again/,
  );
  await sshd.restart();
  for (const document of ['index.html', 'de/index.html', 'en/index.html', '404.html']) {
    expect(contentOf(site).get(document), document).toBe(live.get(document));
  }
  const errors = watchConsoleErrors(page);
  for (const path of PAGES) await loadWhole(page, nginx.url, path, 0, BUILD_B_TEXTS);
  expect(errors).toEqual([]);

  // The stopped run could not give its lock back; the next run of this process takes it over.
  const notices: string[] = [];
  const rerun = await inProcess(buildB, { onNotice: (line) => notices.push(line) });
  expect(notices.join('\n')).toMatch(
    /Took over the lock of the deploy of .*: its deploy has ended/,
  );
  expect(rerun.plan.uploads.length).toBeGreaterThan(0);
  const remote = contentOf(site);
  for (const [path, hash] of contentOf(buildB)) expect(remote.get(path), path).toBe(hash);
});

test('a host that refuses a step (here: renaming) leaves the site as it was; a rerun completes', async () => {
  await inProcess(DIST);
  const live = contentOf(site);
  await sshd.kill();
  await sshd.restart(['rename', 'posix-rename']);
  try {
    const refused = await cli(['--dir', buildB]);
    // The message names the path and what to change there, not "run again".
    expect(oneLine(refused)).toMatch(
      new RegExp(
        `refused to rename ${site}/\\.deploy-manifest\\.json \\(permission denied\\) after 0 ` +
          'uploaded files\\. The live pages are still the previous ones\\. Give \\S+ write access',
      ),
    );
    expect(refused.stderr).not.toContain('again to complete');
    // The file written but never renamed is hidden; every live file is as it was.
    for (const [path, hash] of live) expect(contentOf(site).get(path), path).toBe(hash);

    // A server without OpenSSH's posix-rename: the old file moves aside for the new one.
    await sshd.kill();
    await sshd.restart(['posix-rename']);
    const rerun = await cli(['--dir', buildB]);
    expect(rerun.stderr).toBe('');
    expect(rerun.stdout).toContain('Published to');
    // Without a terminal, the progress comes as a line per stage; the last counts every file.
    expect(rerun.stdout).toMatch(/^documents: (\d+)\/\1 files, [\d.]+ kB of [\d.]+ kB$/m);
  } finally {
    await sshd.kill();
    await sshd.restart();
  }
  const remote = contentOf(site);
  for (const [path, hash] of contentOf(buildB)) expect(remote.get(path), path).toBe(hash);
  expect([...remote.keys()].filter((path) => /\.deploying/.test(path))).toEqual([]);
});
