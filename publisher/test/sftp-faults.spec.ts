import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { LOCK_NAME, MANIFEST_NAME } from '../plan.ts';
import { deploy, type DeployOptions } from '../deploy.ts';
import { makeWorkDir } from '../../testing/servers.ts';
import { DIST } from '../../hosting/test/site.ts';
import { oneLine, runDeploy } from './deploy-cli.ts';
import { startSshd, type RunningSshd } from './sshd.ts';
import { buildVariant, missingReferences } from './variant-build.ts';
import { CONTENT_HASH } from '../../hosting/header-policy.ts';

/**
 * `npm run deploy` against Debian's OpenSSH server on loopback, under what an owner's world does
 * to it: two deploys at once, a file deleted on the server by hand, a manifest that names paths
 * outside the target, a folder replaced by a link, a line that goes quiet, a full disk, Ctrl-C.
 */

let sshd: RunningSshd;
let work: string;
let buildB: string;
let buildC: string;

/** The folder on the server a test publishes to. */
const folder = (name: string) => join(work, name);
const address = (path: string) => `sftp://${sshd.username}@127.0.0.1:${sshd.port}${path}`;

const inProcess = (source: string, path: string, extra: Partial<DeployOptions> = {}) =>
  deploy({
    source,
    target: { protocol: 'sftp', username: sshd.username, host: '127.0.0.1', port: sshd.port, path },
    credentials: { keyFile: sshd.userKey, knownHosts: sshd.knownHosts },
    ...extra,
  });

/** `npm run deploy` against the test's server, as the owner has it set up. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  runDeploy(args, {
    SSH_AUTH_SOCK: '',
    HOME: work,
    DEPLOY_SSH_KEY: sshd.userKey,
    DEPLOY_KNOWN_HOSTS: sshd.knownHosts,
    ...env,
  });

/** Every file below `root` with the hash of its content. */
function contentOf(root: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(root)) return files;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(root, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return files;
}

function expectPublished(site: string, build: string) {
  const remote = contentOf(site);
  for (const [path, hash] of contentOf(build)) expect(remote.get(path), path).toBe(hash);
}

const runCommand = (command: string[]) =>
  execFileSync(command[0]!, command.slice(1), { stdio: 'pipe' });

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

// Several deploys a test, each a Node process of its own beside npm test's other suites.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  // Two whole builds, beside the other test suites of `npm test` on the same cores.
  test.setTimeout(240_000);
  buildB = buildVariant('B');
  buildC = buildVariant('C');
  sshd = await startSshd();
  work = await makeWorkDir('deploy-sftp-faults');
});

test.afterAll(async () => {
  await sshd?.stop();
  for (const path of [work, buildB && join(buildB, '..'), buildC && join(buildC, '..')]) {
    if (path) rmSync(path, { recursive: true, force: true });
  }
});

test('two deploys started 0–2 s apart never leave a page naming a missing file', async () => {
  test.setTimeout(300_000);
  const site = folder('overlap');
  for (const delay of [0, 300, 1000, 2000]) {
    // Live: B; the release before it: C. Then A and C go up at once, as two terminals would.
    await inProcess(buildC, site);
    await inProcess(buildB, site);
    const first = cli([`--dir=${DIST}`, address(site)]).done;
    await sleep(delay);
    const second = cli([`--dir=${buildC}`, address(site)]).done;
    const runs = await Promise.all([first, second]);
    for (const run of runs) {
      expect(run.stderr, `delay ${delay} ms`).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/Published to|Nothing to upload/);
    }
    expect(missingReferences(site), `delay ${delay} ms`).toEqual([]);
    expect(existsSync(join(site, LOCK_NAME)), 'the lock is given back').toBe(false);
  }
  // Whichever went last, a rerun of C leaves C whole.
  await inProcess(buildC, site);
  expectPublished(site, buildC);
  expect(missingReferences(site)).toEqual([]);
});

