/**
 * The quota store for Node: one JSON file per key fingerprint, changed under a cross-process lock,
 * so that the desktop app, scripts and tests using the same key on one machine share one count and
 * a restart does not reset the day. The key itself is never written: files are named and keyed by
 * its fingerprint (`quotaKeyId`).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { emptyLog, parseLog, type QuotaLog } from '../quota/log.ts';
import { checkKeyId, type QuotaStore } from '../quota/store.ts';
import { writeFileAtomic } from './atomic-file.ts';
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
      throw error;
    });
    await this.#ready;
    const release = await lockFile(`${file}.lock`, this.#lock);
    try {
      const raw = await readOrUndefined(file);
      const log = raw === undefined ? emptyLog() : parseLog(parseJson(raw, file), file);
      const results = changes.map((change) => {
        try {
          return { ok: true, value: change(log) };
        } catch (error) {
          return { ok: false, value: error }; // handed to that change's caller
        }
      });
      const after = JSON.stringify(log);
      if (after !== raw) {
        // Write aside and rename: a crash mid-write never leaves a half-written log behind. Not
        // flushed: this runs under the lock for every request, and a lost log only forgets usage.
        await writeFileAtomic(file, (temp) => writeFile(temp, after), { sync: false });
      }
      return results;
    } finally {
      await release();
    }
  }
}

async function readOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function parseJson(raw: string, file: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    throw new Error(`The quota usage file ${file} is not valid JSON. Delete it to start counting afresh (the service may then refuse requests until its own windows clear).`, { cause: error });
  }
}
