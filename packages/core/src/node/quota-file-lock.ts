/**
 * A cross-process lock on one file, with plain `fs` (no native module): the lock is a sibling file
 * created with O_EXCL (`'wx'`), which only one process can do at a time. A lock whose owner died
 * (its pid no longer runs) or that is older than `staleMs` is broken, so a crash never wedges the
 * other processes.
 */
import { randomBytes } from 'node:crypto';
import { link, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { StorageError } from '../errors/errors.ts';

export interface FileLockOptions {
  /** A lock older than this is taken to be left by a crashed process. @default 10000 */
  staleMs?: number;
  /** Give up (with an error) after waiting this long. @default 15000 */
  timeoutMs?: number;
}

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/** Whether a process of this machine with that pid runs (EPERM: it runs, as another user). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

async function readOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** Whether the lock at `path` (with `content`) was left by a dead or hung owner. */
async function isStale(path: string, content: string, staleMs: number): Promise<boolean> {
  let ageMs: number;
  try {
    ageMs = Date.now() - (await stat(path)).mtimeMs;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false; // released meanwhile: just try again
    throw error;
  }
  if (ageMs > staleMs) return true;
  const pid = Number(content.split(' ')[0]);
  // An empty lock is one being written right now: alive until it is old.
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && !processRuns(pid);
}

/** Moves a stale lock aside; if what was moved turns out to be a fresh lock, puts it back. */
async function breakLock(path: string, staleContent: string): Promise<void> {
  const aside = `${path}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = await readOrUndefined(aside);
  if (moved !== staleContent) {
    await link(aside, path).catch((error: unknown) => {
      if (errorCode(error) !== 'EEXIST') throw error;
    });
  }
  await unlink(aside);
}

/** Takes the lock at `path`, waiting with backoff; resolves to the function that releases it. */
export async function lockFile(path: string, options: FileLockOptions = {}): Promise<() => Promise<void>> {
  const staleMs = options.staleMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const content = `${process.pid} ${randomBytes(8).toString('hex')}`;
  const started = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const handle = await open(path, 'wx');
      try {
        await handle.writeFile(content);
      } finally {
        await handle.close();
      }
      return async () => {
        // Only remove our own lock: if it was broken as stale meanwhile, it is someone else's now.
        if ((await readOrUndefined(path)) === content) await unlink(path);
      };
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const holder = await readOrUndefined(path);
    if (holder !== undefined && (await isStale(path, holder, staleMs))) {
      await breakLock(path, holder);
      continue;
    }
    if (Date.now() - started > timeoutMs) {
      throw new StorageError(`Could not lock ${path} within ${timeoutMs} ms: another process keeps it. If no other EconData program is running, delete that file.`);
    }
    // The lock is held for about a millisecond: yield a few times, then sleep briefly (jittered,
    // so that two waiting processes do not keep colliding).
    if (attempt < 4) await new Promise<void>((resolve) => setImmediate(resolve));
    else await sleep(Math.min(4, 2 ** (attempt - 4)) * (0.5 + Math.random()));
  }
}
