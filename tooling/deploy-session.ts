import type { LockStore } from './deploy-lock.ts';
import type { DeployTarget } from './deploy-target.ts';

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

export interface DeploySession extends LockStore {
  readonly target: DeployTarget;
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
  /** The bytes free where the target is, when the server tells. */
  freeBytes(): Promise<number | undefined>;
  close(): void;
}
