/**
 * A cache store on disk for Node: one JSON file per entry, named by a hash of the request key,
 * written to a temporary name and renamed, so a crash never leaves a half-written entry. Each file
 * carries the SHA-256 of its entry: a file cut short or with a byte changed (a disk or sync fault)
 * is found, removed and reported, never read as an answer that was not the service's.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CacheEntry, CacheStore } from '../cache/store.ts';
import { StorageError } from '../errors/errors.ts';
import { writeFileAtomic } from './atomic-file.ts';
import { storageError } from './storage-error.ts';

interface Stored {
  key: string;
  entry: CacheEntry;
  /** SHA-256 (hex) of `JSON.stringify(entry)`. */
  sha256: string;
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

function isStored(v: unknown): v is Stored {
  const o = v as Stored | null;
  return !!o && typeof o === 'object' && typeof o.key === 'string' && typeof o.sha256 === 'string' && !!o.entry && typeof o.entry === 'object' && digest(JSON.stringify(o.entry)) === o.sha256;
}

const CACHE_TODO = 'Check that the cache folder is writable, or delete it: cached answers are fetched again';

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
      throw storageError(`The cache file ${path} cannot be read`, error, CACHE_TODO);
    }
    let stored: unknown;
    try {
      stored = JSON.parse(text);
    } catch {
      stored = undefined;
    }
    if (!isStored(stored)) {
      // A damaged entry (or one an older version wrote without its checksum) is removed so the next
      // request refills it, and reported by the client.
      await rm(path, { force: true }).catch(() => undefined);
      throw new StorageError(`Removed a damaged cache entry ${path} (cut short, changed, or without its checksum): it will be fetched again.`);
    }
    // A hash collision (or a foreign file) is a miss, not someone else's answer.
    return stored.key === key ? stored.entry : undefined;
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    const path = this.#path(key);
    try {
      await mkdir(this.#dir, { recursive: true });
      const text = JSON.stringify(entry);
      // A cache entry is cheap to lose: no flush to disk on this path.
      await writeFileAtomic(path, (temp) => writeFile(temp, `{"key":${JSON.stringify(key)},"sha256":"${digest(text)}","entry":${text}}`), { sync: false });
    } catch (error) {
      throw storageError(`The cache file ${path} cannot be written`, error, CACHE_TODO);
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.#path(key);
    await rm(path, { force: true }).catch((error: unknown) => {
      throw storageError(`The cache file ${path} cannot be removed`, error, CACHE_TODO);
    });
  }
}
