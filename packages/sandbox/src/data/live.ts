/**
 * The data a running sandbox serves, reloadable: when the folder's files change (watched) or on
 * `POST /_sandbox/reload`, the folder is parsed again and the routes serve the new data from their
 * next request. A folder that fails to parse (a file half written, a bad row) leaves the data that
 * was served in place, and the failure is reported (the route's answer, `lastError`).
 */
import { watch, type FSWatcher } from 'node:fs';
import { reloadDataFolder } from './load.ts';
import type { Dataset } from './model.ts';

/** What a reload did: every source's `last_updated` after it (the files' dates). */
export interface ReloadResult {
  /** false for the demo pack, which has no files to read again. */
  reloaded: boolean;
  loadMs: number;
  /** `WB`, `IMF`, `GSO`, `trade`, `stocks`, `countries` -> `YYYY-MM-DD`. */
  last_updated: Record<string, string>;
  warnings: string[];
}

/** How long the folder must be quiet after a change before it is read again (a copy writes in bursts). */
const SETTLE_MS = 200;

export class LiveData {
  /** The object the routes hold: a reload replaces its fields, never the object. */
  readonly dataset: Dataset;
  /** Reloads done since start (watched and asked for). */
  reloads = 0;
  /** Why the last reload failed, until one succeeds. */
  lastError: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(dataset: Dataset, private readonly dir: string | null) {
    this.dataset = { ...dataset };
  }

  lastUpdated(): Record<string, string> {
    const d = this.dataset;
    return {
      ...Object.fromEntries([...d.sources.values()].map((s) => [s.code, s.last_updated])),
      trade: d.trade.last_updated, stocks: d.market.last_updated, countries: d.countryList.last_updated,
    };
  }

  /** Reads the folder again (one reload at a time; a second call waits for the first). */
  reload(): Promise<ReloadResult> {
    const run = this.queue.then(async () => {
      if (this.dir === null) return { reloaded: false, loadMs: 0, last_updated: this.lastUpdated(), warnings: [] };
      try {
        const next = await reloadDataFolder(this.dir);
        Object.assign(this.dataset, next.dataset);
        this.reloads += 1;
        this.lastError = undefined;
        return { reloaded: true, loadMs: Math.round(next.loadMs), last_updated: this.lastUpdated(), warnings: next.warnings };
      } catch (e) {
        this.lastError = e instanceof Error ? e.message : String(e);
        throw e;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Reloads when a file of the folder changes (after SETTLE_MS of quiet). No-op for the demo pack. */
  watch(): void {
    if (this.dir === null || this.watcher) return;
    this.watcher = watch(this.dir, { persistent: false }, () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.reload().catch(() => undefined), SETTLE_MS);
    });
    // A folder that disappears stops the watch; the data served stays.
    this.watcher.on('error', () => this.close());
  }

  close(): void {
    clearTimeout(this.timer);
    this.watcher?.close();
    this.watcher = undefined;
  }
}
