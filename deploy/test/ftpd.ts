import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, makeTestCertificate } from './servers.ts';
import { processTree } from './sshd.ts';

/**
 * Debian's pure-ftpd on 127.0.0.1 as a web host offers FTPS: TLS required on the control and the
 * data connections (with the TLS session reused, as the server demands), a certificate of its
 * own, one virtual user locked into its folder. The deploy test publishes to it.
 */

export const FTPD_BINARY = '/usr/sbin/pure-ftpd';

export interface RunningFtpd {
  port: number;
  username: string;
  password: string;
  /** The server's certificate, for NODE_EXTRA_CA_CERTS: without it the machine does not trust it. */
  certificate: string;
  /** Kills the server and every session, at once, as a crash or a cut line would. */
  kill(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function listening(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Serves `root` (which must exist) to one user over FTPS; pure-ftpd needs root to start. */
export async function startFtpd(root: string): Promise<RunningFtpd> {
  if (!existsSync(FTPD_BINARY)) {
    throw new Error(`The FTPS deploy test needs ${FTPD_BINARY}: sudo apt-get install pure-ftpd`);
  }
  const work = await mkdtemp(join(tmpdir(), 'deploy-ftpd-'));
  const port = await freePort();
  // A passive range of its own, away from the ports other tests take.
  const passive = 40_000 + Math.floor(Math.random() * 400) * 50;
  const username = 'deploy';
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  // The virtual user writes as `nobody` when the test runs as root, as a host's account would.
  const uid = process.getuid?.() === 0 ? 65534 : (process.getuid?.() ?? 65534);
  const gid = process.getuid?.() === 0 ? 65534 : (process.getgid?.() ?? 65534);
  await chown(root, uid, gid).catch(() => undefined);
  const hash = execFileSync('openssl', ['passwd', '-6', password], { encoding: 'utf8' }).trim();
  const passwd = join(work, 'pureftpd.passwd');
  // `/./` locks the user into the folder (chroot).
  await writeFile(passwd, `${username}:${hash}:${uid}:${gid}::${root}/./::::::::::::\n`);
  const database = join(work, 'pureftpd.pdb');
  execFileSync('pure-pw', ['mkdb', database, '-f', passwd], { stdio: 'pipe' });
  const { certificate, key } = await makeTestCertificate(work);

  let child: ChildProcess | undefined;
  let output = '';
  const killOnExit = () => child?.kill('SIGKILL');
  process.on('exit', killOnExit);

  const start = async () => {
    output = '';
    child = spawn(
      FTPD_BINARY,
      [
        `--bind=127.0.0.1,${port}`,
        `--login=puredb:${database}`,
        // 3: TLS on the control and the data connections, nothing in the clear.
        '--tls=3',
        `--certfile=${certificate},${key}`,
        `--passiveportrange=${passive}:${passive + 49}`,
        '--forcepassiveip=127.0.0.1',
        '--noanonymous',
        '--dontresolve',
        '--maxclientsnumber=20',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let attempt = 0; attempt < 100; attempt++) {
      if (child.exitCode !== null) break;
      // oxlint-disable-next-line no-await-in-loop -- polling, one probe at a time
      if (await listening(port)) return;
      // oxlint-disable-next-line no-await-in-loop -- polling, one probe at a time
      await sleep(50);
    }
    throw new Error(`pure-ftpd did not start on 127.0.0.1:${port}:\n${output}`);
  };

  const kill = async () => {
    const running = child;
    if (!running?.pid || running.exitCode !== null) return;
    const exited = new Promise((done) => running.once('exit', done));
    for (const pid of processTree(running.pid).toReversed()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
    await exited;
  };

  await start();
  return {
    port,
    username,
    password,
    certificate,
    kill,
    restart: start,
    stop: async () => {
      await kill();
      process.removeListener('exit', killOnExit);
      await rm(work, { recursive: true, force: true });
    },
  };
}
