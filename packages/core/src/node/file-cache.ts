/**
 * A cache store on disk for Node: one JSON file per entry, named by a hash of the request key,
 * written to a temporary name and renamed, so a crash never leaves a half-written entry.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CacheEntry, CacheStore } from '../cache/store.ts';
import { writeFileAtomic } from './atomic-file.ts';

interface Stored {
  key: string;
  entry: CacheEntry;
}

function isEntry(v: unknown): v is Stored {
  const o = v as Stored | null;
  return !!o && typeof o.key === 'string' && !!o.entry && typeof o.entry.storedAt === 'number' && typeof o.entry.expiresAt === 'number' && 'value' in o.entry;
}

/** Cached answers in a folder (created on first write). Several processes may share it. */
export class FileCacheStore implements CacheStore {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  #path(key: string): string {
    return join(this.#dir, `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`);
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    const path = this.#path(key);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    let stored: unknown;
    try {
      stored = JSON.parse(text);
    } catch {
      stored = undefined;
    }
    if (!isEntry(stored)) {
      // A damaged entry is removed so the next request refills it, and reported by the client.
      await rm(path, { force: true });
      throw new Error(`Removed a damaged cache entry ${path}: it will be fetched again.`);
    }
    // A hash collision (or a foreign file) is a miss, not someone else's answer.
    return stored.key === key ? stored.entry : undefined;
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    await mkdir(this.#dir, { recursive: true });
    const path = this.#path(key);
    // A cache entry is cheap to lose: no flush to disk on this path.
    await writeFileAtomic(path, (temp) => writeFile(temp, JSON.stringify({ key, entry } satisfies Stored)), { sync: false });
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }
}
