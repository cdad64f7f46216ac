import { describe, expect, it, vi } from 'vitest';
import {
  acquireLock,
  HOLDER_FILE,
  LOCK_STALE_MS,
  LOCK_WAIT_MS,
  LockBusy,
  NotALock,
  type LockHolder,
  type LockStore,
} from './lock.ts';
import { LOCK_NAME } from './plan.ts';

const failure = (code: number) => Object.assign(new Error('refused'), { code });

/** A server folder in memory with SFTP's and FTP's semantics for the lock's operations, and a clock. */
function makeServer() {
  const files = new Map<string, { data: Buffer; mtime: number }>();
  const folders = new Map<string, number>();
  const clock = { now: 1_000_000_000_000 };
  const seconds = () => Math.floor(clock.now / 1000);
  const store: LockStore = {
    async mkdir(path) {
      if (folders.has(path) || files.has(path)) throw failure(4);
      folders.set(path, seconds());
    },
    async writeNew(path, data) {
      if (files.has(path)) throw failure(4);
      files.set(path, { data, mtime: seconds() });
    },
    async overwrite(path, data) {
      files.set(path, { data, mtime: seconds() });
    },
    read: async (path) => files.get(path)?.data,
    async lstat(path) {
      if (files.has(path)) return { kind: 'file' };
      return folders.has(path) ? { kind: 'folder' } : undefined;
    },
    async rename(from, to) {
      if (!folders.has(from)) throw failure(2);
      if (folders.has(to)) throw failure(4);
      folders.set(to, folders.get(from)!);
      folders.delete(from);
      const inside = Array.from(files.keys()).filter((path) => path.startsWith(`${from}/`));
      for (const path of inside) {
        files.set(`${to}/${path.slice(from.length + 1)}`, files.get(path)!);
        files.delete(path);
      }
    },
    async remove(path) {
      files.delete(path);
    },
    async removeFolder(path) {
      if ([...files.keys()].some((file) => file.startsWith(`${path}/`))) throw failure(4);
      folders.delete(path);
    },
  };
  // Waiting moves the clock on, so no test waits for real time.
  const sleep = async (ms: number) => {
    clock.now += ms;
    await Promise.resolve();
  };
  return { files, folders, clock, store, sleep };
}

const me = { host: 'laptop', pid: 100, user: 'owner', started: '2026-11-26T10:00:00.000Z' };
const other: LockHolder = { ...me, host: 'server', pid: 200, token: 'aaaa' };

function plant(server: ReturnType<typeof makeServer>, holder: LockHolder, ageMs: number) {
  server.folders.set(LOCK_NAME, Math.floor((server.clock.now - ageMs) / 1000));
  server.files.set(HOLDER_FILE, {
    data: Buffer.from(JSON.stringify(holder)),
    mtime: Math.floor((server.clock.now - ageMs) / 1000),
  });
}

/** A sleep during which a live holder, whose clock is `skew` off, rewrites its file as it renews. */
function renewing(server: ReturnType<typeof makeServer>, holder: LockHolder, skew: number) {
  let renewal = 0;
  return async (ms: number) => {
    await server.sleep(ms);
    if (server.clock.now % 15_000 < ms) {
      const data = Buffer.from(JSON.stringify({ ...holder, renewal: ++renewal }));
      server.files.set(HOLDER_FILE, { data, mtime: Math.floor((server.clock.now + skew) / 1000) });
    }
  };
}

