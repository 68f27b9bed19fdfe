/**
 * The gateway's state in Redis (ioredis), shared by every instance: tokens, cache, quota log,
 * in-flight claims, analysts' use. Commands fail fast when Redis does not answer (no offline queue,
 * no retry per command), so a request is refused with a 503 at once instead of waiting, and
 * nothing is sent upstream that the shared quota log has not admitted.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { emptyLog, readStoredLog, recoveryNote, salvagedLog, StorageError, type CacheEntry, type CacheStore, type QuotaLog, type QuotaStore } from '@econdata/core';
import type { GatewayState, UsageWindows, UserRecord } from './state.ts';

const P = 'econgw:';
/** Deletes a lock only if it still holds our token (a lease that ran out may be someone else's now). */
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** The analyst a token hash belongs to (KEYS: tokens, users; ARGV: the hash): their record, or nil. */
const USER_BY_TOKEN = "local name = redis.call('hget', KEYS[1], ARGV[1]) if not name then return false end return redis.call('hget', KEYS[2], name)";

/** The batch board: the order queries were put on it (a sorted set), their JSON (a hash), the sequence. */
const BOARD = [`${P}batch:order`, `${P}batch:queries`, `${P}batch:seq`] as const;
/** The queries of the running batch job (the board's hash, moved there when taken). */
const RUNNING = `${P}batch:running`;
/** Puts queries on the board in the order given, after everything already there; one already there keeps its place. */
const PEND = "for i = 1, #ARGV, 2 do if redis.call('hsetnx', KEYS[2], ARGV[i], ARGV[i + 1]) == 1 then redis.call('zadd', KEYS[1], redis.call('incr', KEYS[3]), ARGV[i]) end end return 1";
/** Takes the whole board, in order: request, query, request, query, ... */
const TAKE = "local order = redis.call('zrange', KEYS[1], 0, -1) local out = {} for _, r in ipairs(order) do out[#out + 1] = r out[#out + 1] = redis.call('hget', KEYS[2], r) end redis.call('del', KEYS[1]) if #order > 0 then redis.call('rename', KEYS[2], KEYS[4]) redis.call('pexpire', KEYS[4], 120000) end return out";

/** Where a Redis URL points, without its password (for messages). */
export function redisWhere(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return 'the Redis address given';
  }
}

export interface RedisStateOptions {
  url: string;
  /** How long answers are kept beyond their freshness, as stale fallbacks when the service is down. @default 7 days */
  staleKeepMs?: number;
}

export class RedisState implements GatewayState {
  readonly description: string;
  readonly cache: CacheStore;
  readonly quota: QuotaStore;
  readonly #redis: Redis;

