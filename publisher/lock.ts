import { randomBytes } from 'node:crypto';
import { LOCK_NAME } from './plan.ts';
import { IDLE_LIMIT_MS, type ListedEntry } from './session.ts';

/**
 * One deploy at a time on a target: a lock folder created on the server (making a folder that
 * exists fails, on SFTP and FTP alike), a file in it naming the holder, renewed while the deploy
 * runs and given back at its end.
 */

/** The file in the lock folder that names its holder. */
export const HOLDER_FILE = `${LOCK_NAME}/holder.json`;

/**
 * The lock's times, all from the one idle limit, so that the tests shorten every wait at once:
 * how long a second deploy waits, how often the holder rewrites its file, how long a waiter must
 * see that file unchanged before it takes the lock over, and how often it looks.
 */
export function lockTimes(idleLimit = IDLE_LIMIT_MS) {
  return { wait: idleLimit * 4, renew: idleLimit / 2, stale: idleLimit * 3, poll: idleLimit / 30 };
}

export const { wait: LOCK_WAIT_MS, renew: LOCK_RENEW_MS, stale: LOCK_STALE_MS } = lockTimes();

export interface LockHolder {
  host: string;
  pid: number;
  user: string;
  /** When the holder started, ISO 8601. */
  started: string;
  /** Tells this holder's lock from a later one at the same name. */
  token: string;
  /** How many times the holder has rewritten its file: the sign of life a waiter watches. */
  renewal?: number;
}

/** The file operations the lock needs, on SFTP and FTP alike; no server time is read. */
export interface LockStore {
  /** Makes the folder; fails when anything exists at the name. */
  mkdir(path: string): Promise<void>;
  writeNew(path: string, data: Buffer): Promise<void>;
  /** Writes the file, replacing what it held. */
  overwrite(path: string, data: Buffer): Promise<void>;
  removeFolder(path: string): Promise<void>;
  read(path: string): Promise<Buffer | undefined>;
  lstat(path: string): Promise<Pick<ListedEntry, 'kind'> | undefined>;
  /** Fails when `from` is gone or `to` exists. */
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
}

export interface LockOptions {
  holder: Omit<LockHolder, 'token' | 'renewal'>;
  /** The one setting every time of the lock derives from (`lockTimes`). */
  idleLimit?: number;
  /** This machine's clock: the only clock the lock reads. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Whether the deploy that holds a lock of this machine still runs. */
  isAlive?: (holder: LockHolder) => boolean;
  onWait?: (holder: LockHolder | undefined) => void;
  onTakeOver?: (holder: LockHolder | undefined, why: string) => void;
  signal?: AbortSignal;
}

export interface HeldLock {
  holder: LockHolder;
  /** Gives the lock back, if it is still this deploy's. */
  release(): Promise<void>;
}

/** The one line that names a lock's holder. */
export function describeHolder(holder: LockHolder | undefined): string {
  if (!holder) return 'a deploy that left no name';
  return `the deploy of ${holder.user}@${holder.host} (process ${holder.pid}, started ${holder.started})`;
}

export class LockBusy extends Error {}

/** Something at the lock's name that the deploy did not make; it is left as it is. */
export class NotALock extends Error {}

function parseHolder(data: Buffer | undefined): LockHolder | undefined {
  try {
    const value = JSON.parse(data?.toString('utf8') ?? '') as Partial<LockHolder>;
    const fields = [value.host, value.user, value.started, value.token];
    if (fields.every((field) => typeof field === 'string') && Number.isInteger(value.pid)) {
      return value as LockHolder;
    }
  } catch {
    // A lock cut short or written by hand names no holder; watching it alone decides.
  }
  return undefined;
}

/** The tokens of the locks this process holds now. */
const heldHere = new Set<string>();

