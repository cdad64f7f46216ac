import { isIP } from 'node:net';
import { posix } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { Client, FileType, FTPError, type FileInfo } from 'basic-ftp';
import {
  DeployError,
  foldersDownTo,
  IDLE_LIMIT_MS,
  LOGIN_LIMIT_MS,
  LoginTurnedAway,
  SLOWEST_LINE_BYTES_PER_SECOND,
  TransferFailure,
  type Credentials,
  type DeploySession,
  type DeployTarget,
  type FailureKind,
  type ListedEntry,
} from '../session.ts';
import { IdleWatch } from '../idle-watch.ts';

/** The FTP-over-TLS side of `npm run deploy` (explicit TLS, `AUTH TLS`): logging in and the file operations. */

/** Node's names for a certificate it does not trust, and what each means to the owner. */
const CERTIFICATE_PROBLEMS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'has expired',
  CERT_NOT_YET_VALID: 'is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'is made out for another name',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'is self-signed, and this machine does not trust it',
  SELF_SIGNED_CERT_IN_CHAIN: 'comes from an authority this machine does not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'comes from an authority this machine does not trust',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'comes from an authority this machine does not trust',
};

/** The one line for a failed connection, TLS handshake or login, naming the cause. */
function connectionMessage(target: DeployTarget, error: Error & { code?: unknown }): string {
  const where = `${target.host}:${target.port}`;
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code && CERTIFICATE_PROBLEMS[code]) {
    return (
      `The TLS certificate of ${where} ${CERTIFICATE_PROBLEMS[code]} (${code}). Nothing was ` +
      'uploaded. Ask the host which certificate the FTP server shows; one of its own can be ' +
      'trusted with NODE_EXTRA_CA_CERTS=FILE.'
    );
  }
  if (error instanceof FTPError) {
    if (error.code === 530) {
      return `${where} refused the login as ${target.username} with DEPLOY_PASSWORD. Nothing was uploaded.`;
    }
    if ([500, 502, 504, 534].includes(error.code) && /AUTH|TLS/i.test(error.message)) {
      return (
        `${where} does not offer FTP over TLS (AUTH TLS). Nothing was uploaded. Ask the host to ` +
        'turn on FTPS ("FTP with TLS", "explicit FTPS"), or use its SFTP access: sftp://…'
      );
    }
    return `The FTP server ${where} refused the connection: ${error.message}. Nothing was uploaded.`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `Cannot find the host ${target.host} (${code}). Nothing was uploaded.`;
  }
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ECONNRESET') {
    return `Cannot reach ${where} (${code}). Nothing was uploaded.`;
  }
  if (/FIN packet/.test(error.message)) {
    return `${where} closed the connection before the login was complete. Nothing was uploaded.`;
  }
  if (/timeout/i.test(error.message))
    return `${where} did not answer in time. Nothing was uploaded.`;
  return `The FTPS connection to ${where} failed: ${error.message}. Nothing was uploaded.`;
}

/** A login the server closed or refused for now (421: too many connections, going down). */
function turnedAway(error: unknown): boolean {
  if (error instanceof FTPError) return error.code === 421;
  const { code, message } = error as Error & { code?: unknown };
  return code === 'ECONNRESET' || /FIN packet/.test(message);
}

/** What an FTP reply code means for the deploy; 550 is "not found" or "not allowed" alike. */
function kindOf(error: unknown, reading: boolean): FailureKind {
  if (!(error instanceof FTPError)) return 'failed';
  if (error.code === 452 || error.code === 552) return 'full';
  // A write the server could not complete: on the servers tested, the disk or the quota.
  if (error.code === 451 && /writ|space|full|quota/i.test(error.message)) return 'full';
  if (error.code === 550) return reading ? 'missing' : 'denied';
  if (error.code === 553 || error.code === 530 || error.code === 532) return 'denied';
  return 'failed';
}

const kinds: Record<number, ListedEntry['kind']> = {
  [FileType.File]: 'file',
  [FileType.Directory]: 'folder',
  [FileType.SymbolicLink]: 'link',
};

const entryOf = (info: FileInfo): ListedEntry => ({
  name: info.name,
  kind: kinds[info.type] ?? 'other',
  size: info.size,
  mtime: info.modifiedAt ? Math.floor(info.modifiedAt.getTime() / 1000) : 0,
});