  constructor(options: RedisStateOptions) {
    this.description = `in Redis at ${redisWhere(options.url)} (shared by every instance that uses it)`;
    this.#redis = new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Commands issued in the same tick leave as one write (hundreds of analysts' lookups at once).
      enableAutoPipelining: true,
      // A hung Redis is refused after 5 s; a dead one at once (the connection drops). 2 s was too
      // short for a busy instance's event loop, not for Redis (README: Benchmark).
      commandTimeout: 5000,
      connectTimeout: 2000,
      // Keep trying to reconnect, every 500 ms: requests get 503s meanwhile.
      retryStrategy: () => 500,
      lazyConnect: true,
    });
    // Connection errors are what ping() and every command report; the emitter must not crash the process.
    this.#redis.on('error', () => undefined);
    this.cache = redisCacheStore(this.#redis, options.staleKeepMs ?? 7 * 86_400_000);
    this.quota = new RedisQuotaStore(this.#redis);
  }

  /** Connects (fails with a clear error when Redis does not answer). */
  async connect(): Promise<void> {
    await this.#redis.connect();
    await this.ping();
  }

  async ping(): Promise<void> {
    await this.#redis.ping();
  }

  async putUser(user: UserRecord): Promise<void> {
    const old = await this.#redis.hget(`${P}users`, user.name);
    const tx = this.#redis.multi();
    if (old) tx.hdel(`${P}tokens`, (JSON.parse(old) as UserRecord).tokenHash);
    tx.hset(`${P}users`, user.name, JSON.stringify(user));
    tx.hset(`${P}tokens`, user.tokenHash, user.name);
    await tx.exec();
  }

  async userByTokenHash(tokenHash: string): Promise<UserRecord | undefined> {
    // Both lookups in one round trip.
    const raw = (await this.#redis.eval(USER_BY_TOKEN, 2, `${P}tokens`, `${P}users`, tokenHash)) as string | null;
    const user = raw === null ? undefined : (JSON.parse(raw) as UserRecord);
    // A token whose analyst was replaced meanwhile is no longer theirs.
    return user?.tokenHash === tokenHash ? user : undefined;
  }

  async listUsers(): Promise<UserRecord[]> {
    const all = await this.#redis.hgetall(`${P}users`);
    return Object.values(all).map((raw) => JSON.parse(raw) as UserRecord).sort((a, b) => a.name.localeCompare(b.name));
  }

  async removeUser(name: string): Promise<boolean> {
    const raw = await this.#redis.hget(`${P}users`, name);
    if (raw === null) return false;
    await this.#redis.multi().hdel(`${P}tokens`, (JSON.parse(raw) as UserRecord).tokenHash).hdel(`${P}users`, name).exec();
    return true;
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    return (await this.#redis.set(`${P}claim:${key}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
  }

  async release(key: string): Promise<void> {
    await this.#redis.del(`${P}claim:${key}`);
  }

  async held(key: string): Promise<boolean> {
    return (await this.#redis.exists(`${P}claim:${key}`)) === 1;
  }

  async charge(analyst: string, amount: number, at: number, windows: UsageWindows): Promise<void> {
    const key = `${P}use:${analyst}`;
    const day = `${P}useday:${analyst}:${Math.floor(at / windows.dayMs)}`;
    await this.#redis.multi()
      .zadd(key, at, `${at}:${randomBytes(4).toString('hex')}:${amount}`)
      .zremrangebyscore(key, '-inf', at - windows.minuteMs)
      .pexpire(key, windows.minuteMs * 2)
      .incrbyfloat(day, amount)
      .pexpire(day, windows.dayMs * 2)
      .exec();
  }

  async usage(analysts: readonly string[], since: number): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (analysts.length === 0) return out;
    const pipe = this.#redis.pipeline();
    for (const a of analysts) pipe.zrangebyscore(`${P}use:${a}`, `(${since}`, '+inf');
    const results = (await pipe.exec()) ?? [];
    analysts.forEach((a, i) => {
      const [error, members] = results[i] ?? [new Error('no answer'), []];
      if (error) throw error;
      out.set(a, (members as string[]).reduce((n, m) => n + Number(m.slice(m.lastIndexOf(':') + 1)), 0));
    });
    return out;
  }

  async dayUsage(analyst: string, at: number, windows: UsageWindows): Promise<number> {
    return Number((await this.#redis.get(`${P}useday:${analyst}:${Math.floor(at / windows.dayMs)}`)) ?? 0);
  }

  async runStart(id: string, until: number): Promise<void> {
    await this.#redis.zadd(`${P}running`, until, id);
  }

  async runEnd(id: string): Promise<void> {
    await this.#redis.zrem(`${P}running`, id);
  }

  async runCount(now: number): Promise<number> {
    const [[, , ], [error, n]] = ((await this.#redis.multi().zremrangebyscore(`${P}running`, '-inf', now).zcard(`${P}running`).exec()) ?? [[null, 0], [new Error('no answer'), 0]]) as Array<[Error | null, unknown]> as [[Error | null, unknown], [Error | null, unknown]];
    if (error) throw error;
    return Number(n);
  }

  async cacheMany(keys: readonly string[]): Promise<Array<CacheEntry | undefined>> {
    if (keys.length === 0) return [];
    const raw = await this.#redis.mget(keys.map((k) => `${P}cache:${k}`));
    return raw.map((r) => (r === null ? undefined : (JSON.parse(r) as CacheEntry)));
  }

  async pend(items: ReadonlyArray<readonly [string, string]>): Promise<void> {
    if (items.length === 0) return;
    await this.#redis.eval(PEND, 3, ...BOARD, ...items.flat());
  }

  async pendingCount(): Promise<number> {
    return this.#redis.zcard(BOARD[0]);
  }

  async takePending(): Promise<Array<[string, string]>> {
    const flat = (await this.#redis.eval(TAKE, 4, ...BOARD, RUNNING)) as string[];
    const out: Array<[string, string]> = [];
    for (let i = 0; i < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
    return out;
  }

  async jobStart(): Promise<number> {
    return this.#redis.incr(`${P}batch:started`);
  }

  async jobEnd(): Promise<void> {
    failed(await this.#redis.multi().del(RUNNING).incr(`${P}batch:ended`).exec());
  }

  async coming(requests: readonly string[]): Promise<boolean[]> {
    if (requests.length === 0) return [];
    const pipe = this.#redis.pipeline();
    for (const r of requests) pipe.hexists(BOARD[1], r).hexists(RUNNING, r);
    const found = failed(await pipe.exec());
    return requests.map((_r, i) => found[2 * i] === 1 || found[2 * i + 1] === 1);
  }

  async jobsEnded(): Promise<number> {
    return Number((await this.#redis.get(`${P}batch:ended`)) ?? 0);
  }

  async note(items: ReadonlyArray<readonly [string, string]>, ttlMs: number): Promise<void> {
    if (items.length === 0) return;
    const pipe = this.#redis.pipeline();
    for (const [request, value] of items) pipe.set(`${P}batch:note:${request}`, value, 'PX', ttlMs);
    failed(await pipe.exec());
  }

  async notes(requests: readonly string[]): Promise<Array<string | undefined>> {
    if (requests.length === 0) return [];
    return (await this.#redis.mget(requests.map((r) => `${P}batch:note:${r}`))).map((v) => v ?? undefined);
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }
}

/** The replies of a pipeline or transaction; throws the first command's error (or a missing answer). */
function failed(results: Array<[Error | null, unknown]> | null): unknown[] {
  if (results === null) throw new Error('Redis gave no answer to a transaction');
  for (const [error] of results) if (error) throw error;
  return results.map(([, value]) => value);
}

/** Core's cache store in Redis: one string per answer, kept `staleKeepMs` beyond its freshness. */
function redisCacheStore(redis: Redis, staleKeepMs: number): CacheStore {
  return {
    async get(key) {
      const raw = await redis.get(`${P}cache:${key}`);
      return raw === null ? undefined : (JSON.parse(raw) as CacheEntry);
    },
    async set(key, entry) {
      const ttl = Math.max(1, entry.expiresAt - Date.now() + staleKeepMs);
      await redis.set(`${P}cache:${key}`, JSON.stringify(entry), 'PX', ttl);
    },
    async delete(key) {
      await redis.del(`${P}cache:${key}`);
    },
  };
}

/**
 * Core's quota store in Redis: each change of a key's log runs under a Redis lock (SET NX with a
 * lease), so every instance's ledger changes the one log in turn, as the file store does with a
 * lock file on one machine.
 */
class RedisQuotaStore implements QuotaStore {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  async update<T>(keyId: string, change: (log: QuotaLog) => T): Promise<T> {
    const logKey = `${P}quota:${keyId}`;
    const lockKey = `${logKey}:lock`;
    const token = randomBytes(8).toString('hex');
    for (let attempt = 0; (await this.#redis.set(lockKey, token, 'PX', 5000, 'NX')) !== 'OK'; attempt++) {
      if (attempt > 3000) throw new StorageError(`The quota log in Redis (${lockKey}) stayed locked for over 5 s: another gateway instance may be stuck. It frees itself within 5 s; if not, delete that Redis key.`);
      await new Promise((r) => setTimeout(r, 1 + Math.random() * 3));
    }
    try {
      const raw = await this.#redis.get(logKey);
      let log: QuotaLog;
      if (raw === null) log = emptyLog();
      else {
        const read = readStoredLog(raw, `Redis key ${logKey}`);
        if ('log' in read) log = read.log;
        else {
          const aside = `${logKey}.damaged-${Date.now()}`;
          await this.#redis.set(aside, raw);
          log = salvagedLog(read.text, recoveryNote(`in Redis key ${logKey}`, read.damaged, aside));
        }
      }
      const result = change(log);
      // A day is the longest window: older entries are pruned by the ledger anyway.
      await this.#redis.set(logKey, JSON.stringify(log), 'PX', 3 * 86_400_000);
      return result;
    } finally {
      await this.#redis.eval(RELEASE, 1, lockKey, token).catch(() => undefined);
    }
  }
}
