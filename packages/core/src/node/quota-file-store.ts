/**
 * The quota store for Node: one JSON file per key fingerprint, changed under a cross-process lock,
 * so that the desktop app, scripts and tests using the same key on one machine share one count and
 * a restart does not reset the day. The key itself is never written: files are named and keyed by
 * its fingerprint (`quotaKeyId`).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { emptyLog, readStoredLog, recoveryNote, salvagedLog, type QuotaLog } from '../quota/log.ts';
import { checkKeyId, type QuotaStore } from '../quota/store.ts';
import { writeFileAtomic } from './atomic-file.ts';
import { storageError } from './storage-error.ts';
import { lockFile, type FileLockOptions } from './quota-file-lock.ts';

export interface FileQuotaStoreOptions extends FileLockOptions {
  /** The folder for usage files (created when missing), e.g. the app's user-data folder. */
  dir: string;
}

interface Queued {
  change: (log: QuotaLog) => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Keeps usage logs in `<dir>/quota-<keyId>.json`, shared safely by the processes of one machine. */
export class FileQuotaStore implements QuotaStore {
  readonly #dir: string;
  readonly #lock: FileLockOptions;
  #ready: Promise<unknown> | undefined;
  /** Changes waiting for the file's lock, per file: all of them are applied in one lock session. */
  readonly #queues = new Map<string, Queued[]>();

  constructor(options: FileQuotaStoreOptions) {
    this.#dir = options.dir;
    this.#lock = { ...(options.staleMs === undefined ? {} : { staleMs: options.staleMs }), ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }) };
  }

  /** The usage file of a key fingerprint. */
  pathOf(keyId: string): string {
    return join(this.#dir, `quota-${checkKeyId(keyId)}.json`);
  }

  update<T>(keyId: string, change: (log: QuotaLog) => T): Promise<T> {
    const file = this.pathOf(keyId);
    return new Promise<T>((resolve, reject) => {
      const queued: Queued = { change, resolve: resolve as (value: unknown) => void, reject };
      const queue = this.#queues.get(file);
      if (queue) {
        queue.push(queued);
        return;
      }
      this.#queues.set(file, [queued]);
      void this.#drain(file);
    });
  }

  /** Applies every queued change of one file, a batch per lock session, until none is left. */
  async #drain(file: string): Promise<void> {
    for (;;) {
      const batch = this.#queues.get(file) ?? [];
      if (batch.length === 0) {
        this.#queues.delete(file);
        return;
      }
      this.#queues.set(file, []);
      try {
        const results = await this.#locked(file, batch.map((q) => q.change));
        batch.forEach((q, i) => {
          const r = results[i] as { ok: boolean; value: unknown };
          if (r.ok) q.resolve(r.value);
          else q.reject(r.value);
        });
      } catch (error) {
        for (const q of batch) q.reject(error);
      }
    }
  }

  async #locked(file: string, changes: Array<(log: QuotaLog) => unknown>): Promise<Array<{ ok: boolean; value: unknown }>> {
    this.#ready ??= mkdir(this.#dir, { recursive: true }).catch((error: unknown) => {
      this.#ready = undefined; // try again on the next change (the folder may be creatable later)
      throw storageError(`The folder for quota usage files, ${this.#dir}, cannot be created`, error, 'Check that its parent is a folder you may write to, or choose another folder');
    });
    await this.#ready;
    const release = await lockFile(`${file}.lock`, this.#lock).catch((error: unknown) => {
      throw storageError(`The lock file ${file}.lock cannot be taken`, error, 'Check that the folder is writable');
    });
    try {
      const raw = await readOrUndefined(file);
      const log = raw === undefined ? emptyLog() : await readLog(file, raw);
      const results = changes.map((change) => {
        try {
          return { ok: true, value: change(log) };
        } catch (error) {
          return { ok: false, value: error }; // handed to that change's caller
        }
      });
      const after = withCheck(JSON.stringify(log));
      if (after !== raw) {
        // Write aside and rename: a crash mid-write never leaves a half-written log behind. Not
        // flushed: this runs under the lock for every request, and a lost log only forgets usage.
        await writeFileAtomic(file, (temp) => writeFile(temp, after), { sync: false }).catch((error: unknown) => {
          throw storageError(`The quota usage file ${file} cannot be written`, error, 'Check that the disk has room and the folder is writable');
        });
      }
      return results;
    } finally {
      await release().catch(() => undefined); // a lock left behind is broken as stale by the next taker
    }
  }
}


async function readOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw storageError(`The quota usage file ${path} cannot be read`, error, 'Check that it is a file you may read, or delete it');
  }
}

/**
 * The log in a usage file. A damaged one (cut short, bytes changed, another shape) is moved aside
 * as `<file>.damaged-<time>` and a new log is started from what it still shows (see `salvagedLog`
 * and the quota README): the ledger keeps working, careful, and reports where the old file went. A
 * file from a newer version is left alone: that version still counts in it.
 */
/**
 * The file's text: the log's JSON with the SHA-256 of that JSON (16 hex digits) as a last field, so
 * a byte changed in a time (which would still parse, and could make the ledger count fewer
 * requests than were sent) is found and recovered from like any damage.
 */
function withCheck(json: string): string {
  return `${json.slice(0, -1)},"check":"${createHash('sha256').update(json).digest('hex').slice(0, 16)}"}`;
}

/** The log's JSON from a file's text, or undefined when its check does not match; a file without one (older versions) as it is. */
function checked(raw: string): string | undefined {
  const m = /,"check":"([0-9a-f]{16})"\}$/.exec(raw);
  if (!m) return raw;
  const json = `${raw.slice(0, m.index)}}`;
  return createHash('sha256').update(json).digest('hex').slice(0, 16) === m[1] ? json : undefined;
}

async function readLog(file: string, raw: string): Promise<QuotaLog> {
  const json = checked(raw);
  const read = json === undefined ? { damaged: 'its checksum does not match: a byte was changed', text: raw } : readStoredLog(json, file);
  if ('log' in read) return read.log;
  const aside = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(file, aside).catch((error: unknown) => {
    throw storageError(`The quota usage file ${file} is damaged (${read.damaged}) and cannot be moved aside`, error, 'Delete it to start counting afresh (the service may then refuse requests until its own windows clear)');
  });
  return salvagedLog(read.text, recoveryNote(`file ${file}`, read.damaged, aside));
}
