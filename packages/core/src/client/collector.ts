/**
 * Collects single-series requests that arrive close together (Excel custom functions recalculating
 * a sheet, a dashboard opening) into one fetchSeries job, so they share de-duplication, the cache
 * and batches. The pattern of Microsoft's custom-functions batching sample, without its flaw: when
 * a job fails as a whole, every waiting caller is rejected, none is left waiting.
 */
import { AbortError, EconError } from '../errors/errors.ts';
import type { SeriesQuery } from '../query.ts';
import type { Series } from '../series.ts';
import type { CallOptions } from './options.ts';
import type { SeriesResult } from './fetch-series.ts';

interface Pending {
  query: SeriesQuery;
  resolve(series: Series): void;
  reject(error: Error): void;
}

export interface SeriesCollectorOptions {
  /** How long to collect after the first request before sending, ms. @default 100 */
  windowMs?: number;
  /** Send at once when this many requests are waiting. @default 500 */
  maxQueries?: number;
  /** Options of every job (priority, cache mode, ...). */
  call?: Omit<CallOptions, 'signal'>;
  /** A job of at least this many queries (a sheet recalculating, a fill-down) goes with priority 'background'. @default never */
  bulkFrom?: number;
}

/** What the collector needs of the client. */
export interface SeriesSource {
  fetchSeries(queries: readonly SeriesQuery[], call?: CallOptions): Promise<SeriesResult[]>;
}

/**
 * @example
 * const collector = new SeriesCollector(client, { windowMs: 100, call: { priority: 'interactive' } });
 * const series = await collector.load({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' });
 */
export class SeriesCollector {
  readonly #source: SeriesSource;
  readonly #windowMs: number;
  readonly #max: number;
  readonly #call: Omit<CallOptions, 'signal'>;
  readonly #bulkFrom: number;
  #pending: Pending[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(source: SeriesSource, options: SeriesCollectorOptions = {}) {
    this.#source = source;
    this.#windowMs = options.windowMs ?? 100;
    this.#max = options.maxQueries ?? 500;
    this.#call = options.call ?? {};
    this.#bulkFrom = options.bulkFrom ?? Infinity;
  }

  /** One query's Series; rejects with its EconError. A signal cancels it while it is still being collected. */
  load(query: SeriesQuery, options: { signal?: AbortSignal } = {}): Promise<Series> {
    return new Promise<Series>((resolve, reject) => {
      const { signal } = options;
      if (signal?.aborted) {
        reject(new AbortError('Request cancelled by the caller before it was sent.'));
        return;
      }
      const entry: Pending = { query, resolve, reject };
      signal?.addEventListener('abort', () => {
        const at = this.#pending.indexOf(entry);
        if (at < 0) return; // already sent: its answer will come
        this.#pending.splice(at, 1);
        reject(new AbortError('Request cancelled by the caller before it was sent.'));
      }, { once: true });
      this.#pending.push(entry);
      if (this.#pending.length >= this.#max) void this.flush();
      else this.#timer ??= setTimeout(() => void this.flush(), this.#windowMs);
    });
  }

  /** Sends what is waiting now, as one job. */
  async flush(): Promise<void> {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length === 0) return;
    let results: SeriesResult[];
    try {
      const call = batch.length >= this.#bulkFrom ? { ...this.#call, priority: 'background' as const } : this.#call;
      results = await this.#source.fetchSeries(batch.map((p) => p.query), call);
    } catch (error) {
      // The whole job failed: every caller hears about it.
      const e = error instanceof Error ? error : new EconError('invalid_response', String(error));
      for (const p of batch) p.reject(e);
      return;
    }
    batch.forEach((p, i) => {
      const r = results[i];
      if (r?.ok) p.resolve(r.series);
      else p.reject(r?.error ?? new EconError('invalid_response', 'The job returned no result for this query. Try again.'));
    });
  }

  /** Requests waiting to be sent. */
  get waiting(): number {
    return this.#pending.length;
  }
}
