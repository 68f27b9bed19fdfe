/**
 * The watchlist main keeps per connection profile (issue 33): `watchlist.json` in the home folder,
 * beside preferences.json and the library, written atomically. Each watched series is keyed by
 * sheets' `watchKey` (the profile's name, the query and its transform: never the service's address,
 * which the embedded sandbox changes at every start). The series as last looked at, and as a check
 * last found it when that is newer, are kept beside it in `watch/` (one small JSON file each), for
 * the revision diff.
 *
 * A file that cannot be read is never a crash and never silently lost: it is kept as a backup
 * (`watchlist.damaged-<time>.json`), the entries that can be read are kept, and `problem` says what
 * happened and what to do until the next change is saved.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StorageError, type Series, type SeriesQuery } from '@econdata/core';
import { writeFileAtomic } from '@econdata/core/node';
import { watchKey } from '@econdata/sheets';
import type { WatchCheckRecord, WatchEntry } from '../../shared/contract.ts';

interface WatchFile {
  version: 1;
  profiles: Record<string, WatchEntry[]>;
  checks: Record<string, WatchCheckRecord>;
}

const empty = (): WatchFile => ({ version: 1, profiles: {}, checks: {} });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const KINDS = new Set(['indicator', 'trade', 'stock']);
const optionalDate = (v: unknown): boolean => v === null || typeof v === 'string';

/** An entry as read from the file, or undefined when it is not one (its key must be the one its profile, query and transform give). */
function readEntry(profile: string, value: unknown): WatchEntry | undefined {
  if (!isObject(value) || !isObject(value['query']) || !KINDS.has(value['query']['kind'] as string)) return undefined;
  const { key, title, pinnedAt, lookedAt, lastUpdated, transform, news } = value;
  if (typeof title !== 'string' || typeof pinnedAt !== 'string' || typeof lookedAt !== 'string' || !optionalDate(lastUpdated)) return undefined;
  if (transform !== undefined && typeof transform !== 'string') return undefined;
  const query = value['query'] as unknown as SeriesQuery;
  if (key !== watchKey(profile, query, transform)) return undefined;
  const entry: WatchEntry = { key, query, title, pinnedAt, lastUpdated: lastUpdated as string | null, lookedAt, ...(transform ? { transform } : {}) };
  if (isObject(news) && optionalDate(news['lastUpdated']) && typeof news['foundAt'] === 'string') {
    entry.news = { lastUpdated: news['lastUpdated'] as string | null, foundAt: news['foundAt'] };
  }
  return entry;
}

function readCheck(value: unknown): WatchCheckRecord | undefined {
  if (!isObject(value) || typeof value['at'] !== 'string') return undefined;
  const n = (k: string): number => (typeof value[k] === 'number' ? value[k] : 0);
  return { at: value['at'], requests: n('requests'), saved: n('saved'), refreshed: n('refreshed'), changed: n('changed') };
}

/** The file's contents, and how many entries (or whether the whole file) could not be read. */
function parse(text: string): { file: WatchFile; dropped: number } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `it is not JSON: ${(error as Error).message}` };
  }
  if (!isObject(value) || value['version'] !== 1 || !isObject(value['profiles'])) return { error: 'it is not a watchlist of this explorer (version 1 with profiles)' };
  const file = empty();
  let dropped = 0;
  for (const [profile, list] of Object.entries(value['profiles'])) {
    if (!Array.isArray(list)) {
      dropped += 1;
      continue;
    }
    const entries = list.map((e) => readEntry(profile, e));
    dropped += entries.filter((e) => e === undefined).length;
    file.profiles[profile] = entries.filter((e) => e !== undefined);
  }
  for (const [profile, check] of Object.entries(isObject(value['checks']) ? value['checks'] : {})) {
    const read = readCheck(check);
    if (read) file.checks[profile] = read;
  }
  return { file, dropped };
}

/** Which snapshot of a watched series: as last looked at, or as the last check found it (newer). */
export type SnapshotKind = 'seen' | 'news';

export class WatchlistStore {
  readonly path: string;
  readonly #folder: string;
  #file: Promise<WatchFile> | undefined;
  /** Mutations run one after another (read, change, write), never interleaved. */
  #queue: Promise<unknown> = Promise.resolve();
  #problem: string | undefined;

