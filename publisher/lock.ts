import { randomBytes } from 'node:crypto';
import { LOCK_NAME } from './plan.ts';

/**
 * One deploy at a time on a target: a lock folder created on the server (making a folder that
 * exists fails, on SFTP and FTP alike), a file in it naming the holder, renewed while the deploy
 * runs and given back at its end.
 */

/** The file in the lock folder that names its holder. */
export const HOLDER_FILE = `${LOCK_NAME}/holder.json`;

/** How long a second deploy waits for the first before it stops. */
export const LOCK_WAIT_MS = 120_000;
/** How often the holder shows it is alive, by setting the lock's modification time. */
export const LOCK_RENEW_MS = 15_000;
/** A lock not renewed for this long belongs to a deploy that is gone. */
export const LOCK_STALE_MS = 90_000;
const POLL_MS = 1_000;

export interface LockHolder {
  host: string;
  pid: number;
  user: string;
  /** When the holder started, ISO 8601. */
  started: string;
  /** Tells this holder's lock from a later one at the same name. */
  token: string;
}

/** The file operations the lock needs, as the SFTP session offers them. */
export interface LockStore {
  /** Makes the folder; fails when anything exists at the name. */
  mkdir(path: string): Promise<void>;
  writeNew(path: string, data: Buffer): Promise<void>;
  removeFolder(path: string): Promise<void>;
  read(path: string): Promise<Buffer | undefined>;
  lstat(path: string): Promise<{ mtime: number } | undefined>;
  /** Fails when `from` is gone or `to` exists. */
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  touch(path: string, when: Date): Promise<void>;
}

export interface LockOptions {
  holder: Omit<LockHolder, 'token'>;
  wait?: number;
  stale?: number;
  renew?: number;
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

function parseHolder(data: Buffer | undefined): LockHolder | undefined {
  try {
    const value = JSON.parse(data?.toString('utf8') ?? '') as Partial<LockHolder>;
    const fields = [value.host, value.user, value.started, value.token];
    if (fields.every((field) => typeof field === 'string') && Number.isInteger(value.pid)) {
      return value as LockHolder;
    }
  } catch {
    // A lock cut short or written by hand names no holder; its age alone decides.
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

/** Why a lock may be taken over, or undefined while its holder may still be at work. */
export function staleness(
  holder: LockHolder | undefined,
  mtimeSeconds: number,
  context: { host: string; now: number; stale: number; isAlive: (holder: LockHolder) => boolean },
): string | undefined {
  if (holder && holder.host === context.host && !context.isAlive(holder)) {
    return 'its deploy has ended';
  }
  const age = context.now - mtimeSeconds * 1000;
  if (age > context.stale) return `it was not renewed for ${Math.round(age / 1000)} s`;
  return undefined;
}

/** Takes the target's lock, waiting for another deploy to finish; throws LockBusy when it does not. */
export async function acquireLock(store: LockStore, options: LockOptions): Promise<HeldLock> {
  const {
    wait = LOCK_WAIT_MS,
    stale = LOCK_STALE_MS,
    renew = LOCK_RENEW_MS,
    now = Date.now,
    sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms)),
    isAlive = holderRuns,
  } = options;
  const holder: LockHolder = { ...options.holder, token: randomBytes(8).toString('hex') };
  const content = Buffer.from(`${JSON.stringify(holder)}\n`);
  const deadline = now() + wait;
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
      // oxlint-disable-next-line no-await-in-loop -- one attempt after the other
      const [data, file] = await Promise.all([store.read(HOLDER_FILE), store.lstat(HOLDER_FILE)]);
      const other = parseHolder(data);
      // A lock folder whose holder is not written yet is as old as the folder.
      const mtime = file?.mtime ?? existing.mtime;
      const why = staleness(other, mtime, { host: holder.host, now: now(), stale, isAlive });
      if (why) {
        // oxlint-disable-next-line no-await-in-loop -- one attempt after the other
        if (await takeOver(store, data)) options.onTakeOver?.(other, why);
        continue;
      }
      if (now() >= deadline) {
        throw new LockBusy(
          `${describeHolder(other)} is publishing to this target; waited ${Math.round(wait / 1000)} s ` +
            'and changed nothing. Run the deploy again when it has finished.',
        );
      }
      if (!waited) options.onWait?.(other);
      waited = true;
      // oxlint-disable-next-line no-await-in-loop -- polling the lock
      await sleep(POLL_MS);
      continue;
    }
    try {
      // oxlint-disable-next-line no-await-in-loop -- once, when the folder is made
      await store.writeNew(HOLDER_FILE, content);
      // The server's clock may differ from this machine's; the lock's age is read by ours.
      // oxlint-disable-next-line no-await-in-loop -- once, when the folder is made
      await store.touch(HOLDER_FILE, new Date(now()));
    } catch (error) {
      // oxlint-disable-next-line no-await-in-loop -- once, when the folder is made
      await removeLock(store, LOCK_NAME).catch(() => undefined);
      throw error;
    }
    return held(store, holder, renew, now);
  }
}

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

function held(store: LockStore, holder: LockHolder, renew: number, now: () => number): HeldLock {
  const timer = setInterval(() => {
    // A renewal that fails is left alone: the deploy's own next request reports the connection.
    store.touch(HOLDER_FILE, new Date(now())).catch(() => undefined);
  }, renew);
  timer.unref();
  heldHere.add(holder.token);
  return {
    holder,
    async release() {
      clearInterval(timer);
      heldHere.delete(holder.token);
      const current = parseHolder(await store.read(HOLDER_FILE));
      if (current?.token === holder.token) await removeLock(store, LOCK_NAME);
    },
  };
}
