import type { LockStore } from './lock.ts';

/**
 * What a deploy asks of the server, whichever protocol carries it (SFTP or FTP over TLS): one
 * plan and one executor, two sessions behind this interface.
 */

/** One entry of a folder's listing, as the server sees it without following links. */
export interface ListedEntry {
  name: string;
  kind: 'file' | 'folder' | 'link' | 'other';
  size: number;
  /** Seconds since 1970, the server's record. */
  mtime: number;
}

/** What went wrong with a request, as far as the deploy tells causes apart. */
export type FailureKind = 'missing' | 'denied' | 'full' | 'failed';

/** A refused or failed request, with what was asked and of which path below the target. */
export class TransferFailure extends Error {
  readonly kind: FailureKind;
  readonly operation: string;
  readonly path: string;

  constructor(message: string, kind: FailureKind, operation: string, path: string) {
    super(message);
    this.kind = kind;
    this.operation = operation;
    this.path = path;
  }
}

export const isMissing = (error: unknown) =>
  error instanceof TransferFailure && error.kind === 'missing';

/** An error whose message is the one line the deploy prints. */
export class DeployError extends Error {}

/**
 * Where `npm run deploy` publishes, read from an address such as `sftp://USER@HOST[:PORT]/PATH`;
 * the protocol is a key of the transport table.
 */
export interface DeployTarget {
  protocol: string;
  username: string;
  host: string;
  port: number;
  /** The folder on the server: absolute, or relative to the login folder (`/~/www`). */
  path: string;
}

export interface DeploySession extends LockStore {
  /** The path on the server of `path` below the target ('' is the target itself). */
  remote(path: string): string;
  /** The folder's entries, or undefined when it does not exist. */
  list(path: string): Promise<ListedEntry[] | undefined>;
  /** The file's content, or undefined when it does not exist. */
  read(path: string): Promise<Buffer | undefined>;
  /** What is at the path, without following a link; undefined when nothing is. */
  lstat(path: string): Promise<ListedEntry | undefined>;
  /** Renames `staged` over `path`, so that a reader gets the old file or the new one. */
  replace(staged: string, path: string): Promise<void>;
  /** Makes the target folder, and each missing folder above it. */
  createTarget(): Promise<void>;
  /** The bytes free where the target is, when the server tells. */
  freeBytes(): Promise<number | undefined>;
  close(): void;
}

/** What the owner gives the deploy to log in with, whichever transport uses which. */
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
  /**
   * A certificate (PEM) to trust for FTPS besides the machine's, as NODE_EXTRA_CA_CERTS adds one
   * when the process starts.
   */
  trustedCertificate?: string;
  /** The user's folder, for the default keys and known_hosts. */
  home?: string;
}

/**
 * How long a transfer may go without progress on any transport. A request moves at most one chunk,
 * so this bounds the time without progress, not the time a large file takes.
 */
export const IDLE_LIMIT_MS = 30_000;

/**
 * The slowest upload line the deploy is made for: bytes handed to the system's buffers (which
 * hold far more than a slow line carries in the idle limit) buy the time they need at this rate.
 */
export const SLOWEST_LINE_BYTES_PER_SECOND = 8 * 1024;

/** How long a login may take: key exchange and password checks are slow on a busy server. */
export const LOGIN_LIMIT_MS = 20_000;

/** A login the server cut off or turned away for now, as busy hosts do: worth another try. */
export class LoginTurnedAway extends DeployError {}

/** How many times a login turned away is tried, and the pause before the second try. */
export const LOGIN_ATTEMPTS = 3;
export const LOGIN_RETRY_PAUSE_MS = 1_000;

/** Opens a logged-in session on the target, or throws a DeployError that says why not. */
export type OpenSession = (
  target: DeployTarget,
  credentials: Credentials,
  idleLimit?: number,
) => Promise<DeploySession>;

/** A protocol the deploy can publish over: its port when the address names none, and its session. */
export interface Transport {
  defaultPort: number;
  open: OpenSession;
}

/** Each folder from the top down to `path`, as the server names it: `/a/b` gives `/a`, `/a/b`. */
export function foldersDownTo(path: string): string[] {
  const top = path.startsWith('/') ? '/' : '';
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  return parts.map((_, index) => top + parts.slice(0, index + 1).join('/'));
}

/** Opens a session, trying again after a pause that grows when the server turns the login away. */
export async function openSession(
  transport: Transport,
  target: DeployTarget,
  credentials: Credentials,
  idleLimit?: number,
  sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms)),
): Promise<DeploySession> {
  for (let attempt = 1; ; attempt++) {
    try {
      // oxlint-disable-next-line no-await-in-loop -- one login after the other
      return await transport.open(target, credentials, idleLimit);
    } catch (error) {
      if (!(error instanceof LoginTurnedAway) || attempt >= LOGIN_ATTEMPTS) throw error;
      // oxlint-disable-next-line no-await-in-loop -- a pause before the next login
      await sleep(LOGIN_RETRY_PAUSE_MS * attempt);
    }
  }
}