/** An open FTPS session with the operations the deploy needs; FTP runs one command at a time. */
export class FtpsSession implements DeploySession {
  readonly target: DeployTarget;
  private readonly client: Client;
  private readonly watch: IdleWatch;
  /** The target as an absolute path, so that changing the working folder moves nothing. */
  private readonly base: string;
  private queue: Promise<unknown> = Promise.resolve();
  /** Why the connection went, for every operation after it: the first may have been let pass. */
  private lostBecause: string | undefined;

  constructor(client: Client, target: DeployTarget, home: string, idleLimit = IDLE_LIMIT_MS) {
    this.client = client;
    this.target = target;
    this.base = posix.resolve(home, target.path);
    this.watch = new IdleWatch(idleLimit, (seconds) =>
      client.ftp.closeWithError(new Error(`the server did not answer for ${seconds} s`)),
    );
    let moved = 0;
    client.trackProgress((info) => {
      const bytes = info.bytesOverall - moved;
      moved = info.bytesOverall;
      if (bytes > 0) this.watch.progress((bytes / SLOWEST_LINE_BYTES_PER_SECOND) * 1000);
    });
  }

  remote(path: string): string {
    return path === '' ? this.base : posix.join(this.base, path);
  }

  /** One operation after the one before; a failure names the operation and the path. */
  private run<T>(operation: string, path: string, reading: boolean, task: () => Promise<T>) {
    const result = this.queue.then(async () => {
      if (this.client.closed) {
        const why = this.lostBecause ? `connection lost: ${this.lostBecause}` : 'connection lost';
        throw new TransferFailure(why, 'failed', operation, path);
      }
      this.watch.begin();
      try {
        return await task();
      } catch (error) {
        const message = (error as Error).message;
        const lost = this.client.closed || /timeout|closed|ECONNRESET/i.test(message);
        if (lost) this.lostBecause ??= message;
        throw new TransferFailure(
          lost ? `connection lost: ${message}` : message,
          lost ? 'failed' : kindOf(error, reading),
          operation,
          path,
        );
      } finally {
        this.watch.end();
      }
    });
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async orMissing<T>(promise: Promise<T>): Promise<T | undefined> {
    try {
      return await promise;
    } catch (error) {
      if (error instanceof TransferFailure && error.kind === 'missing') return undefined;
      throw error;
    }
  }

  /**
   * The folder is entered first: the server's answer to `CWD` tells a missing folder from an
   * empty one, which a listing of a missing path does not on every server.
   */
  list(path: string): Promise<ListedEntry[] | undefined> {
    return this.orMissing(
      this.run('list', path, true, async () => {
        await this.client.send(`CWD ${this.remote(path)}`);
        return (await this.client.list())
          .filter((info) => info.name !== '.' && info.name !== '..')
          .map(entryOf);
      }),
    );
  }

  async lstat(path: string): Promise<ListedEntry | undefined> {
    const full = this.remote(path);
    const parent = posix.dirname(full);
    if (parent === full) return { name: '', kind: 'folder', size: 0, mtime: 0 };
    const entries = await this.orMissing(
      this.run('list', path, true, async () => {
        await this.client.send(`CWD ${parent}`);
        return this.client.list();
      }),
    );
    const found = entries?.find((info) => info.name === posix.basename(full));
    return found && entryOf(found);
  }

  /** A file the server refuses to send but lists is refused, not missing. */
  async read(path: string): Promise<Buffer | undefined> {
    const data = await this.download(path);
    if (data === undefined && (await this.lstat(path))) {
      throw new TransferFailure('the server refused to send it', 'denied', 'read', path);
    }
    return data;
  }

  private download(path: string): Promise<Buffer | undefined> {
    return this.orMissing(
      this.run('read', path, true, async () => {
        const chunks: Buffer[] = [];
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        });
        await this.client.downloadTo(sink, this.remote(path));
        return Buffer.concat(chunks);
      }),
    );
  }

  async mkdir(path: string): Promise<void> {
    await this.run('create the folder', path, false, () =>
      this.client.send(`MKD ${this.remote(path)}`),
    );
  }

  /** FTP has no exclusive create; the random temporary names keep a planted file out. */
  async writeNew(path: string, data: Buffer): Promise<void> {
    await this.run('write', path, false, () =>
      this.client.uploadFrom(Readable.from([data]), this.remote(path)),
    );
  }

  /** STOR replaces what the file held. */
  async overwrite(path: string, data: Buffer): Promise<void> {
    await this.run('write', path, false, () =>
      this.client.uploadFrom(Readable.from([data]), this.remote(path)),
    );
  }

  async replace(staged: string, path: string): Promise<void> {
    try {
      await this.rename(staged, path, path);
      return;
    } catch (error) {
      if (!(error instanceof TransferFailure) || error.kind === 'failed') throw error;
    }
    // A server that refuses to rename over an existing file: the old one moves aside first, and
    // back when the new one cannot take its place.
    const aside = `${staged}.old`;
    await this.rename(path, aside, path);
    try {
      await this.rename(staged, path, path);
    } catch (error) {
      await this.rename(aside, path, path).catch(() => undefined);
      throw error;
    }
    await this.remove(aside);
  }

  async rename(from: string, to: string, shown = to): Promise<void> {
    await this.run('rename', shown, false, () =>
      this.client.rename(this.remote(from), this.remote(to)),
    );
  }

  async remove(path: string): Promise<void> {
    // 550 is also the answer for a file that is gone already, which is fine.
    await this.orMissing(
      this.run('delete', path, true, () => this.client.remove(this.remote(path))),
    );
  }

  async removeFolder(path: string): Promise<void> {
    await this.run('delete the folder', path, false, () =>
      this.client.send(`RMD ${this.remote(path)}`),
    );
  }

  async createTarget(): Promise<void> {
    for (const folder of foldersDownTo(this.base)) {
      // The server's answer to entering it tells whether it is there.
      // oxlint-disable-next-line no-await-in-loop -- a folder before the one inside it
      await this.run('create the folder', '', false, async () => {
        const there = await this.client.send(`CWD ${folder}`).then(
          () => true,
          (error: unknown) => {
            if (error instanceof FTPError && error.code === 550) return false;
            throw error;
          },
        );
        if (!there) await this.client.send(`MKD ${folder}`);
      });
    }
  }

  /** FTP has no standard way to ask. */
  freeBytes(): Promise<number | undefined> {
    return Promise.resolve(undefined);
  }

  close(): void {
    this.watch.stop();
    this.client.close();
  }
}

