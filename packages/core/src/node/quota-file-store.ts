/**
 * The quota store for Node: one JSON file per key fingerprint, changed under a cross-process lock,
 * so that the desktop app, scripts and tests using the same key on one machine share one count and
 * a restart does not reset the day. The key itself is never written: files are named and keyed by
 * its fingerprint (`quotaKeyId`).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { emptyLog, parseLog, type QuotaLog } from '../quota/log.ts';
import { checkKeyId, type QuotaStore } from '../quota/store.ts';
import { lockFile, type FileLockOptions } from './quota-file-lock.ts';

export interface FileQuotaStoreOptions extends FileLockOptions {
  /** The folder for usage files (created when missing), e.g. the app's user-data folder. */
  dir: string;
}

/** Keeps usage logs in `<dir>/quota-<keyId>.json`, shared safely by the processes of one machine. */
export class FileQuotaStore implements QuotaStore {
  readonly #dir: string;
  readonly #lock: FileLockOptions;
  #ready: Promise<unknown> | undefined;
  /** In-process queue per file, so this process's own ledgers do not compete for the lock file. */
  readonly #chains = new Map<string, Promise<unknown>>();

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
    const previous = this.#chains.get(file) ?? Promise.resolve();
    const next = previous.then(() => this.#locked(file, change), () => this.#locked(file, change));
    const tail = next.catch(() => undefined);
    this.#chains.set(file, tail);
    void tail.then(() => {
      if (this.#chains.get(file) === tail) this.#chains.delete(file);
    });
    return next;
  }

  async #locked<T>(file: string, change: (log: QuotaLog) => T): Promise<T> {
    this.#ready ??= mkdir(this.#dir, { recursive: true });
    await this.#ready;
    const release = await lockFile(`${file}.lock`, this.#lock);
    try {
      const raw = await readOrUndefined(file);
      const log = raw === undefined ? emptyLog() : parseLog(parseJson(raw, file), file);
      const result = change(log);
      const after = JSON.stringify(log);
      if (after !== raw) {
        // Write aside and rename: a crash mid-write never leaves a half-written log behind.
        const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
        try {
          await writeFile(temp, after);
          await rename(temp, file);
        } catch (error) {
          await unlink(temp).catch(() => undefined); // the write error below is what matters
          throw error;
        }
      }
      return result;
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
