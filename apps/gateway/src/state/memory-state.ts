/** The gateway's state in this process: one instance, nothing shared, lost at exit (said at start). */
import { MemoryCacheStore, MemoryQuotaStore } from '@econdata/core';
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

  async close(): Promise<void> {}
}