test('a file deleted on the server comes back with the next deploy; --verify finds one changed', async () => {
  const site = folder('hand-deleted');
  await inProcess(DIST, site);
  const script = readdirSync(join(DIST, 'assets')).find((name) =>
    new RegExp(`^en-${CONTENT_HASH}\\.js$`).test(name),
  )!;
  rmSync(join(site, 'assets', script));
  writeFileSync(join(site, 'robots.txt'), 'cut sh');
  const again = await cli([`--dir=${DIST}`, address(site)]).done;
  expect(again.stderr).toBe('');
  expect(again.stdout).toContain('Published to');
  expect(again.stdout).toMatch(/: 2 files uploaded/);
  expectPublished(site, DIST);

  // Same size, other content: only reading it back tells.
  const robots = readFileSync(join(site, 'robots.txt'), 'utf8');
  writeFileSync(join(site, 'robots.txt'), robots.toUpperCase());
  const plain = await cli([`--dir=${DIST}`, address(site)]).done;
  expect(plain.stdout).toContain('Nothing to upload');
  const verified = await cli(['--verify', `--dir=${DIST}`, address(site)]).done;
  expect(verified.stderr).toBe('');
  expect(verified.stdout).toContain('differs on the server: robots.txt (uploaded again)');
  expectPublished(site, DIST);
});

test('a manifest naming paths outside the target is refused whole; nothing is deleted', async () => {
  const site = folder('tampered');
  const outside = folder('outside');
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'victim.txt'), 'the owner’s file');
  await inProcess(DIST, site);
  const manifest = JSON.parse(readFileSync(join(site, MANIFEST_NAME), 'utf8'));
  manifest.files['../outside/victim.txt'] = 'a'.repeat(64);
  manifest.files[`..${'/..'.repeat(8)}${join(outside, 'victim.txt')}`] = 'b'.repeat(64);
  writeFileSync(join(site, MANIFEST_NAME), JSON.stringify(manifest));
  const before = contentOf(site);
  const refused = await cli([`--dir=${buildB}`, address(site)]).done;
  expect(oneLine(refused)).toContain(
    'names "../outside/victim.txt", which is not a path inside the target',
  );
  expect(refused.stderr).toContain('Nothing was changed.');
  expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe('the owner’s file');
  expect(contentOf(site)).toEqual(before);

  // A manifest that would have the deploy delete far more files than a build holds.
  manifest.files = Object.fromEntries(
    Array.from({ length: 200_000 }, (_, index) => [`old/file-${index}.js`, 'c'.repeat(64)]),
  );
  writeFileSync(join(site, MANIFEST_NAME), JSON.stringify(manifest));
  const beforeMany = contentOf(site);
  const many = await cli([`--dir=${buildB}`, address(site)]).done;
  expect(oneLine(many)).toMatch(/would delete 200000 files .* run again with --force/);
  expect(contentOf(site)).toEqual(beforeMany);
});

test('a folder of the target replaced by a link: nothing written through it', async () => {
  const site = folder('linked');
  const elsewhere = folder('elsewhere');
  await inProcess(DIST, site);
  renameSync(join(site, 'de'), elsewhere);
  symlinkSync(elsewhere, join(site, 'de'));
  // A link planted at the name the tool once wrote under: it is never used now.
  writeFileSync(join(work, 'planted.txt'), 'planted');
  symlinkSync(join(work, 'planted.txt'), join(site, '.index.html.deploying'));
  const before = contentOf(elsewhere);
  const refused = await cli([`--dir=${buildB}`, address(site)]).done;
  expect(oneLine(refused)).toContain(
    `${site}/de is a symbolic link; the deploy never writes through one`,
  );
  expect(contentOf(elsewhere)).toEqual(before);
  expect(statSync(join(site, 'index.html')).isFile()).toBe(true);
  expect(readFileSync(join(site, 'index.html'))).toEqual(readFileSync(join(DIST, 'index.html')));

  // The owner puts the folder back: the deploy goes through and leaves the planted link alone.
  rmSync(join(site, 'de'));
  renameSync(elsewhere, join(site, 'de'));
  const rerun = await cli([`--dir=${buildB}`, address(site)]).done;
  expect(rerun.stderr).toBe('');
  expectPublished(site, buildB);
  expect(readFileSync(join(work, 'planted.txt'), 'utf8')).toBe('planted');
});

