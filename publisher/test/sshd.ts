import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, killTree, startListening } from '../../testing/servers.ts';

/**
 * Debian's OpenSSH server on 127.0.0.1, as a web host offers SFTP: its own configuration, host key
 * and user key in a folder of its own, logging in the current user by key. The deploy test
 * publishes to it with `npm run deploy`.
 */

export const SSHD_BINARY = '/usr/sbin/sshd';

export interface RunningSshd {
  port: number;
  username: string;
  /** The user's key, which authorized_keys lists. */
  userKey: string;
  /** Another key, which it does not. */
  strangerKey: string;
  /** A known_hosts file with the server's key under `[127.0.0.1]:port`. */
  knownHosts: string;
  /** The server's host key line without the host name: `ssh-ed25519 AAAA…`. */
  hostKey: string;
  /** Kills the server and every session it started, at once, as a crash or a cut line would. */
  kill(): Promise<void>;
  /**
   * Starts it again on the same port with the same keys; `refuse` names SFTP requests the server
   * then answers with "permission denied" (`internal-sftp -P`, e.g. `rename`).
   */
  restart(refuse?: string[]): Promise<void>;
  stop(): Promise<void>;
}

function keygen(file: string, comment: string): void {
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', comment, '-f', file], {
    stdio: 'pipe',
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function startSshd(): Promise<RunningSshd> {
  if (!existsSync(SSHD_BINARY)) {
    throw new Error(`The deploy test needs ${SSHD_BINARY}: sudo apt-get install openssh-server`);
  }
  // Run as root, sshd wants its privilege separation folder (the Debian service makes it).
  if (process.getuid?.() === 0) await mkdir('/run/sshd', { recursive: true, mode: 0o755 });
  const work = await mkdtemp(join(tmpdir(), 'deploy-sshd-'));
  const port = await freePort();
  const username = userInfo().username;
  const hostKeyFile = join(work, 'host_ed25519');
  const userKey = join(work, 'user_ed25519');
  const strangerKey = join(work, 'stranger_ed25519');
  keygen(hostKeyFile, 'test host');
  keygen(userKey, 'deploy test');
  keygen(strangerKey, 'stranger');
  await writeFile(join(work, 'authorized_keys'), await readFile(`${userKey}.pub`));
  const hostKey = (await readFile(`${hostKeyFile}.pub`, 'utf8')).split(' ').slice(0, 2).join(' ');
  const knownHosts = join(work, 'known_hosts');
  await writeFile(knownHosts, `[127.0.0.1]:${port} ${hostKey}\n`);
  const config = join(work, 'sshd_config');
  const writeConfig = (refuse: string[]) =>
    writeFile(
      config,
      `# A web host's SFTP access, cut down: one user, by key, files only.
ListenAddress 127.0.0.1
Port ${port}
HostKey ${hostKeyFile}
PidFile ${work}/sshd.pid
AuthorizedKeysFile ${work}/authorized_keys
AllowUsers ${username}
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
# The folder is the test's own, not a home folder sshd would check the modes of.
StrictModes no
UsePAM no
Subsystem sftp internal-sftp${refuse.length > 0 ? ` -P ${refuse.join(',')}` : ''}
LogLevel ERROR
`,
    );

  let child: ChildProcess | undefined;
  const killOnExit = () => child?.kill('SIGKILL');
  process.on('exit', killOnExit);

  const start = async (refuse: string[] = []) => {
    await writeConfig(refuse);
    child = await startListening('sshd', SSHD_BINARY, ['-D', '-e', '-f', config], port);
  };

  const kill = () => killTree(child);

  await start();
  return {
    port,
    username,
    userKey,
    strangerKey,
    knownHosts,
    hostKey,
    kill,
    restart: start,
    stop: async () => {
      await kill();
      process.removeListener('exit', killOnExit);
      await rm(work, { recursive: true, force: true });
    },
  };
}

export interface RunningAgent {
  /** For SSH_AUTH_SOCK. */
  socket: string;
  stop(): Promise<void>;
}

/** An SSH agent of the test's own, holding `key`, as a developer's desktop session runs one. */
export async function startAgent(key: string): Promise<RunningAgent> {
  const work = await mkdtemp(join(tmpdir(), 'deploy-agent-'));
  const socket = join(work, 'agent.sock');
  const agent = spawn('ssh-agent', ['-D', '-a', socket], { stdio: 'ignore' });
  const killOnExit = () => agent.kill('SIGKILL');
  process.on('exit', killOnExit);
  const exited = new Promise((done) => agent.once('exit', done));
  const stop = async () => {
    if (agent.exitCode === null) {
      agent.kill('SIGTERM');
      await exited;
    }
    process.removeListener('exit', killOnExit);
    await rm(work, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100 && !existsSync(socket); attempt++) {
    // oxlint-disable-next-line no-await-in-loop -- polling for the socket
    await sleep(20);
  }
  try {
    execFileSync('ssh-add', ['-q', key], { env: { ...process.env, SSH_AUTH_SOCK: socket } });
  } catch (error) {
    await stop();
    throw error;
  }
  return { socket, stop };
}

/**
 * A home folder as an owner has it after setting up once: `~/.ssh/known_hosts` with the server's
 * key under a hashed name (`ssh-keygen -H`, as Debian's ssh writes it), and, with `key`, that
 * key as `~/.ssh/id_ed25519`.
 */
export async function makeHome(server: RunningSshd, key?: string): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'deploy-home-'));
  const ssh = join(home, '.ssh');
  await mkdir(ssh, { mode: 0o700 });
  const knownHosts = join(ssh, 'known_hosts');
  await writeFile(knownHosts, await readFile(server.knownHosts));
  execFileSync('ssh-keygen', ['-q', '-H', '-f', knownHosts], { stdio: 'pipe' });
  await rm(`${knownHosts}.old`, { force: true });
  if (key) await writeFile(join(ssh, 'id_ed25519'), await readFile(key), { mode: 0o600 });
  return home;
}
