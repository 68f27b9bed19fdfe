/**
 * What the client shares with the modules that do its work (requests, exports, jobs): its resolved
 * configuration and what it learnt. Private to the package: the client keeps it in a `#` field.
 */
import type { CacheConfig } from '../cache/freshness.ts';
import type { NamesBook } from '../learned/names.ts';
import type { CacheMode, CallOptions } from './options.ts';
import type { AttemptOptions, EngineConfig } from './request.ts';

/** Per-call options resolved against the client's: every field has its value. */
export type ResolvedCallOptions = AttemptOptions & { cache: CacheMode };

/** What the client learned about the batch route; shared by a client and its `withOptions` copies. */
export interface BatchState {
  /** The route is absent or not allowed (404 Not found, 405): jobs go single at once. */
  refused: boolean;
  /** The combination limit, lowered when the service names a smaller one in a 400. */
  limit: number;
}

export interface ClientCore {
  engine: EngineConfig;
  cache: CacheConfig;
  batch: BatchState;
  /** What the service named in trade and stock answers and refusals (symbols, partners, totals only). */
  names: NamesBook;
  /** The call's options over the client's. */
  resolve(call?: CallOptions): ResolvedCallOptions;
}
