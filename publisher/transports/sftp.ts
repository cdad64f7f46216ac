import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import ssh2, { type AuthenticationType, type ConnectConfig, type SFTPWrapper } from 'ssh2';
import {
  DeployError,
  foldersDownTo,
  IDLE_LIMIT_MS,
  isMissing,
  LOGIN_LIMIT_MS,
  LoginTurnedAway,
  TransferFailure,
  type Credentials,
  type DeploySession,
  type DeployTarget,
  type FailureKind,
  type ListedEntry,
} from '../session.ts';
import {
  checkHostKey,
  hostKeyAlgorithms,
  parseKnownHosts,
  type HostKeyVerdict,
} from '../known-hosts.ts';
import { IdleWatch } from '../idle-watch.ts';

/** The SFTP side of `npm run deploy`: logging in, checking the host, and the file operations. */

const { Client, utils } = ssh2;

/** The keys `ssh` tries when none is named, in its order. */
const DEFAULT_KEYS = ['id_ed25519', 'id_ecdsa', 'id_rsa'];

/** A login method as ssh2 takes it, and `what` it is, for the message when all are refused. */
type AuthMethod = { type: AuthenticationType; username: string; what: string } & Record<
  string,
  unknown
>;

function readKey(file: string, passphrase: string | undefined, named: boolean) {
  let text: Buffer;
  try {
    text = readFileSync(file);
  } catch (error) {
    throw new DeployError(`Cannot read the key file ${file}: ${(error as Error).message}`);
  }
  const parsed = utils.parseKey(text, passphrase);
  if (parsed instanceof Error) {
    // A default key the tool cannot open is skipped, as ssh skips it without a terminal.
    if (!named) return undefined;
    throw new DeployError(
      `Cannot use the key file ${file} (DEPLOY_SSH_KEY): ${parsed.message}` +
        (/encrypted|passphrase/i.test(parsed.message)
          ? '; set DEPLOY_SSH_KEY_PASSPHRASE or add the key to the SSH agent'
          : ''),
    );
  }
  return text;
}

/**
 * The login methods in order: the named key file alone, else the agent and then the default
 * keys; a password last, when one is given.
 */
export function authMethods(username: string, credentials: Credentials): AuthMethod[] {
  const methods: AuthMethod[] = [];
  const { keyFile, passphrase, agent, password } = credentials;
  if (keyFile) {
    const key = readKey(keyFile, passphrase, true);
    methods.push({ type: 'publickey', username, key, passphrase, what: keyFile });
  } else {
    if (agent) methods.push({ type: 'agent', username, agent, what: 'the SSH agent' });
    const ssh = join(credentials.home ?? homedir(), '.ssh');
    for (const name of DEFAULT_KEYS) {
      const file = join(ssh, name);
      if (!existsSync(file)) continue;
      const key = readKey(file, passphrase, false);
      if (key) methods.push({ type: 'publickey', username, key, passphrase, what: file });
    }
  }
  if (password) methods.push({ type: 'password', username, password, what: 'DEPLOY_PASSWORD' });
  return methods;
}