  constructor(home: string, private readonly now: () => Date = () => new Date()) {
    this.path = join(home, 'watchlist.json');
    this.#folder = join(home, 'watch');
  }

  /** What went wrong reading the file (kept as a backup), until the next change is saved; undefined when all is well. */
  get problem(): string | undefined {
    return this.#problem;
  }

  #load(): Promise<WatchFile> {
    if (this.#file === undefined) {
      const reading = this.#read();
      this.#file = reading;
      // A file that could not be read now (permissions) is read again on the next call.
      reading.catch(() => { if (this.#file === reading) this.#file = undefined; });
    }
    return this.#file;
  }

  async #read(): Promise<WatchFile> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty();
      this.#problem = `The watchlist file ${this.path} could not be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); the watchlist is empty for now and nothing was changed. Check the file's permissions, then restart the explorer.`;
      // Nothing is written over a file that could not be read: saving would lose it.
      throw new StorageError(this.#problem, { cause: error as Error });
    }
    const read = parse(text);
    if ('file' in read && read.dropped === 0) return read.file;
    const backup = join(this.path, '..', `watchlist.damaged-${this.now().toISOString().replace(/[:.]/g, '-')}.json`);
    await rename(this.path, backup);
    this.#problem = 'file' in read
      ? `${read.dropped} ${read.dropped === 1 ? 'entry' : 'entries'} of the watchlist file could not be read and ${read.dropped === 1 ? 'was' : 'were'} left out; the file as it was is kept as ${backup}. Pin those series again.`
      : `The watchlist file could not be read (${read.error}); it is kept as ${backup} and the watchlist starts empty. Pin your series again, or repair that file and put it back as ${this.path} before restarting the explorer.`;
    return 'file' in read ? read.file : empty();
  }

  /** Runs `change` on the file's contents and saves them (atomically); one change at a time. */
  async update<T>(change: (file: WatchFile) => T | Promise<T>): Promise<T> {
    const run = this.#queue.then(async () => {
      // Changed on a copy: a change that fails, or a file that cannot be written, leaves the watchlist as it was.
      const file = structuredClone(await this.#load());
      const result = await change(file);
      await mkdir(join(this.path, '..'), { recursive: true });
      await writeFileAtomic(this.path, (temp) => writeFile(temp, `${JSON.stringify(file, null, 1)}\n`));
      this.#file = Promise.resolve(file);
      this.#problem = undefined;
      return result;
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** The watched series of a profile (a copy), in the order pinned. */
  async entries(profile: string): Promise<WatchEntry[]> {
    await this.#queue;
    return structuredClone((await this.#load()).profiles[profile] ?? []);
  }

  /** What the last check of a profile did, if one ran. */
  async lastCheck(profile: string): Promise<WatchCheckRecord | null> {
    await this.#queue;
    return (await this.#load()).checks[profile] ?? null;
  }

  /**
   * Whether a query (with its transform) is watched for a profile: what other parts of main ask
   * (vintages keep every distinct answer of a watched series).
   *
   * @example await watchlist.has('Sandbox', { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' })
   */
  async has(profile: string, query: SeriesQuery, transform?: string): Promise<boolean> {
    const key = watchKey(profile, query, transform);
    return (await this.entries(profile)).some((e) => e.key === key);
  }

  #snapshotPath(key: string, kind: SnapshotKind): string {
    return join(this.#folder, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.${kind}.json`);
  }

  /** A watched series as last looked at ('seen') or as last found newer ('news'); undefined when none is kept (or it cannot be read). */
  async snapshot(key: string, kind: SnapshotKind): Promise<Series | undefined> {
    try {
      const value: unknown = JSON.parse(await readFile(this.#snapshotPath(key, kind), 'utf8'));
      return isObject(value) && value['key'] === key && isObject(value['series']) ? value['series'] as unknown as Series : undefined;
    } catch {
      return undefined; // missing or damaged: the diff shows the series as new rather than failing
    }
  }

  async saveSnapshot(key: string, kind: SnapshotKind, series: Series): Promise<void> {
    await mkdir(this.#folder, { recursive: true });
    await writeFileAtomic(this.#snapshotPath(key, kind), (temp) => writeFile(temp, JSON.stringify({ key, series })));
  }

  async removeSnapshot(key: string, kind: SnapshotKind): Promise<void> {
    await rm(this.#snapshotPath(key, kind), { force: true });
  }
}
