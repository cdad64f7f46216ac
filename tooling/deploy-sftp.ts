import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import ssh2, { type AuthenticationType, type ConnectConfig, type SFTPWrapper } from 'ssh2';
import { describeTarget, type DeployTarget } from './deploy-target.ts';
import {
  checkHostKey,
  hostKeyAlgorithms,
  parseKnownHosts,
  type HostKeyVerdict,
} from './known-hosts.ts';

/** The SFTP side of `npm run deploy`: logging in, checking the host, and the file operations. */

const { Client, utils } = ssh2;

/** An error whose message is the one line the deploy prints. */
export class DeployError extends Error {}

export interface Credentials {
  /** DEPLOY_SSH_KEY: the one key file to use. */
  keyFile?: string;
  /** DEPLOY_SSH_KEY_PASSPHRASE, for an encrypted key file. */
  passphrase?: string;
  /** SSH_AUTH_SOCK: the running SSH agent. */
  agent?: string;
  /** DEPLOY_PASSWORD. */
  password?: string;
  /** DEPLOY_KNOWN_HOSTS, else ~/.ssh/known_hosts. */
  knownHosts?: string;
  /** The user's folder, for the default keys and known_hosts. */
  home?: string;
}

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
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file, text: '' };
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

/** An open SFTP session with the few operations the deploy needs, as promises. */
export class SftpSession {
  /** Whether the server renames over an existing file in one step (posix-rename@openssh.com). */
  atomicRename = true;

  private readonly client: InstanceType<typeof Client>;
  private readonly sftp: SFTPWrapper;
  readonly target: DeployTarget;

  /** Set when the connection ended; every call then fails at once instead of waiting forever. */
  private lost: Error | undefined;
  private readonly waiting = new Set<(error: Error) => void>();

  constructor(client: InstanceType<typeof Client>, sftp: SFTPWrapper, target: DeployTarget) {
    this.client = client;
    this.sftp = sftp;
    this.target = target;
    const end = (error?: Error) => {
      this.lost ??= new Error(error ? `connection lost: ${error.message}` : 'connection lost');
      for (const reject of this.waiting) reject(this.lost);
      this.waiting.clear();
    };
    client.on('error', end);
    client.on('close', () => end());
  }

  private remote(path: string): string {
    return path === '' ? this.target.path : `${this.target.path}/${path}`;
  }

  private call<T>(start: (done: (error: Error | undefined | null, value?: T) => void) => void) {
    return new Promise<T>((resolve, reject) => {
      if (this.lost) return reject(this.lost);
      this.waiting.add(reject);
      start((error, value) => {
        this.waiting.delete(reject);
        if (error) reject(error);
        else resolve(value as T);
      });
    });
  }

  /** The file's content, or undefined when it does not exist. */
  async read(path: string): Promise<Buffer | undefined> {
    try {
      return await this.call<Buffer>((done) => this.sftp.readFile(this.remote(path), done));
    } catch (error) {
      if (isNoSuchFile(error)) return undefined;
      throw error;
    }
  }

  /** Makes the folder (below the target; '' is the target itself) unless it exists. */
  async ensureFolder(path: string): Promise<void> {
    const remote = this.remote(path);
    try {
      await this.call((done) => this.sftp.stat(remote, done));
    } catch (error) {
      if (!isNoSuchFile(error)) throw error;
      await this.call((done) => this.sftp.mkdir(remote, done));
    }
  }

  /** Writes under `temporary`, then renames over `path`, so a reader gets the old or the new. */
  async writeAtomically(path: string, temporary: string, data: Buffer): Promise<void> {
    const target = this.remote(path);
    const staged = this.remote(temporary);
    await this.call((done) => this.sftp.writeFile(staged, data, done));
    if (this.atomicRename) {
      try {
        await this.call((done) => this.sftp.ext_openssh_rename(staged, target, done));
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
    const rename = (from: string, to: string) =>
      this.call((done) => this.sftp.rename(from, to, done));
    const hadOld = await rename(target, aside).then(
      () => true,
      (error: unknown) => {
        if (isNoSuchFile(error)) return false;
        throw error;
      },
    );
    try {
      await rename(staged, target);
    } catch (error) {
      if (hadOld) await rename(aside, target).catch(() => undefined);
      throw error;
    }
    if (hadOld) await this.call((done) => this.sftp.unlink(aside, done));
  }

  /** Deletes the file; one that is gone already is fine. */
  async remove(path: string): Promise<void> {
    try {
      await this.call((done) => this.sftp.unlink(this.remote(path), done));
    } catch (error) {
      if (!isNoSuchFile(error)) throw error;
    }
  }

  close(): void {
    this.client.end();
  }
}

function isNoSuchFile(error: unknown): boolean {
  // SFTP status 2 is SSH_FX_NO_SUCH_FILE.
  return (error as { code?: unknown }).code === 2;
}

/** Logs in to the target with checked host key and opens SFTP, or throws a DeployError. */
export async function openSession(
  target: DeployTarget,
  credentials: Credentials,
): Promise<SftpSession> {
  const knownHosts = knownHostsText(credentials);
  const entries = parseKnownHosts(knownHosts.text);
  const methods = authMethods(target.username, credentials);
  if (methods.length === 0) {
    throw new DeployError(
      `No way to log in to ${describeTarget(target)}: set DEPLOY_SSH_KEY to a key file, start an ` +
        'SSH agent, put a key in ~/.ssh/, or set DEPLOY_PASSWORD.',
    );
  }
  const tried = methods.map((method) => method.what).join(', ');
  let refusal: string | undefined;
  const config: ConnectConfig = {
    host: target.host,
    port: target.port,
    username: target.username,
    readyTimeout: 20_000,
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
    client.on('error', (error) =>
      reject(new DeployError(refusal ?? connectionMessage(target, error, tried))),
    );
    client.connect(config);
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
  return new SftpSession(client, sftp, target);
}
