/**
 * Vintages of the blocks' series, kept on this computer (issue 33). The service keeps no vintages,
 * so the taskpane keeps every distinct answer its blocks are written from (@econdata/sheets'
 * VintageStore over the add-in's IndexedDB, bounded as the store says), keyed by the profile and
 * the query as fetched (sheets' `watchKey`: never the service's address). A block can then be
 * written as its series were known on a date, from the kept answers alone (no request), and its
 * kept releases put side by side in the sheet.
 */
import { fetchShown, planShown, type SeriesFetch } from '@econdata/analysis';
import type { NameLanguage, Series, SeriesQuery, SeriesResult } from '@econdata/core';
import { VintageStore, watchKey } from '@econdata/sheets';
import type { EconDataApi } from '@econdata/ui';
import { IndexedDbVintageStorage } from '../runtime/vintage-storage.ts';

/** The words the sheet carries for a block written as of a date (in its Warnings row). */
export function asOfNote(date: string, retrievedAt: string): string {
  return `As of ${date}, kept on this computer: the answer retrieved ${retrievedAt.slice(0, 10)} (the service keeps no vintages; Refresh brings today's data back).`;
}

/**
 * The profile vintages are kept under: 'sandbox' for the local sandbox (its port changes at every
 * start), else the service's host name (a deployed service's address is its identity).
 */
export function vintageProfile(baseURL: string, service: 'sandbox' | 'real' | null): string {
  if (service === 'sandbox') return 'sandbox';
  try {
    return new URL(baseURL).hostname;
  } catch {
    return baseURL;
  }
}

/** The vintages kept on this computer, under the profile of the moment, as the taskpane uses them. */
export class KeptVintages {
  readonly #stores = new Map<string, VintageStore>();

  /** `profile` is read at each use; `storeFor` makes a profile's store (IndexedDB unless given). */
  constructor(
    private readonly currentProfile: () => string,
    private readonly storeFor: (profile: string) => VintageStore = (profile) => new VintageStore({ storage: new IndexedDbVintageStorage({ profile }) }),
  ) {}

  get profile(): string {
    return this.currentProfile();
  }

  /** The store of the profile of the moment. */
  get store(): VintageStore {
    const profile = this.profile;
    let store = this.#stores.get(profile);
    if (!store) this.#stores.set(profile, (store = this.storeFor(profile)));
    return store;
  }

  /** Keeps the answers of `queries` (in order); a failure to keep is reported, never the fetch's. */
  async keep(queries: readonly SeriesQuery[], results: readonly SeriesResult[]): Promise<void> {
    const { profile, store } = this;
    for (const [i, r] of results.entries()) {
      const query = queries[i];
      if (!r.ok || !query) continue;
      try {
        const outcome = await store.record(watchKey(profile, query), r.series);
        if (outcome.problem) console.warn(outcome.problem.error.message);
      } catch (error) {
        console.warn('Could not keep a vintage on this computer:', error instanceof Error ? error.message : error);
      }
    }
  }

  /** The kept releases of a fetched query, oldest first. */
  releases(query: SeriesQuery): ReturnType<VintageStore['releases']> {
    return this.store.releases(watchKey(this.profile, query));
  }

  /**
   * The kept store as a fetch function: each query's release on `date` (a day, or an instant),
   * with the as-of note in its warnings unless `note` is false; nothing is asked of the network. A query with nothing kept on that date fails
   * alone, with the store's sentence (when vintages start, or that none are kept).
   */
  asOfFetch(date: string, note = true): SeriesFetch<unknown> {
    return (queries) => Promise.all(queries.map((q) => this.store.asOf(watchKey(this.profile, q), date).then(
      ({ series }): { ok: true; series: Series } => ({
        ok: true,
        series: note ? { ...series, provenance: { ...series.provenance, warnings: [...(series.provenance.warnings ?? []), asOfNote(date, series.provenance.retrieved_at)] } } : series,
      }),
      (error: unknown) => ({ ok: false as const, error }),
    )));
  }
}

/**
 * The taskpane's data port keeping every answer it fetches as a vintage (the blocks' inserts,
 * refreshes and derived operands all fetch through it). Other calls pass through unchanged.
 */
export function keepingVintages<T extends EconDataApi>(api: T, kept: KeptVintages): T {
  return new Proxy(api, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property !== 'fetchSeries') return (value as (...a: unknown[]) => unknown).bind(target);
      return async (queries: readonly SeriesQuery[], options?: Parameters<EconDataApi['fetchSeries']>[1]): Promise<SeriesResult[]> => {
        const results = await (value as EconDataApi['fetchSeries']).call(target, queries, options);
        await kept.keep(queries, results);
        return results;
      };
    },
  });
}

/** A block as vintages need it: its queries as asked, its transform and language. */
interface VintageBlock {
  queries: readonly SeriesQuery[];
  transform?: string | undefined;
  language?: NameLanguage | undefined;
}

const minute = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * Every kept release of a block's series, shown as the block shows them (through its transform),
 * one series per release and query, titled with its retrieval time (and the series' title when
 * the block has several): the columns of a sheet of releases side by side. Empty when nothing is kept.
 */
export async function releaseSeries(kept: KeptVintages, block: VintageBlock): Promise<Series[]> {
  const plan = planShown(block.queries, block.transform, { language: block.language ?? 'en', calendar: 'own' });
  const times = new Set<string>();
  for (const q of plan.queries) for (const r of await kept.releases(q)) times.add(r.retrieved_at);
  const out: Series[] = [];
  for (const at of [...times].sort()) {
    const shown = await fetchShown(kept.asOfFetch(at, false), block.queries, block.transform, { language: block.language ?? 'en', calendar: 'own' });
    for (const r of shown) {
      if (!r.ok) continue;
      // One series: the column says when (its Title row says what); several: both.
      const title = shown.length === 1 ? `Retrieved ${minute(at)}` : `${r.series.title}, retrieved ${minute(at)}`;
      out.push({ ...r.series, id: `${r.series.id}@${at}`, title });
    }
  }
  return out;
}
