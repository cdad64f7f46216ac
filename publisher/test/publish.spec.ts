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
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { deploy, type DeployOptions } from '../deploy.ts';
import { HOLDER_FILE, lockTimes } from '../lock.ts';
import { LOCK_NAME, MANIFEST_NAME } from '../plan.ts';
import type { Credentials, DeployTarget } from '../session.ts';
import { makeWorkDir } from '../../testing/servers.ts';
import { oneLine, runDeploy } from './deploy-cli.ts';
import { passiveBeside, startFtpd, type FtpdOptions, type RunningFtpd } from './ftpd.ts';
import { contentOf } from './publish-under-load.ts';
import { startSshd, type RunningSshd } from './sshd.ts';
import { startSlowLine, type SlowLine } from './throttle.ts';
import { startVsftpd } from './vsftpd.ts';

/**
 * The publisher's guarantees, shown by the same tests on every transport and test server: a slow
 * line, a new folder, a lock judged without comparing clocks, Ctrl-C, and what is not what it
 * seems. Every limit and wait comes from the one idle limit, shortened here.
 */

const IDLE = 3_000;
const TIMES = lockTimes(IDLE);
/**
 * A slow line's rate (one SFTP write request well within the idle limit), and a file that needs
 * longer than the lock's stale time over it.
 */
const SLOW_BYTES_PER_SECOND = 32 * 1024;
const BIG_FILE_BYTES = Math.ceil((SLOW_BYTES_PER_SECOND * TIMES.stale * 1.5) / 1000);

/** One test server: where a folder below its root is, as a target, and how to log in. */
interface Server {
  root: string;
  target(folder: string, slow?: boolean): DeployTarget;
  credentials: Credentials;
  /** The environment `npm run deploy` needs for it. */
  env(slow?: boolean): Record<string, string>;
  address(folder: string, slow?: boolean): string;
  /** The user the server writes files as. */
  uid: number;
  stop(): Promise<void>;
}

async function sftpServer(root: string): Promise<Server> {
  const sshd: RunningSshd = await startSshd();
  const slow: SlowLine = await startSlowLine(sshd.port, SLOW_BYTES_PER_SECOND);
  // The slow line is another port: the server's key is listed for it too.
  const knownHosts = join(root, '..', 'known_hosts');
  writeFileSync(
    knownHosts,
    `${readFileSync(sshd.knownHosts, 'utf8')}[127.0.0.1]:${slow.port} ${sshd.hostKey}\n`,
  );
  const port = (slowLine?: boolean) => (slowLine ? slow.port : sshd.port);
  return {
    root,
    target: (folder, slowLine) => ({
      protocol: 'sftp',
      username: sshd.username,
      host: '127.0.0.1',
      port: port(slowLine),
      path: join(root, folder),
    }),
    credentials: { keyFile: sshd.userKey, knownHosts },
    env: () => ({
      SSH_AUTH_SOCK: '',
      DEPLOY_SSH_KEY: sshd.userKey,
      DEPLOY_KNOWN_HOSTS: knownHosts,
    }),
    address: (folder, slowLine) =>
      `sftp://${sshd.username}@127.0.0.1:${port(slowLine)}${join(root, folder)}`,
    uid: process.getuid?.() ?? 0,
    stop: async () => {
      await slow.stop();
      await sshd.stop();
    },
  };
}

/** An FTPS server, and the same account on 127.0.0.2 behind a slow line: control and data. */
async function ftpsServer(
  root: string,
  startServer: (root: string, options?: FtpdOptions) => Promise<RunningFtpd>,
): Promise<Server> {
  const ftpd = await startServer(root);
  const far = await startServer(root, {
    host: '127.0.0.2',
    password: ftpd.password,
    certificate: ftpd,
    passive: passiveBeside(ftpd.passive[0]),
  });
  const [first, last] = far.passive;
  const ports = [
    far.port,
    ...Array.from({ length: last - first + 1 }, (_, index) => first + index),
  ];
  const slow = await startSlowLine(far.port, SLOW_BYTES_PER_SECOND, { host: '127.0.0.2', ports });
  const port = (slowLine?: boolean) => (slowLine ? slow.port : ftpd.port);
  return {
    root,
    target: (folder, slowLine) => ({
      protocol: 'ftps',
      username: ftpd.username,
      host: '127.0.0.1',
      port: port(slowLine),
      path: folder,
    }),
    credentials: {
      password: ftpd.password,
      trustedCertificate: readFileSync(ftpd.certificate, 'utf8'),
    },
    env: () => ({ DEPLOY_PASSWORD: ftpd.password, NODE_EXTRA_CA_CERTS: ftpd.certificate }),
    address: (folder, slowLine) =>
      `ftps://${ftpd.username}@127.0.0.1:${port(slowLine)}/~/${folder}`,
    uid: ftpd.uid,
    stop: async () => {
      await slow.stop();
      await Promise.all([ftpd.stop(), far.stop()]);
    },
  };
}

const SERVERS: [string, (root: string) => Promise<Server>][] = [
  ['SFTP (OpenSSH)', sftpServer],
  ['FTPS (pure-ftpd)', (root) => ftpsServer(root, startFtpd)],
  ['FTPS (vsftpd)', (root) => ftpsServer(root, startVsftpd)],
];

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

const temporaries = (folder: string) =>
  readdirSync(folder, { recursive: true }).filter((name) => /deploying/.test(String(name)));

// Each transport's tests in order, on servers of their own; the transports side by side.
test.describe.configure({ mode: 'parallel' });

for (const [name, start] of SERVERS) {
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

    const cli = (args: string[], slow = false) =>
      runDeploy(args, { HOME: work, DEPLOY_IDLE_LIMIT_MS: String(IDLE), ...server.env(slow) });

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