describe('the deploy lock', () => {
  it('lets one deploy hold the target at a time; the second gets it when the first gives it back', async () => {
    const server = makeServer();
    const options = { now: () => server.clock.now, sleep: server.sleep, isAlive: () => true };
    const first = await acquireLock(server.store, { ...options, holder: me });
    const waits: string[] = [];
    let secondHeld = false;
    let waiting!: () => void;
    const isWaiting = new Promise<void>((resolve) => (waiting = resolve));
    // The second deploy polls again only once the first has given the lock back.
    let released!: () => void;
    const firstReleased = new Promise<void>((resolve) => (released = resolve));
    const second = acquireLock(server.store, {
      ...options,
      sleep: () => firstReleased,
      holder: { ...me, pid: 101 },
      onWait: (holder) => {
        waits.push(`${holder?.pid}`);
        waiting();
      },
    }).then((lock) => {
      secondHeld = true;
      return lock;
    });
    await isWaiting;
    expect(secondHeld).toBe(false);
    expect(waits).toEqual(['100']);
    await first.release();
    released();
    const lock = await second;
    expect(lock.holder.pid).toBe(101);
    expect(JSON.parse(server.files.get(HOLDER_FILE)!.data.toString()).pid).toBe(101);
    await lock.release();
    expect(server.folders.has(LOCK_NAME)).toBe(false);
    expect(server.files.has(HOLDER_FILE)).toBe(false);
  });

  it('stops after the wait, naming the holder, and leaves its lock alone', async () => {
    const server = makeServer();
    plant(server, other, 0);
    const options = {
      now: () => server.clock.now,
      sleep: renewing(server, other, 0),
      isAlive: () => true,
    };
    // The holder keeps renewing: the second deploy gives up, it does not take over.
    await expect(acquireLock(server.store, { ...options, holder: me })).rejects.toThrow(LockBusy);
    await expect(acquireLock(server.store, { ...options, holder: me })).rejects.toThrow(
      /the deploy of owner@server \(process 200, started 2026-11-26T10:00:00.000Z\) is publishing/,
    );
    expect(JSON.parse(server.files.get(HOLDER_FILE)!.data.toString()).host).toBe('server');
  });

  it('takes over a lock whose file stays unchanged for the limit on its own clock, saying so', async () => {
    const server = makeServer();
    // However old the lock looks, only watching it decides: the waiter sees it unchanged first.
    plant(server, other, 10 * LOCK_STALE_MS);
    const said: string[] = [];
    const started = server.clock.now;
    const lock = await acquireLock(server.store, {
      holder: me,
      now: () => server.clock.now,
      sleep: server.sleep,
      isAlive: () => true,
      onTakeOver: (holder, why) => said.push(`${holder?.host}: ${why}`),
    });
    expect(said).toEqual([
      `server: it was not renewed while this deploy watched it for ${LOCK_STALE_MS / 1000} s`,
    ]);
    expect(server.clock.now - started).toBe(LOCK_STALE_MS);
    expect(lock.holder.host).toBe('laptop');
  });

  it('takes over a lock stamped an hour ahead whose holder is gone, in about the limit', async () => {
    const server = makeServer();
    const ahead = new Date(server.clock.now + 3_600_000).toISOString();
    plant(server, { ...other, started: ahead }, -3_600_000);
    const started = server.clock.now;
    const lock = await acquireLock(server.store, {
      holder: me,
      now: () => server.clock.now,
      sleep: server.sleep,
      isAlive: () => true,
    });
    expect(server.clock.now - started).toBe(LOCK_STALE_MS);
    expect(lock.holder.host).toBe('laptop');
  });

  it.each([
    ['an hour ahead', 3_600_000],
    ['minutes behind', -300_000],
  ])('never robs a live holder whose clock runs %s', async (_, skew) => {
    const server = makeServer();
    // The holder renews on its own schedule and writes its own clock's time; only the change counts.
    const live = { ...other, started: new Date(server.clock.now + skew).toISOString() };
    plant(server, live, 0);
    const sleep = renewing(server, live, skew);
    const started = server.clock.now;
    await expect(
      acquireLock(server.store, {
        holder: me,
        now: () => server.clock.now,
        sleep,
        isAlive: () => true,
      }),
    ).rejects.toThrow(LockBusy);
    expect(server.clock.now - started).toBeGreaterThanOrEqual(LOCK_WAIT_MS);
    expect(JSON.parse(server.files.get(HOLDER_FILE)!.data.toString()).token).toBe('aaaa');
  });

  it('renews its lock by rewriting the holder file, without any time of the server', async () => {
    vi.useFakeTimers();
    try {
      const server = makeServer();
      const lock = await acquireLock(server.store, { holder: me });
      const first = server.files.get(HOLDER_FILE)!.data.toString();
      await vi.advanceTimersByTimeAsync(LOCK_STALE_MS);
      const later = server.files.get(HOLDER_FILE)!.data.toString();
      expect(later).not.toBe(first);
      expect(JSON.parse(later).token).toBe(lock.holder.token);
      expect(JSON.parse(later).renewal).toBeGreaterThan(1);
      await lock.release();
      expect(server.folders.has(LOCK_NAME)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a file named like the lock alone, saying what it is', async () => {
    const server = makeServer();
    const owners = { data: Buffer.from('notes'), mtime: 0 };
    server.files.set(LOCK_NAME, owners);
    await expect(acquireLock(server.store, { holder: me })).rejects.toThrow(NotALock);
    await expect(acquireLock(server.store, { holder: me })).rejects.toThrow(
      /\.deploy-lock in the target is a file, not the deploy's lock folder/,
    );
    expect(server.files.get(LOCK_NAME)).toBe(owners);
  });

  it('keeps a fresh lock of another machine, takes over one of this machine whose process ended', async () => {
    const server = makeServer();
    plant(server, { ...other, host: 'laptop', pid: 4242 }, 1_000);
    const said: string[] = [];
    const lock = await acquireLock(server.store, {
      holder: me,
      now: () => server.clock.now,
      sleep: server.sleep,
      isAlive: (holder) => holder.pid !== 4242,
      onTakeOver: (_, why) => said.push(why),
    });
    expect(said).toEqual(['its deploy has ended']);
    expect(lock.holder.pid).toBe(100);
  });

  it('takes over a lock of this very process that no deploy of it holds any more', async () => {
    const server = makeServer();
    const first = await acquireLock(server.store, { holder: { ...me, pid: process.pid } });
    // The connection died before the lock could be given back: the file stays on the server.
    const left = server.files.get(HOLDER_FILE)!;
    await first.release();
    server.folders.set(LOCK_NAME, 0);
    server.files.set(HOLDER_FILE, left);
    const said: string[] = [];
    const second = await acquireLock(server.store, {
      holder: { ...me, pid: process.pid },
      onTakeOver: (_, why) => said.push(why),
    });
    expect(said).toEqual(['its deploy has ended']);
    await second.release();
  });

  it('gives back only its own lock', async () => {
    const server = makeServer();
    const lock = await acquireLock(server.store, { holder: me, now: () => server.clock.now });
    plant(server, other, 0);
    await lock.release();
    expect(server.folders.has(LOCK_NAME)).toBe(true);
    expect(JSON.parse(server.files.get(HOLDER_FILE)!.data.toString()).token).toBe('aaaa');
  });

  it('reports a create the folder refuses, rather than waiting on a lock that is not there', async () => {
    const server = makeServer();
    const denied = Object.assign(new Error('Permission denied'), { code: 3 });
    const store = { ...server.store, mkdir: () => Promise.reject(denied) };
    await expect(acquireLock(store, { holder: me })).rejects.toBe(denied);
  });
});
