/** The gateway's state in this process: one instance, nothing shared, lost at exit (said at start). */
import { MemoryCacheStore, MemoryQuotaStore, type CacheEntry } from '@econdata/core';
import type { GatewayState, UsageWindows, UserRecord } from './state.ts';

export class MemoryState implements GatewayState {
  readonly description = 'in memory (one instance; tokens, cache and quota log are lost when it stops: use --redis to share them)';
  readonly cache = new MemoryCacheStore({ maxEntries: 50_000 });
  readonly quota = new MemoryQuotaStore();
  readonly #users = new Map<string, UserRecord>();
  readonly #claims = new Map<string, number>();
  readonly #use = new Map<string, Array<{ at: number; amount: number }>>();
  readonly #days = new Map<string, number>();
  readonly #runs = new Map<string, number>();
  #pending = new Map<string, string>();
  #running = new Map<string, string>();
  #jobs = { started: 0, ended: 0 };
  readonly #notes = new Map<string, { value: string; until: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async ping(): Promise<void> {}

  async putUser(user: UserRecord): Promise<void> {
    this.#users.set(user.name, { ...user });
  }

  async userByTokenHash(tokenHash: string): Promise<UserRecord | undefined> {
    for (const u of this.#users.values()) if (u.tokenHash === tokenHash) return { ...u };
    return undefined;
  }

  async listUsers(): Promise<UserRecord[]> {
    return [...this.#users.values()].map((u) => ({ ...u }));
  }

  async removeUser(name: string): Promise<boolean> {
    return this.#users.delete(name);
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    const until = this.#claims.get(key);
    if (until !== undefined && until > this.#now()) return false;
    this.#claims.set(key, this.#now() + ttlMs);
    return true;
  }

  async release(key: string): Promise<void> {
    this.#claims.delete(key);
  }

  async held(key: string): Promise<boolean> {
    const until = this.#claims.get(key);
    return until !== undefined && until > this.#now();
  }

  async charge(analyst: string, amount: number, at: number, windows: UsageWindows): Promise<void> {
    const kept = (this.#use.get(analyst) ?? []).filter((e) => e.at > at - windows.minuteMs);
    kept.push({ at, amount });
    this.#use.set(analyst, kept);
    const day = `${analyst}|${Math.floor(at / windows.dayMs)}`;
    this.#days.set(day, (this.#days.get(day) ?? 0) + amount);
  }

  async dayUsage(analyst: string, at: number, windows: UsageWindows): Promise<number> {
    return this.#days.get(`${analyst}|${Math.floor(at / windows.dayMs)}`) ?? 0;
  }

  async usage(analysts: readonly string[], since: number): Promise<Map<string, number>> {
    return new Map(analysts.map((a) => [a, (this.#use.get(a) ?? []).filter((e) => e.at > since).reduce((n, e) => n + e.amount, 0)]));
  }

  async runStart(id: string, until: number): Promise<void> {
    this.#runs.set(id, until);
  }

  async runEnd(id: string): Promise<void> {
    this.#runs.delete(id);
  }

  async runCount(now: number): Promise<number> {
    let n = 0;
    for (const [id, until] of this.#runs) {
      if (until > now) n++;
      else this.#runs.delete(id);
    }
    return n;
  }

  async cacheMany(keys: readonly string[]): Promise<Array<CacheEntry | undefined>> {
    return Promise.all(keys.map((k) => this.cache.get(k)));
  }

  async pend(items: ReadonlyArray<readonly [string, string]>): Promise<void> {
    for (const [request, query] of items) if (!this.#pending.has(request)) this.#pending.set(request, query);
  }

  async pendingCount(): Promise<number> {
    return this.#pending.size;
  }

  async takePending(): Promise<Array<[string, string]>> {
    const taken = [...this.#pending];
    this.#running = this.#pending;
    this.#pending = new Map();
    return taken;
  }

  async coming(requests: readonly string[]): Promise<boolean[]> {
    return requests.map((r) => this.#pending.has(r) || this.#running.has(r));
  }

  async jobStart(): Promise<number> {
    return (this.#jobs.started += 1);
  }

  async jobEnd(): Promise<void> {
    this.#jobs.ended += 1;
    this.#running = new Map();
  }

  async jobsEnded(): Promise<number> {
    return this.#jobs.ended;
  }

  async note(items: ReadonlyArray<readonly [string, string]>, ttlMs: number): Promise<void> {
    for (const [request, value] of items) this.#notes.set(request, { value, until: this.#now() + ttlMs });
  }

  async notes(requests: readonly string[]): Promise<Array<string | undefined>> {
    return requests.map((r) => {
      const n = this.#notes.get(r);
      return n && n.until > this.#now() ? n.value : undefined;
    });
  }

  async close(): Promise<void> {}
}