test('a dry run to a missing folder creates nothing and says what it would create', async () => {
  const site = folder('not-yet/www');
  mkdirSync(folder('not-yet'));
  const dry = await cli(['--dry-run', `--dir=${DIST}`, address(site)]).done;
  expect(dry.stderr).toBe('');
  expect(dry.stdout).toContain(`create folder ${address(site)}\n`);
  expect(dry.stdout).toContain('create folder assets/i18n');
  expect(dry.stdout).toMatch(/Dry run: would upload \d+ files, delete 0 and create \d+ folders/);
  expect(existsSync(site)).toBe(false);
});

test('a line that goes quiet ends the deploy with one message; the site stays whole', async () => {
  test.setTimeout(150_000);
  const site = folder('frozen');
  await inProcess(DIST, site);
  const live = contentOf(site);
  let thaw: (() => void) | undefined;
  const attempt = inProcess(buildB, site, {
    parallel: 1,
    // The one setting every limit derives from, shortened: silence ends the deploy sooner.
    idleLimit: 3_000,
    onProgress: ({ files }) => {
      if (files === 2 && !thaw) thaw = sshd.freezeSessions();
    },
  });
  try {
    await expect(attempt).rejects.toThrow(
      /stopped after \d+ uploaded files \(connection lost: (Keepalive timeout|the server did not answer for \d+ s)\)\. The live pages are still the previous ones/,
    );
  } finally {
    thaw?.();
  }
  for (const document of ['index.html', 'de/index.html', 'en/index.html', '404.html']) {
    expect(contentOf(site).get(document), document).toBe(live.get(document));
  }
  await inProcess(buildB, site);
  expectPublished(site, buildB);
});

test('a full disk says so, names the space needed, and leaves no temporaries', async () => {
  const site = folder('small-disk');
  mkdirSync(site);
  // A file system smaller than the build; mounting needs root (npm test's system tools do too).
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  runCommand([
    ...sudo,
    'mount',
    '-t',
    'tmpfs',
    '-o',
    `size=256k,uid=${process.getuid?.()}`,
    'tmpfs',
    site,
  ]);
  try {
    const full = await cli([`--dir=${DIST}`, address(site)]).done;
    expect(oneLine(full)).toMatch(
      /The server's disk is full: .* could not be written after \d+ uploaded files\. The live pages are still the previous ones\. The rest of this upload needs [\d.]+ kB, [\d.]+ kB are free/,
    );
    const left = readdirSync(site, { recursive: true }).filter((name) =>
      /deploying/.test(String(name)),
    );
    expect(left).toEqual([]);
    expect(existsSync(join(site, LOCK_NAME))).toBe(false);
  } finally {
    runCommand([...sudo, 'umount', site]);
  }
});

test('Ctrl-C while waiting for another deploy: one line, nothing changed, the lock left to its holder', async () => {
  const site = folder('interrupted');
  await inProcess(DIST, site);
  const holder = JSON.stringify({
    host: 'another-machine',
    pid: 1,
    user: 'colleague',
    started: new Date().toISOString(),
    token: 'feedface',
  });
  mkdirSync(join(site, LOCK_NAME));
  writeFileSync(join(site, LOCK_NAME, 'holder.json'), holder);
  const before = contentOf(site);
  const { done, child } = cli([`--dir=${buildB}`, address(site)]);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('Waiting for')) child.kill('SIGINT');
  });
  const run = await done;
  expect(run.stdout).toContain(
    'Waiting for the deploy of colleague@another-machine (process 1, started',
  );
  expect(oneLine(run)).toMatch(
    /^Stopped by Ctrl-C after 0 uploaded files\. The live pages are still the previous ones/,
  );
  expect(contentOf(site)).toEqual(before);
});

test('a missing DEPLOY_KNOWN_HOSTS and a password in a malformed address: one true line', async () => {
  const missing = await cli([address(folder('any'))], { DEPLOY_KNOWN_HOSTS: join(work, 'nope') })
    .done;
  expect(oneLine(missing)).toContain(
    `DEPLOY_KNOWN_HOSTS names ${join(work, 'nope')}, which does not exist`,
  );
  const malformed = await cli(['sftp://me:hunter2@127.0.0.1:99999/www']).done;
  expect(oneLine(malformed)).toContain('port 99999 is not a port');
  expect(malformed.stderr + malformed.stdout).not.toContain('hunter2');
});
