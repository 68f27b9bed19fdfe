/**
 * What the service has named so far: the stock symbols it answered for or listed in a refusal
 * ("unknown symbol ...; 60 symbols: ACB, ..."), and what its trade answers hold (partners and HS
 * codes seen, and whether it said it has totals only). The spec lists none of this (its trade and
 * stock records are "not shown"), so the forms learn it from answers and errors instead of from one
 * failed request at a time. Kept in the client's cache store (on the machine: a file for the
 * desktop, IndexedDB for the add-in) under one entry per service.
 */
import { cacheKey, type CacheStore } from '../cache/store.ts';
import type { EconError } from '../errors/errors.ts';
import type { Params } from '../validate/rules.ts';
import type { StockRecord, TradeRecord } from '../wire/records.ts';

/** What the service has named, as the forms offer it. */
export interface LearnedNames {
  /** Stock symbols the service answered for or listed, sorted. */
  symbols: string[];
  trade: {
    /** Partner codes seen in trade answers or listed in refusals, sorted (WLD: all partners). */
    partners: string[];
    /** HS codes seen or listed, sorted (TOTAL: all goods). */
    hsCodes: string[];
    /** The service said its trade data has totals only (a refusal of a partner or HS code said so). */
    totalsOnly: boolean;
  };
}

/** Kept until replaced; a store that prunes by expiry may still drop it after this. */
const KEEP_MS = 365 * 24 * 3_600_000;
/** A service that lists thousands of symbols is not a suggestion list any more: the first ones are kept. */
const MAX_NAMES = 2000;
const CODE = /^[A-Z0-9]{1,10}$/;

const empty = (): LearnedNames => ({ symbols: [], trade: { partners: [], hsCodes: [], totalsOnly: false } });

function isLearned(value: unknown): value is LearnedNames {
  const v = value as LearnedNames | null;
  return typeof v === 'object' && v !== null && Array.isArray(v.symbols) && typeof v.trade === 'object' && v.trade !== null
    && Array.isArray(v.trade.partners) && Array.isArray(v.trade.hsCodes) && typeof v.trade.totalsOnly === 'boolean';
}

/** `list` with `more` added, sorted, once each; the same array when nothing is new (nothing to write). */
function merged(list: string[], more: Iterable<string>): string[] {
  const set = new Set(list);
  for (const m of more) if (CODE.test(m) && set.size < MAX_NAMES) set.add(m);
  return set.size === list.length ? list : [...set].sort();
}

/** The codes a refusal lists after a word such as "symbols:" or "partners:" (upper-case codes separated by commas). */
function listedAfter(message: string, word: RegExp): string[] {
  const m = new RegExp(`${word.source}\\s*:\\s*([A-Z0-9]+(?:\\s*,\\s*[A-Z0-9]+)*)`, 'i').exec(message);
  return m ? m[1]!.split(',').map((s) => s.trim().toUpperCase()) : [];
}

/** What one trade or stock outcome teaches, merged into `names`; the same object when it teaches nothing. */
function learnFrom(names: LearnedNames, path: string, params: Params, outcome: { records: readonly unknown[] } | { error: EconError }): LearnedNames {
  const next: LearnedNames = { symbols: names.symbols, trade: { ...names.trade } };
  if (path === '/stocks/vietnam') {
    if ('records' in outcome) {
      const asked = params['symbol'];
      if (typeof asked === 'string' && outcome.records.length > 0) next.symbols = merged(next.symbols, [asked]);
      next.symbols = merged(next.symbols, (outcome.records as StockRecord[]).map((r) => r.symbol).filter((s): s is string => typeof s === 'string'));
    } else if (outcome.error.code === 'not_found') {
      next.symbols = merged(next.symbols, listedAfter(outcome.error.message, /symbols/));
    }
  } else if (path === '/trade/vietnam') {
    if ('records' in outcome) {
      const records = outcome.records as TradeRecord[];
      next.trade.partners = merged(next.trade.partners, records.map((r) => r.partner));
      next.trade.hsCodes = merged(next.trade.hsCodes, records.map((r) => r.hs_code));
    } else if (outcome.error.code === 'not_found') {
      const message = outcome.error.message;
      if (/totals only/i.test(message)) next.trade.totalsOnly = true;
      next.trade.partners = merged(next.trade.partners, listedAfter(message, /partners/));
      next.trade.hsCodes = merged(next.trade.hsCodes, listedAfter(message, /HS codes/));
    }
  }
  const same = next.symbols === names.symbols && next.trade.partners === names.trade.partners
    && next.trade.hsCodes === names.trade.hsCodes && next.trade.totalsOnly === names.trade.totalsOnly;
  return same ? names : next;
}

/** Where a client keeps what it learnt: one entry of its cache store, read once, written when something is new. */
export class NamesBook {
  #names: LearnedNames | undefined;
  #loading: Promise<LearnedNames> | undefined;
  /** Writes in order, so an older list never lands after a newer one. */
  #writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: CacheStore,
    private readonly baseURL: string,
    private readonly now: () => number,
    private readonly onStoreError: (error: unknown) => void,
  ) {}

  get #key(): string {
    return cacheKey(this.baseURL, 'LEARNED names');
  }

  /** What was learnt, here and in earlier runs. */
  async names(): Promise<LearnedNames> {
    if (this.#names) return this.#names;
    this.#loading ??= this.store.get(this.#key).then(
      (entry) => (isLearned(entry?.value) ? entry.value : empty()),
      (error: unknown) => {
        this.onStoreError(error);
        return empty();
      },
    );
    const loaded = await this.#loading;
    this.#names ??= loaded;
    return this.#names;
  }

  /** Learns from one trade or stock outcome (other routes teach nothing); a failing store is reported, never thrown. */
  async learn(path: string, params: Params, outcome: { records: readonly unknown[] } | { error: EconError }): Promise<void> {
    if (path !== '/stocks/vietnam' && path !== '/trade/vietnam') return;
    const before = await this.names();
    const after = learnFrom(before, path, params, outcome);
    if (after === before) return;
    this.#names = after;
    const at = this.now();
    this.#writing = this.#writing
      .then(() => this.store.set(this.#key, { value: after, storedAt: at, expiresAt: at + KEEP_MS }))
      .catch((error: unknown) => this.onStoreError(error));
    await this.#writing;
  }
}