/**
 * The trust store with one more certificate, made once: every data connection is a TLS connection
 * of its own, and a list of roots given as text would be parsed again for each.
 */
const trustStores = new Map<string, SecureContext>();
const trustStoreWith = (certificate: string) => {
  let store = trustStores.get(certificate);
  if (!store) {
    store = createSecureContext({ ca: [...rootCertificates, certificate] });
    trustStores.set(certificate, store);
  }
  return store;
};

/** Logs in over explicit TLS with a verified certificate, or throws a DeployError. */
export async function openFtpsSession(
  target: DeployTarget,
  credentials: Pick<Credentials, 'password' | 'trustedCertificate'>,
  idleLimit = IDLE_LIMIT_MS,
): Promise<FtpsSession> {
  const { password, trustedCertificate } = credentials;
  if (!password) {
    throw new DeployError(
      `No password for ${target.username}: set DEPLOY_PASSWORD (FTP logs in with a password only).`,
    );
  }
  // No timeout of the client's own: it bounds a whole transfer; the idle watch bounds silence.
  const client = new Client(0);
  const silent = setTimeout(
    () => client.ftp.closeWithError(new Error('Timeout (login)')),
    Math.max(idleLimit, LOGIN_LIMIT_MS),
  );
  try {
    await client.access({
      host: target.host,
      port: target.port,
      user: target.username,
      password,
      secure: true,
      // The machine's trust store, with NODE_EXTRA_CA_CERTS; the name is checked against the host.
      secureOptions: {
        servername: isIP(target.host) ? undefined : target.host,
        rejectUnauthorized: true,
        ...(trustedCertificate && { secureContext: trustStoreWith(trustedCertificate) }),
      },
    });
  } catch (error) {
    client.close();
    const message = connectionMessage(target, error as Error);
    throw turnedAway(error) ? new LoginTurnedAway(message) : new DeployError(message);
  } finally {
    clearTimeout(silent);
  }
  const home = await client.pwd().catch(() => '/');
  return new FtpsSession(client, target, home, idleLimit);
}
