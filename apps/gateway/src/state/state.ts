/**
 * Where the gateway keeps what every instance must agree on: the analysts' tokens (hashed), the
 * team's answers (core's cache store), the team's quota log (core's quota store), the in-flight
 * claims that send one request for identical requests, and each analyst's recent use (fair share).
 * `RedisState` shares it between instances; `MemoryState` keeps it in one process.
 */
import type { CacheEntry, CacheStore, QuotaStore } from '@econdata/core';

/** An analyst of the team. The token itself is never stored: only its SHA-256. */
export interface UserRecord {
  name: string;
  tokenHash: string;
  /** The largest part of what is left in a window this analyst may take while others wait (0-1]. */
  share: number;
  /** ISO 8601. */
  createdAt: string;
}

export interface GatewayState {
  /** Said at start: where the state lives. */
  readonly description: string;
  readonly cache: CacheStore;
  readonly quota: QuotaStore;
  /** Throws when the store does not answer (the gateway then refuses with 503). */
  ping(): Promise<void>;
  /** Adds an analyst, or gives one a new token (the old one stops working at once). */
  putUser(user: UserRecord): Promise<void>;
  userByTokenHash(tokenHash: string): Promise<UserRecord | undefined>;
  listUsers(): Promise<UserRecord[]>;
  /** Whether there was such an analyst. */
  removeUser(name: string): Promise<boolean>;
  /** Takes a claim on `key` for `ttlMs` (a lease, so a dead instance's claim ends); false when another holds it. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
  held(key: string): Promise<boolean>;
  /**
   * Counts `amount` requests against an analyst at `at` (ms), for the fair share and its headers:
   * kept for `windows.minuteMs` (sliding) and added to the fixed day `floor(at / windows.dayMs)`.
   */
  charge(analyst: string, amount: number, at: number, windows: UsageWindows): Promise<void>;
  /** Each analyst's requests counted since `since` (ms; at most one minute window back). */
  usage(analysts: readonly string[], since: number): Promise<Map<string, number>>;
  /** An analyst's requests counted in the fixed day that holds `at`. */
  dayUsage(analyst: string, at: number, windows: UsageWindows): Promise<number>;
  /** Marks a fair turn as running until `until` (ms; a lease, so a dead instance's turns end): counted by every instance. */
  runStart(id: string, until: number): Promise<void>;
  runEnd(id: string): Promise<void>;
  /** Turns running now, on every instance. */
  runCount(now: number): Promise<number>;
  /** Many cache entries at once (one round trip); undefined where absent. */
  cacheMany(keys: readonly string[]): Promise<Array<CacheEntry | undefined>>;
  /**
   * The team's batch board: indicator queries waiting for the next batch job, from every instance
   * (normalized request -> the query's JSON); adding one already waiting changes nothing.
   */
  pend(items: ReadonlyArray<readonly [string, string]>): Promise<void>;
  pendingCount(): Promise<number>;
  /** Takes every waiting query at once (the board is left empty); they count as in the running job until `jobEnd`. */
  takePending(): Promise<Array<[string, string]>>;
  /** For each request: whether it is on the board or in the running job (someone will fetch it). */
  coming(requests: readonly string[]): Promise<boolean[]>;
  /** A batch job starts: its number (1, 2, ...). */
  jobStart(): Promise<number>;
  /** A batch job ended (its answers are in the cache, its outcomes noted): what it took no longer counts as coming. */
  jobEnd(): Promise<void>;
  /** How many batch jobs have ended. */
  jobsEnded(): Promise<number>;
  /** A job's outcome for requests it could not answer fresh (`<job>|stale` or `<job>|<error JSON>`), kept `ttlMs`. */
  note(items: ReadonlyArray<readonly [string, string]>, ttlMs: number): Promise<void>;
  notes(requests: readonly string[]): Promise<Array<string | undefined>>;
  close(): Promise<void>;
}

/** The lengths of the plan's windows (divided by the time scale in tests and benchmarks). */
export interface UsageWindows {
  minuteMs: number;
  dayMs: number;
}