function knownHostsText(credentials: Credentials): { file: string; text: string } {
  const file = credentials.knownHosts ?? join(credentials.home ?? homedir(), '.ssh/known_hosts');
  try {
    return { file, text: readFileSync(file, 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      // A file named on purpose and missing is a mistake; a default one not yet made is not.
      if (credentials.knownHosts) {
        throw new DeployError(
          `DEPLOY_KNOWN_HOSTS names ${file}, which does not exist. Nothing was uploaded.`,
        );
      }
      return { file, text: '' };
    }
    throw new DeployError(`Cannot read ${file}: ${(error as Error).message}`);
  }
}

function hostKeyMessage(target: DeployTarget, verdict: HostKeyVerdict, file: string): string {
  if (verdict.verdict === 'known') return '';
  const shown = `${verdict.type} ${verdict.fingerprint}`;
  const where = `${target.host}:${target.port}`;
  if (verdict.verdict === 'changed') {
    return (
      `The host key of ${where} has CHANGED: it showed ${shown}, which ${file} does not list. ` +
      'Nothing was uploaded. Ask the host whether they changed the key before you replace the line.'
    );
  }
  if (verdict.verdict === 'revoked') {
    return `The host key of ${where} (${shown}) is marked @revoked in ${file}. Nothing was uploaded.`;
  }
  return (
    `The host key of ${where} is unknown: ${shown}. Nothing was uploaded. Compare the fingerprint ` +
    `with the one your host publishes, then add the key to ${file} ` +
    `(ssh-keyscan -p ${target.port} ${target.host} >> ${file}).`
  );
}

/** The one line for a failed connection or login, naming the cause. */
function connectionMessage(
  target: DeployTarget,
  error: Error & { level?: string; code?: string },
  tried: string,
) {
  const where = `${target.host}:${target.port}`;
  switch (error.level) {
    case 'client-authentication':
      return `${where} refused the login as ${target.username} with ${tried}. Nothing was uploaded.`;
    case 'client-timeout':
      return `${where} did not answer in time. Nothing was uploaded.`;
    case 'client-dns':
      return `Cannot find the host ${target.host} (${error.code ?? error.message}). Nothing was uploaded.`;
    case 'client-socket':
      return `Cannot reach ${where} (${error.code ?? error.message}). Nothing was uploaded.`;
    default:
      return `The SSH connection to ${where} failed: ${error.message}. Nothing was uploaded.`;
  }
}

/** The bytes one read or write request carries. */
const CHUNK = 32 * 1024;

/** SFTP status codes (draft-ietf-secsh-filexfer-02) and what each means for the deploy. */
const FAILURE_KINDS: Record<number, FailureKind> = { 2: 'missing', 3: 'denied', 4: 'failed' };

type Done<T> = (error: Error | undefined | null, value?: T) => void;

/** An open SFTP session with the few operations the deploy needs, as promises. */
export class SftpSession implements DeploySession {
  /** Whether the server renames over an existing file in one step (posix-rename@openssh.com). */
  atomicRename = true;

  private readonly client: InstanceType<typeof Client>;
  private readonly sftp: SFTPWrapper;
  readonly target: DeployTarget;
  private readonly watch: IdleWatch;

  /** Set when the connection ended; every call then fails at once instead of waiting forever. */
  private lost: Error | undefined;
  private readonly waiting = new Set<(error: Error) => void>();

  constructor(
    client: InstanceType<typeof Client>,
    sftp: SFTPWrapper,
    target: DeployTarget,
    idleLimit = IDLE_LIMIT_MS,
  ) {
    this.client = client;
    this.sftp = sftp;
    this.target = target;
    this.watch = new IdleWatch(idleLimit, (seconds) => {
      this.end(new Error(`the server did not answer for ${seconds} s`));
      this.client.destroy();
    });
    client.on('error', (error: Error) => this.end(error));
    client.on('close', () => this.end());
  }

  private end(error?: Error) {
    this.lost ??= new Error(error ? `connection lost: ${error.message}` : 'connection lost');
    this.watch.stop();
    for (const reject of this.waiting) reject(this.lost);
    this.waiting.clear();
  }

  /** The path on the server of `path` below the target ('' is the target itself). */
  remote(path: string): string {
    return path === '' ? this.target.path : `${this.target.path}/${path}`;
  }

  /**
   * One request: its answer, or a failure naming the operation and the path. Requests under way
   * with no answer for the idle limit end the connection, as a dead line would.
   */
  private call<T>(operation: string, path: string, start: (done: Done<T>) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.lost) return reject(this.lost);
      this.waiting.add(reject);
      this.watch.begin();
      let answered = false;
      const done: Done<T> = (error, value) => {
        if (!answered) this.watch.end();
        answered = true;
        this.waiting.delete(reject);
        if (error) {
          const code = (error as { code?: unknown }).code;
          const kind = (typeof code === 'number' && FAILURE_KINDS[code]) || 'failed';
          reject(new TransferFailure(error.message, kind, operation, path));
        } else resolve(value as T);
      };
      try {
        start(done);
      } catch (error) {
        // ssh2 throws at once for an extension the server does not offer.
        done(error as Error);
      }
    });
  }

  /**
   * The file's content, or undefined when it does not exist; chunk by chunk, so that a large file
   * shows progress to the idle watch as a write does.
   */
  async read(path: string): Promise<Buffer | undefined> {
    let handle: Buffer;
    try {
      handle = await this.call<Buffer>('read', path, (done) =>
        this.sftp.open(this.remote(path), 'r', done),
      );
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    const chunks: Buffer[] = [];
    try {
      for (let position = 0; ;) {
        const chunk = Buffer.alloc(CHUNK);
        // oxlint-disable-next-line no-await-in-loop -- one chunk after the other, in order
        const length = await this.call<number>('read', path, (done) =>
          this.sftp.read(handle, chunk, 0, CHUNK, position, (error, bytesRead) =>
            // ssh2 answers a read at the end of the file with no bytes, not with its EOF status.
            done(error, bytesRead),
          ),
        );
        if (length === 0) break;
        chunks.push(chunk.subarray(0, length));
        position += length;
      }
    } finally {
      await this.call('close', path, (done) => this.sftp.close(handle, done)).catch(
        () => undefined,
      );
    }
    return Buffer.concat(chunks);
  }

  /** What is at the path, without following a link; undefined when nothing is. */
  async lstat(path: string): Promise<ListedEntry | undefined> {
    try {
      const stats = await this.call<Stats>('lstat', path, (done) =>
        this.sftp.lstat(this.remote(path), done),
      );
      return entryOf(path.slice(path.lastIndexOf('/') + 1), stats);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** The folder's entries, or undefined when it does not exist. */
  async list(path: string): Promise<ListedEntry[] | undefined> {
    try {
      const entries = await this.call<{ filename: string; attrs: Stats }[]>('list', path, (done) =>
        this.sftp.readdir(this.remote(path), done),
      );
      return entries
        .filter(({ filename }) => filename !== '.' && filename !== '..')
        .map(({ filename, attrs }) => entryOf(filename, attrs));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async mkdir(path: string): Promise<void> {
    await this.call('create the folder', path, (done) => this.sftp.mkdir(this.remote(path), done));
  }

  /**
   * Writes a new file, which must not exist yet (an exclusive create: a file or a link planted
   * at the name makes it fail instead of being written through).
   */
  writeNew(path: string, data: Buffer): Promise<void> {
    return this.write(path, data, 'wx');
  }

  /** Writes the file, replacing its content. */
  overwrite(path: string, data: Buffer): Promise<void> {
    return this.write(path, data, 'w');
  }

  private async write(path: string, data: Buffer, flags: 'w' | 'wx'): Promise<void> {
    const remote = this.remote(path);
    const handle = await this.call<Buffer>('create', path, (done) =>
      this.sftp.open(remote, flags, done),
    );
    const close = () => this.call('close', path, (done) => this.sftp.close(handle, done));
    try {
      for (let offset = 0; offset < data.length; offset += CHUNK) {
        const length = Math.min(CHUNK, data.length - offset);
        // oxlint-disable-next-line no-await-in-loop -- one chunk after the other, in order
        await this.call('write', path, (done) =>
          this.sftp.write(handle, data, offset, length, offset, done),
        );
      }
    } catch (error) {
      await close().catch(() => undefined);
      throw error;
    }
    // A server may report a failed write only when the file is closed.
    await close();
  }

  /** Renames `staged` over `path`, so a reader gets the old file or the new one. */
  async replace(staged: string, path: string): Promise<void> {
    const from = this.remote(staged);
    const to = this.remote(path);
    if (this.atomicRename) {
      try {
        await this.call('rename', path, (done) => this.sftp.ext_openssh_rename(from, to, done));
        return;
      } catch (error) {
        // ssh2 throws at once when the server lacks the extension; an answer from it is real.
        if (!/does not support/.test((error as Error).message)) throw error;
        this.atomicRename = false;
      }
    }
    // A plain SFTP rename refuses an existing target: the old file moves aside first (for this
    // moment the name is free), and back when the new one cannot take its place.
    const aside = `${staged}.old`;
    const hadOld = await this.rename(path, aside, path).then(
      () => true,
      (error: unknown) => {
        if (isMissing(error)) return false;
        throw error;
      },
    );
    try {
      await this.rename(staged, path, path);
    } catch (error) {
      if (hadOld) await this.rename(aside, path, path).catch(() => undefined);
      throw error;
    }
    if (hadOld) await this.remove(aside);
  }

  /** A plain rename, which fails when `to` exists; a failure names `shown`. */
  async rename(from: string, to: string, shown = to): Promise<void> {
    await this.call('rename', shown, (done) =>
      this.sftp.rename(this.remote(from), this.remote(to), done),
    );
  }

  /** Deletes the file; one that is gone already is fine. */
  async remove(path: string): Promise<void> {
    try {
      await this.call('delete', path, (done) => this.sftp.unlink(this.remote(path), done));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  /** Deletes the empty folder. */
  async removeFolder(path: string): Promise<void> {
    await this.call('delete the folder', path, (done) => this.sftp.rmdir(this.remote(path), done));
  }

  async createTarget(): Promise<void> {
    for (const folder of foldersDownTo(this.target.path)) {
      // oxlint-disable-next-line no-await-in-loop -- a folder before the one inside it
      const there = await this.call<Stats>('lstat', '', (done) =>
        this.sftp.stat(folder, done),
      ).catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      // oxlint-disable-next-line no-await-in-loop -- a folder before the one inside it
      if (!there) await this.call('create the folder', '', (done) => this.sftp.mkdir(folder, done));
    }
  }

  /** The bytes free for the login user where the target is, when the server tells. */
  async freeBytes(): Promise<number | undefined> {
    try {
      const info = await this.call<{ f_bavail: number; f_frsize: number }>('statvfs', '', (done) =>
        this.sftp.ext_openssh_statvfs(this.target.path, done),
      );
      return Number(info.f_bavail) * Number(info.f_frsize);
    } catch {
      return undefined;
    }
  }

  close(): void {
    this.watch.stop();
    this.client.end();
  }
}

type Stats = {
  size: number;
  mtime: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
};

function entryOf(name: string, stats: Stats): ListedEntry {
  const kind = stats.isSymbolicLink()
    ? 'link'
    : stats.isDirectory()
      ? 'folder'
      : stats.isFile()
        ? 'file'
        : 'other';
  return { name, kind, size: Number(stats.size), mtime: Number(stats.mtime) };
}

/** Logs in to the target with checked host key and opens SFTP, or throws a DeployError. */
export async function openSftpSession(
  target: DeployTarget,
  credentials: Credentials,
  idleLimit = IDLE_LIMIT_MS,
): Promise<SftpSession> {
  const knownHosts = knownHostsText(credentials);
  const entries = parseKnownHosts(knownHosts.text);
  const methods = authMethods(target.username, credentials);
  if (methods.length === 0) {
    throw new DeployError(
      `No way to log in as ${target.username} at ${target.host}:${target.port}: set DEPLOY_SSH_KEY to a key file, start an ` +
        'SSH agent, put a key in ~/.ssh/, or set DEPLOY_PASSWORD.',
    );
  }
  const tried = methods.map((method) => method.what).join(', ');
  let refusal: string | undefined;
  const config: ConnectConfig = {
    host: target.host,
    port: target.port,
    username: target.username,
    readyTimeout: LOGIN_LIMIT_MS,
    // A line that goes quiet without a reset (a laptop's Wi-Fi gone) ends the session.
    keepaliveInterval: 5_000,
    keepaliveCountMax: 3,
    algorithms: {
      serverHostKey: hostKeyAlgorithms(entries, target.host, target.port, [
        'ssh-ed25519',
        'ecdsa-sha2-nistp256',
        'ecdsa-sha2-nistp384',
        'ecdsa-sha2-nistp521',
        'rsa-sha2-512',
        'rsa-sha2-256',
      ]) as NonNullable<ConnectConfig['algorithms']>['serverHostKey'],
    },
    hostVerifier: (key: Buffer) => {
      const verdict = checkHostKey(entries, target.host, target.port, key);
      refusal = hostKeyMessage(target, verdict, knownHosts.file) || undefined;
      return refusal === undefined;
    },
    // ssh2 reads the fields of its method and leaves `what` alone.
    authHandler: methods as ConnectConfig['authHandler'],
  };
  const client = new Client();
  await new Promise<void>((resolve, reject) => {
    client.once('ready', () => resolve());
    // Kept for the whole login: ssh2 may report more than one error, and one unheard would throw.
    client.on('error', (error: Error & { level?: string; code?: string }) => {
      const message = refusal ?? connectionMessage(target, error, tried);
      // Busy servers drop logins that wait for their turn (OpenSSH's MaxStartups).
      const dropped =
        !refusal && (error.code === 'ECONNRESET' || /lost before handshake/.test(error.message));
      reject(dropped ? new LoginTurnedAway(message) : new DeployError(message));
    });
    client.connect(config);
    // Each request is a small packet that waits for its answer: Nagle's algorithm would hold it
    // back until the server acknowledged the one before.
    client.setNoDelay(true);
  });
  const sftp = await new Promise<SFTPWrapper>((resolve, reject) =>
    client.sftp((error, session) =>
      error
        ? reject(
            new DeployError(
              `${target.host} logged in ${target.username} but offers no SFTP: ${error.message}`,
            ),
          )
        : resolve(session),
    ),
  ).catch((error: unknown) => {
    client.end();
    throw error;
  });
  return new SftpSession(client, sftp, target, idleLimit);
}