/** Whether the holder's process runs, and, when that is this process, whether it holds the lock. */
const holderRuns = (holder: LockHolder) => {
  if (holder.pid === process.pid) return heldHere.has(holder.token);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Watches a lock on this machine's clock: it is abandoned when its holder file (or its absence)
 * stays the same for the stale time, however far the holder's clock or the server's is off.
 */
export class LockWatch {
  private seen: string | undefined;
  private since = 0;
  private readonly stale: number;
  private readonly now: () => number;

  constructor(stale: number, now: () => number) {
    this.stale = stale;
    this.now = now;
  }

  /** Why the lock may be taken over, or undefined while its holder may still be at work. */
  judge(
    data: Buffer | undefined,
    context: { host: string; isAlive: (holder: LockHolder) => boolean },
  ): string | undefined {
    const holder = parseHolder(data);
    if (holder && holder.host === context.host && !context.isAlive(holder)) {
      return 'its deploy has ended';
    }
    const content = data ? data.toString('base64') : '';
    if (this.seen !== content) {
      this.seen = content;
      this.since = this.now();
      return undefined;
    }
    const unchanged = this.now() - this.since;
    if (unchanged >= this.stale) {
      return `it was not renewed while this deploy watched it for ${Math.round(unchanged / 1000)} s`;
    }
    return undefined;
  }
}

const KIND_NAMES: Record<string, string> = { file: 'a file', link: 'a symbolic link' };

/** Takes the target's lock, waiting for another deploy to finish; throws LockBusy when it does not. */
export async function acquireLock(store: LockStore, options: LockOptions): Promise<HeldLock> {
  const times = lockTimes(options.idleLimit);
  const {
    now = Date.now,
    sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms)),
    isAlive = holderRuns,
  } = options;
  const holder: LockHolder = { ...options.holder, token: randomBytes(8).toString('hex') };
  const deadline = now() + times.wait;
  const watch = new LockWatch(times.stale, now);
  let waited = false;
  let vanished = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      // oxlint-disable-next-line no-await-in-loop -- one attempt after the other
      await store.mkdir(LOCK_NAME);
    } catch (error) {
      // oxlint-disable-next-line no-await-in-loop -- one attempt after the other
      const existing = await store.lstat(LOCK_NAME);
      if (!existing) {
        // Given back between the two requests, or a folder the target refuses (full, read-only).
        if (++vanished > 3) throw error;
        continue;
      }
      if (existing.kind !== 'folder') {
        throw new NotALock(
          `${LOCK_NAME} in the target is ${KIND_NAMES[existing.kind] ?? 'not a folder'}, not the ` +
            "deploy's lock folder; the deploy left it as it is and changed nothing. Rename or remove " +
            'it if nothing of yours needs it, then deploy again.',
        );
      }
      // oxlint-disable-next-line no-await-in-loop -- one attempt after the other
      const data = await store.read(HOLDER_FILE);
      const why = watch.judge(data, { host: holder.host, isAlive });
      if (why) {
        // oxlint-disable-next-line no-await-in-loop -- one attempt after the other
        if (await takeOver(store, data)) options.onTakeOver?.(parseHolder(data), why);
        continue;
      }
      if (now() >= deadline) {
        throw new LockBusy(
          `${describeHolder(parseHolder(data))} is publishing to this target; waited ` +
            `${Math.round(times.wait / 1000)} s and changed nothing. Run the deploy again when it ` +
            'has finished.',
        );
      }
      if (!waited) options.onWait?.(parseHolder(data));
      waited = true;
      // oxlint-disable-next-line no-await-in-loop -- polling the lock
      await sleep(times.poll);
      continue;
    }
    try {
      // oxlint-disable-next-line no-await-in-loop -- once, when the folder is made
      await store.writeNew(HOLDER_FILE, serialize(holder));
    } catch (error) {
      // oxlint-disable-next-line no-await-in-loop -- once, when the folder is made
      await removeLock(store, LOCK_NAME).catch(() => undefined);
      throw error;
    }
    return held(store, holder, times.renew);
  }
}

const serialize = (holder: LockHolder) => Buffer.from(`${JSON.stringify(holder)}\n`);

/**
 * Moves a stale lock aside under a name of its own and deletes it, if it is still the one that
 * was judged: of two deploys taking over at once, only one rename succeeds.
 */
async function takeOver(store: LockStore, judged: Buffer | undefined): Promise<boolean> {
  const aside = `${LOCK_NAME}.${randomBytes(8).toString('hex')}.stale`;
  try {
    await store.rename(LOCK_NAME, aside);
  } catch {
    return false;
  }
  const moved = await store.read(`${aside}/holder.json`);
  if (judged && moved && !moved.equals(judged)) {
    // A fresh lock took the stale one's place in the meantime: it goes back.
    const back = await store.rename(aside, LOCK_NAME).then(
      () => true,
      () => false,
    );
    if (back) return false;
  }
  await removeLock(store, aside);
  return true;
}

async function removeLock(store: LockStore, folder: string): Promise<void> {
  await store.remove(`${folder}/holder.json`);
  await store.removeFolder(folder);
}

function held(store: LockStore, holder: LockHolder, renew: number): HeldLock {
  let renewal = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // A renewal that fails is left alone: the deploy's own next request reports the connection.
    writing = store
      .overwrite(HOLDER_FILE, serialize({ ...holder, renewal: ++renewal }))
      .catch(() => undefined);
  }, renew);
  timer.unref();
  heldHere.add(holder.token);
  return {
    holder,
    async release() {
      clearInterval(timer);
      // Held until the folder is gone: a waiter in this process must not judge the deploy ended.
      try {
        await writing;
        const current = parseHolder(await store.read(HOLDER_FILE));
        if (current?.token === holder.token) await removeLock(store, LOCK_NAME);
      } finally {
        heldHere.delete(holder.token);
      }
    },
  };
}
