import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  renameSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { deploy, type DeployOptions } from '../deploy.ts';
import { HOLDER_FILE, lockTimes } from '../lock.ts';
import { LOCK_NAME, MANIFEST_NAME } from '../plan.ts';
import { makeWorkDir } from '../../testing/servers.ts';
import { oneLine, runDeploy } from './deploy-cli.ts';
import { contentOf } from './publish-under-load.ts';
import { makeHome, startAgent } from './sshd.ts';
import { startSlowLine } from './throttle.ts';
import { SERVERS, SLOW_BYTES_PER_SECOND, type Server } from './test-servers.ts';

/**
 * The publisher's guarantees, shown by the same tests on every transport and test server on a
 * small site: a slow line, a line that goes quiet, a new folder, a lock judged without comparing
 * clocks, Ctrl-C, logins turned down, a manifest or a folder that is not what it seems, a full
 * disk. Every limit and wait comes from the one idle limit, shortened here.
 */

const IDLE = 3_000;
const TIMES = lockTimes(IDLE);
/** A file that needs longer than the lock's stale time over the slow line. */
const BIG_FILE_BYTES = Math.ceil((SLOW_BYTES_PER_SECOND * TIMES.stale * 1.5) / 1000);

/** A small site: two pages, a hashed script, and a file that is large for a slow line. */
function makeSite(parent: string, big = false): string {
  const site = mkdtempSync(join(parent, 'site-'));
  mkdirSync(join(site, 'assets'));
  mkdirSync(join(site, 'de'));
  writeFileSync(join(site, 'assets', 'app-A1b2C3d4.js'), `console.log(${Math.random()});\n`);
  writeFileSync(join(site, 'index.html'), '<script src="assets/app-A1b2C3d4.js"></script>\n');
  writeFileSync(join(site, 'de', 'index.html'), '<p>Hallo</p>\n');
  if (big) writeFileSync(join(site, 'big.bin'), randomBytes(BIG_FILE_BYTES));
  return site;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Every file below `root` with the hash of its content and its time: nothing written, or not. */
const snapshot = (root: string) => {
  const hashes = contentOf(root);
  return new Map(
    [...hashes].map(([path, hash]) => [path, `${hash} ${statSync(join(root, path)).mtimeMs}`]),
  );
};

const temporaries = (folder: string) =>
  readdirSync(folder, { recursive: true }).filter((name) => /deploying/.test(String(name)));

// Each transport's tests in order, on servers of their own; the transports side by side.
test.describe.configure({ mode: 'parallel' });

for (const { name, protocol, start } of SERVERS) {
  test.describe(name, () => {
    test.describe.configure({ mode: 'serial', timeout: 90_000 });

    let server: Server;
    let work: string;
    let small: string;
    let large: string;
    let folders = 0;
    /** A new folder below the server's root for each test. */
    const fresh = () => `t${++folders}`;

    const inProcess = (source: string, folder: string, extra: Partial<DeployOptions> = {}) =>
      deploy({
        source,
        target: server.target(folder),
        credentials: server.credentials,
        idleLimit: IDLE,
        ...extra,
      });

    const cli = (args: string[], slow = false, env: Record<string, string> = {}) =>
      runDeploy(args, {
        HOME: work,
        DEPLOY_IDLE_LIMIT_MS: String(IDLE),
        ...server.env(slow),
        ...env,
      });

    test.beforeAll(async () => {
      work = await makeWorkDir('deploy-publish');
      const root = join(work, 'www');
      mkdirSync(root);
      server = await start(root);
      small = makeSite(work);
      large = makeSite(work, true);
    });

    test.afterAll(async () => {
      await server?.stop();
      if (work) rmSync(work, { recursive: true, force: true });
    });

    test('a large file over a slow line publishes, the lock renewed throughout', async () => {
      const folder = fresh();
      await inProcess(small, folder);
      const notices: string[] = [];
      const slow = deploy({
        source: large,
        target: server.target(folder, true),
        credentials: server.credentials,
        idleLimit: IDLE,
      });
      // A second deploy meanwhile waits: it never sees the live lock unchanged long enough.
      await sleep(IDLE);
      const second = await inProcess(small, folder, {
        onNotice: (line) => notices.push(line),
      }).then(
        () => 'published',
        (error: Error) => error.message,
      );
      await slow;
      // Over FTP the holder's file is rewritten in place, so a waiter may read it between two writes.
      expect(notices.join('\n')).toMatch(/Waiting for (the deploy of|a deploy that left no name)/);
      expect(notices.join('\n')).not.toContain('Took over');
      expect(second).toMatch(/published|is publishing to this target/);
      if (second !== 'published') {
        expect(readFileSync(join(server.root, folder, 'big.bin'))).toEqual(
          readFileSync(join(large, 'big.bin')),
        );
      }
      expect(temporaries(join(server.root, folder))).toEqual([]);
      expect(existsSync(join(server.root, folder, LOCK_NAME))).toBe(false);
    });

    test('a login the server turns away is tried again, and the deploy publishes', async () => {
      const folder = fresh();
      const target = server.target(folder);
      const busy = await startSlowLine(target.port, Infinity, { dropEvery: 2 });
      let { credentials } = server;
      if (credentials.knownHosts) {
        // The busy line is another port: the server's key is listed for it too.
        const listed = readFileSync(credentials.knownHosts, 'utf8');
        const knownHosts = join(work, `known_hosts_${busy.port}`);
        writeFileSync(knownHosts, listed.replaceAll(`]:${target.port} `, `]:${busy.port} `));
        credentials = { ...credentials, knownHosts };
      }
      try {
        await deploy({
          source: small,
          target: { ...target, port: busy.port },
          credentials,
          idleLimit: IDLE,
        });
      } finally {
        await busy.stop();
      }
      // The transfer's login and the lock's were each turned away once.
      expect(busy.dropped).toBeGreaterThanOrEqual(2);
      const published = contentOf(join(server.root, folder));
      for (const [path, hash] of contentOf(small)) expect(published.get(path), path).toBe(hash);
      expect(existsSync(join(server.root, folder, LOCK_NAME))).toBe(false);
    });

    test('a lock stamped an hour ahead whose holder is gone is taken over after watching it', async () => {
      const folder = fresh();
      const target = join(server.root, folder);
      await inProcess(small, folder);
      const ahead = new Date(Date.now() + 3_600_000);
      mkdirSync(join(target, LOCK_NAME));
      writeFileSync(
        join(target, HOLDER_FILE),
        JSON.stringify({
          host: 'elsewhere',
          pid: 1,
          user: 'colleague',
          started: ahead.toISOString(),
          token: 'feedface',
        }),
      );
      utimesSync(join(target, HOLDER_FILE), ahead, ahead);
      chmodSync(join(target, LOCK_NAME), 0o777);
      chmodSync(join(target, HOLDER_FILE), 0o666);
      const notices: string[] = [];
      await inProcess(large, folder, { onNotice: (line) => notices.push(line) });
      expect(notices.join('\n')).toMatch(
        /Took over the lock of the deploy of colleague@elsewhere .*: it was not renewed while this deploy watched it for \d+ s/,
      );
      expect(contentOf(target).get('big.bin')).toBe(contentOf(large).get('big.bin'));
    });

    test('a live holder whose clock runs ahead or behind is never robbed', async () => {
      const folder = fresh();
      const target = join(server.root, folder);
      await inProcess(small, folder);
      mkdirSync(join(target, LOCK_NAME));
      chmodSync(join(target, LOCK_NAME), 0o777);
      const holder = { host: 'elsewhere', pid: 1, user: 'colleague', token: 'feedface' };
      let renewal = 0;
      const renew = () => {
        // Its clock an hour behind, the file's time an hour ahead: only the change counts.
        const started = new Date(Date.now() - 3_600_000).toISOString();
        writeFileSync(
          join(target, HOLDER_FILE),
          JSON.stringify({ ...holder, started, renewal: ++renewal }),
        );
        const ahead = new Date(Date.now() + 3_600_000);
        utimesSync(join(target, HOLDER_FILE), ahead, ahead);
      };
      renew();
      const timer = setInterval(renew, TIMES.renew);
      try {
        const run = await cli([`--dir=${large}`, server.address(folder)]).done;
        expect(oneLine(run)).toContain('the deploy of colleague@elsewhere (process 1');
        expect(run.stderr).toContain('is publishing to this target');
      } finally {
        clearInterval(timer);
      }
      expect(JSON.parse(readFileSync(join(target, HOLDER_FILE), 'utf8')).token).toBe('feedface');
      expect(existsSync(join(target, 'big.bin'))).toBe(false);
    });

    test('a folder that does not exist yet is created; the dry run names it', async () => {
      const folder = `${fresh()}/new/deeper`;
      const dry = await cli(['--dry-run', `--dir=${small}`, server.address(folder)]).done;
      expect(dry.stderr).toBe('');
      expect(dry.stdout).toContain(`create folder ${server.address(folder)}\n`);
      expect(existsSync(join(server.root, folder))).toBe(false);
      const run = await cli([`--dir=${small}`, server.address(folder)]).done;
      expect(run.stderr).toBe('');
      expect(run.stdout).toContain('Published to');
      expect(contentOf(join(server.root, folder))).toEqual(
        new Map([
          ...contentOf(small),
          [MANIFEST_NAME, contentOf(join(server.root, folder)).get(MANIFEST_NAME)!],
        ]),
      );
    });

    test('a .deploy-lock that is a file, a target that is a file, an unreadable manifest: one true line each', async () => {
      const folder = fresh();
      const target = join(server.root, folder);
      await inProcess(small, folder);
      writeFileSync(join(target, LOCK_NAME), 'the owner’s notes');
      const before = contentOf(target);
      const lockFile = await cli([`--dir=${large}`, server.address(folder)]).done;
      expect(oneLine(lockFile)).toContain(
        ".deploy-lock in the target is a file, not the deploy's lock folder; the deploy left it as it is",
      );
      expect(contentOf(target)).toEqual(before);
      rmSync(join(target, LOCK_NAME));

      writeFileSync(join(server.root, `${folder}.txt`), 'a file');
      const file = await cli([`--dir=${small}`, server.address(`${folder}.txt`)]).done;
      expect(oneLine(file)).toMatch(/ is a file; the target must be the web space's folder/);

      // The manifest replaced by something the server will not send as a file.
      rmSync(join(target, MANIFEST_NAME));
      mkdirSync(join(target, MANIFEST_NAME));
      const unreadable = await cli([`--dir=${large}`, server.address(folder)]).done;
      expect(oneLine(unreadable)).toMatch(/\.deploy-manifest\.json/);
      expect(unreadable.stderr).not.toContain('Published');
      expect(existsSync(join(target, 'big.bin'))).toBe(false);
      expect(existsSync(join(target, LOCK_NAME))).toBe(false);
    });

    test('logins turned down, a host not reached, a malformed address: one true line, nothing changed, no secret shown', async () => {
      const folder = fresh();
      await inProcess(small, folder);
      const before = snapshot(join(server.root, folder));
      const refusals = server.refusals(folder, work);
      const runs = await Promise.all(
        refusals.map(({ address, env }) => cli([`--dir=${large}`, address], false, env).done),
      );
      refusals.forEach(({ name: refusal, message }, index) => {
        const line = oneLine(runs[index]!);
        if (typeof message === 'string') expect(line, refusal).toContain(message);
        else expect(line, refusal).toMatch(message);
        for (const secret of [server.env().DEPLOY_PASSWORD, 'not-the-password']) {
          if (secret) expect(runs[index]!.stderr + runs[index]!.stdout).not.toContain(secret);
        }
      });

      const malformed = await cli([`${server.protocol}://me:hunter2@127.0.0.1:99999/www`]).done;
      expect(oneLine(malformed)).toContain('port 99999 is not a port');
      expect(malformed.stderr + malformed.stdout).not.toContain('hunter2');

      await server.kill();
      try {
        const unreachable = await cli([`--dir=${large}`, server.address(folder)]).done;
        expect(oneLine(unreachable)).toMatch(/Cannot reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
      } finally {
        await server.restart();
      }
      expect(snapshot(join(server.root, folder))).toEqual(before);
    });

    test('the same site again uploads nothing; a dry run changes nothing; a file deleted or changed by hand comes back', async () => {
      const folder = fresh();
      const target = join(server.root, folder);
      await inProcess(small, folder);
      const before = snapshot(target);
      const again = await cli([`--dir=${small}`, server.address(folder)]).done;
      expect(again.stderr).toBe('');
      expect(again.stdout).toContain(
        `Nothing to upload: ${server.address(folder)} has this build already.`,
      );
      const dry = await cli(['--dry-run', `--dir=${large}`, server.address(folder)]).done;
      expect(dry.stderr).toBe('');
      expect(dry.stdout).toMatch(/Dry run: would upload [1-9]\d* files/);
      expect(snapshot(target)).toEqual(before);

      rmSync(join(target, 'assets', 'app-A1b2C3d4.js'));
      writeFileSync(join(target, 'de', 'index.html'), 'cut sh');
      const restored = await cli([`--dir=${small}`, server.address(folder)]).done;
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toMatch(/: 2 files uploaded/);
      expect(contentOf(target).get('de/index.html')).toBe(contentOf(small).get('de/index.html'));
      // Same size, other content: only reading it back tells.
      const page = readFileSync(join(target, 'de', 'index.html'), 'utf8');
      writeFileSync(join(target, 'de', 'index.html'), page.toUpperCase());
      const plain = await cli([`--dir=${small}`, server.address(folder)]).done;
      expect(plain.stdout).toContain('Nothing to upload');
      const verified = await cli(['--verify', `--dir=${small}`, server.address(folder)]).done;
      expect(verified.stderr).toBe('');
      expect(verified.stdout).toContain('differs on the server: de/index.html (uploaded again)');
      for (const [path, hash] of contentOf(small)) expect(contentOf(target).get(path)).toBe(hash);
    });

    if (protocol === 'sftp') {
      test('as the owner has it: the default key and a hashed known_hosts, or the key in an agent', async () => {
        const sshd = server.sshd!;
        const folder = fresh();
        await inProcess(small, folder);
        const before = snapshot(join(server.root, folder));
        const [withKey, withoutKey] = await Promise.all([
          makeHome(sshd, sshd.userKey),
          makeHome(sshd),
        ]);
        const agent = await startAgent(sshd.userKey);
        try {
          const owner = { DEPLOY_SSH_KEY: '', DEPLOY_KNOWN_HOSTS: '' };
          const again = await runDeploy(
            [`--dir=${small}`, server.address(folder)],
            {
              ...owner,
              SSH_AUTH_SOCK: '',
              HOME: withKey,
            },
            { npm: true },
          ).done;
          expect(again.stderr).toBe('');
          expect(again.stdout).toContain('Nothing to upload');
          const dry = await runDeploy(['--dry-run', `--dir=${large}`, server.address(folder)], {
            ...owner,
            HOME: withoutKey,
            SSH_AUTH_SOCK: agent.socket,
          }).done;
          expect(dry.stderr).toBe('');
          expect(dry.stdout).toMatch(/Dry run: would upload [1-9]\d* files/);
        } finally {
          await agent.stop();
          await Promise.all([withKey, withoutKey].map((home) => rm(home, { recursive: true })));
        }
        expect(snapshot(join(server.root, folder))).toEqual(before);
      });
    }

    test('a manifest naming paths outside the target, or far more files than a build holds, is refused whole', async () => {
      const folder = fresh();
      const target = join(server.root, folder);
      const outside = join(server.root, `${folder}-outside`);
      mkdirSync(outside);
      writeFileSync(join(outside, 'victim.txt'), 'the owner’s file');
      await inProcess(small, folder);
      const manifest = JSON.parse(readFileSync(join(target, MANIFEST_NAME), 'utf8'));
      manifest.files[`../${folder}-outside/victim.txt`] = 'a'.repeat(64);
      manifest.files[`..${'/..'.repeat(8)}${join(outside, 'victim.txt')}`] = 'b'.repeat(64);
      writeFileSync(join(target, MANIFEST_NAME), JSON.stringify(manifest));
      const before = snapshot(target);
      const refused = await cli([`--dir=${large}`, server.address(folder)]).done;
      expect(oneLine(refused)).toContain(
        `names "../${folder}-outside/victim.txt", which is not a path inside the target`,
      );
      expect(refused.stderr).toContain('Nothing was changed.');
      expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe('the owner’s file');
      expect(snapshot(target)).toEqual(before);

      manifest.files = Object.fromEntries(
        Array.from({ length: 20_000 }, (_, index) => [`old/file-${index}.js`, 'c'.repeat(64)]),
      );
      writeFileSync(join(target, MANIFEST_NAME), JSON.stringify(manifest));
      const beforeMany = snapshot(target);
      const many = await cli([`--dir=${large}`, server.address(folder)]).done;
      expect(oneLine(many)).toMatch(/would delete 20000 files .* run again with --force/);
      expect(snapshot(target)).toEqual(beforeMany);
    });

    test('a folder of the target replaced by a link: named, nothing written through it; put back, the deploy goes through', async () => {
      const folder = fresh();
      const target = join(server.root, folder);
      const elsewhere = join(server.root, `${folder}-elsewhere`);
      await inProcess(small, folder);
      renameSync(join(target, 'de'), elsewhere);
      symlinkSync(`../${folder}-elsewhere`, join(target, 'de'));
      // A link planted at the name the tool once wrote under: it is never used now.
      writeFileSync(join(work, 'planted.txt'), 'planted');
      symlinkSync(join(work, 'planted.txt'), join(target, '.index.html.deploying'));
      const before = snapshot(elsewhere);
      const refused = await cli([`--dir=${large}`, server.address(folder)]).done;
      expect(oneLine(refused)).toContain(
        '/de is a symbolic link; the deploy never writes through one',
      );
      expect(snapshot(elsewhere)).toEqual(before);
      expect(readFileSync(join(target, 'index.html'))).toEqual(
        readFileSync(join(small, 'index.html')),
      );

      rmSync(join(target, 'de'));
      renameSync(elsewhere, join(target, 'de'));
      const rerun = await cli([`--dir=${large}`, server.address(folder)]).done;
      expect(rerun.stderr).toBe('');
      expect(contentOf(target).get('big.bin')).toBe(contentOf(large).get('big.bin'));
      expect(readFileSync(join(work, 'planted.txt'), 'utf8')).toBe('planted');
    });

    test('a line that goes quiet ends the deploy with one message; the site stays whole', async () => {
      const folder = fresh();
      const target = join(server.root, folder);
      await inProcess(small, folder);
      const live = contentOf(target);
      let thaw: (() => void) | undefined;
      const attempt = deploy({
        source: large,
        target: server.target(folder, true),
        credentials: server.credentials,
        idleLimit: IDLE,
        onProgress: ({ files }) => {
          if (files >= 1 && !thaw) thaw = server.freezeSlowLine();
        },
      });
      try {
        await expect(attempt).rejects.toThrow(
          /stopped after \d+ uploaded files \(connection lost: (Keepalive timeout|the server did not answer for \d+ s)\)\. The live pages are still the previous ones/,
        );
      } finally {
        thaw?.();
      }
      for (const page of ['index.html', 'de/index.html']) {
        expect(contentOf(target).get(page), page).toBe(live.get(page));
      }
      await inProcess(large, folder);
      expect(contentOf(target).get('big.bin')).toBe(contentOf(large).get('big.bin'));
    });

    test('Ctrl-C while waiting for another deploy: one line, nothing changed, the lock left to its holder', async () => {
      const folder = fresh();
      const target = join(server.root, folder);
      await inProcess(small, folder);
      mkdirSync(join(target, LOCK_NAME));
      writeFileSync(
        join(target, HOLDER_FILE),
        JSON.stringify({
          host: 'another-machine',
          pid: 1,
          user: 'colleague',
          started: new Date().toISOString(),
          token: 'feedface',
        }),
      );
      const before = snapshot(target);
      const { done, child } = cli([`--dir=${large}`, server.address(folder)]);
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
      expect(snapshot(target)).toEqual(before);
    });

    test('Ctrl-C over a slow line ends the transfer under way, removes its temporary, gives the lock back', async () => {
      const folder = fresh();
      const target = join(server.root, folder);
      await inProcess(small, folder);
      const { done, child } = cli([`--dir=${large}`, server.address(folder, true)], true);
      // The temporary of the large file appears on the server: the transfer is under way.
      for (let tries = 0; tries < 200 && temporaries(target).length === 0; tries++) await sleep(50);
      expect(temporaries(target)).not.toEqual([]);
      child.kill('SIGINT');
      const run = await done;
      expect(oneLine(run)).toMatch(
        /^Stopped by Ctrl-C after \d+ uploaded files\. The live pages are still the previous ones; the next deploy completes it\./,
      );
      expect(existsSync(join(target, 'big.bin'))).toBe(false);
      expect(temporaries(target)).toEqual([]);
      expect(existsSync(join(target, LOCK_NAME))).toBe(false);
    });

    test('a full disk is named as such, with no temporaries and no lock left', async () => {
      const folder = fresh();
      const target = join(server.root, folder);
      mkdirSync(target);
      // A file system smaller than the site; mounting needs root, as npm test runs here.
      const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
      const mount = [...sudo, 'mount', '-t', 'tmpfs', '-o', `size=64k,uid=${server.uid}`];
      execFileSync(mount[0]!, [...mount.slice(1), 'tmpfs', target]);
      try {
        const full = await cli([`--dir=${large}`, server.address(folder)]).done;
        expect(oneLine(full)).toMatch(
          /^The server's disk is full: .* could not be written after \d+ uploaded files\./,
        );
        expect(temporaries(target)).toEqual([]);
        expect(existsSync(join(target, LOCK_NAME))).toBe(false);
      } finally {
        execFileSync(
          sudo[0] ?? 'umount',
          sudo[0] ? [...sudo.slice(1), 'umount', target] : [target],
        );
      }
    });
  });
}
