import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, killTree, makeTestCertificate, startListening } from '../../testing/servers.ts';

/**
 * Debian's pure-ftpd on 127.0.0.1 as a web host offers FTPS: TLS required on the control and the
 * data connections (with the TLS session reused, as the server demands), a certificate of its
 * own, one virtual user locked into its folder. The deploy test publishes to it.
 */

export const FTPD_BINARY = '/usr/sbin/pure-ftpd';
/** The first port of the test servers' passive ranges, which all end below the ephemeral ports. */
export const PASSIVE_FROM = 12_000;
export const PASSIVE_RANGE = 50;
const RANGES = 400;
/** Test workers at once that never share a range: each takes every `WORKER_SLOTS`th range. */
const WORKER_SLOTS = 4;

/**
 * The first of a range of passive ports of its own, below the system's ephemeral ports, which
 * connections take; each test worker takes ranges no other worker takes.
 */
export function passiveFrom(): number {
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % WORKER_SLOTS;
  const slot = Math.floor(Math.random() * (RANGES / WORKER_SLOTS));
  return PASSIVE_FROM + (slot * WORKER_SLOTS + worker) * PASSIVE_RANGE;
}

/** Another range of the same worker's, for a second server beside the one at `passive`. */
export const passiveBeside = (passive: number): number =>
  PASSIVE_FROM +
  ((passive - PASSIVE_FROM + WORKER_SLOTS * PASSIVE_RANGE) % (RANGES * PASSIVE_RANGE));

export interface RunningFtpd {
  port: number;
  /** The first and last port of the passive range. */
  passive: [number, number];
  username: string;
  password: string;
  /** The user the server writes files as. */
  uid: number;
  /** The server's certificate, for NODE_EXTRA_CA_CERTS: without it the machine does not trust it. */
  certificate: string;
  key: string;
  /** Kills the server and every session, at once, as a crash or a cut line would. */
  kill(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface FtpdOptions {
  /** The loopback address to listen on, for a slow line in front of it on 127.0.0.1. */
  host?: string;
  /** The user's password and the server's certificate, to serve the same account on a second port. */
  password?: string;
  certificate?: { certificate: string; key: string };
  /** The first port of its passive range (`passiveFrom`), to keep it apart from another server's. */
  passive?: number;
}

/** What each test FTP server starts from: a folder of its own, its ports, the one user's login. */
export async function ftpSettings(name: string, options: FtpdOptions) {
  return {
    work: await mkdtemp(join(tmpdir(), `deploy-${name}-`)),
    port: await freePort(),
    host: options.host ?? '127.0.0.1',
    passive: options.passive ?? passiveFrom(),
    username: 'deploy',
    password: options.password ?? `pw-${Math.random().toString(36).slice(2)}`,
  };
}

/** Serves `root` (which must exist) to one user over FTPS; pure-ftpd needs root to start. */
export async function startFtpd(root: string, options: FtpdOptions = {}): Promise<RunningFtpd> {
  if (!existsSync(FTPD_BINARY)) {
    throw new Error(`The FTPS deploy test needs ${FTPD_BINARY}: sudo apt-get install pure-ftpd`);
  }
  const { work, port, host, passive, username, password } = await ftpSettings('ftpd', options);
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
  const { certificate, key } = options.certificate ?? (await makeTestCertificate(work));

  let child: ChildProcess | undefined;
  const killOnExit = () => child?.kill('SIGKILL');
  process.on('exit', killOnExit);

  const start = async () => {
    child = await startListening(
      'pure-ftpd',
      FTPD_BINARY,
      [
        `--bind=${host},${port}`,
        `--login=puredb:${database}`,
        // 3: TLS on the control and the data connections, nothing in the clear.
        '--tls=3',
        `--certfile=${certificate},${key}`,
        `--passiveportrange=${passive}:${passive + PASSIVE_RANGE - 1}`,
        '--forcepassiveip=127.0.0.1',
        '--noanonymous',
        '--dontresolve',
        '--maxclientsnumber=20',
      ],
      port,
      host,
    );
  };

  const kill = () => killTree(child);

  await start();
  return {
    port,
    passive: [passive, passive + PASSIVE_RANGE - 1],
    username,
    password,
    uid,
    certificate,
    key,
    kill,
    restart: start,
    stop: async () => {
      await kill();
      process.removeListener('exit', killOnExit);
      await rm(work, { recursive: true, force: true });
    },
  };
}
