/**
 * Vintages kept on this machine (issue 33), in main. The service has no vintages: the explorer
 * keeps every distinct answer of each series the user saved in the library or watches (sheets'
 * VintageStore, one folder per connection profile in `<home>/vintages/`, beside the library), and
 * shows a series "as of" a date, or all its releases overlaid, from those files alone: an as-of
 * answer never touches the network.
 *
 * Every fetch that may concern a kept series goes through `recording(fetch)`: the explorer's
 * series.fetch, a library re-run, and the watch's checks (which keep all they fetch: every watched
 * series is kept). Keys are sheets' `watchKey(profile, query)` of the query as fetched (the one
 * path's widened query), so an as-of view under the same transform asks for the same keys.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fetchShown, planShown, type SeriesFetch } from '@econdata/analysis';
import { seriesId, type EconDataClient, type Series, type SeriesQuery } from '@econdata/core';
import { SANDBOX_PROFILE } from '@econdata/keychain';
import { fileStem, VintageStore, watchKey } from '@econdata/sheets';
import { FileVintageStorage, type ExportLibrary } from '@econdata/sheets/node';
import type { ResponseOf, VintageHistory, VintageReleases } from '../../shared/contract.ts';
import type { Session } from './session.ts';
import { toWireError } from '../wire.ts';

export interface VintageOptions {
  /** The bound of each profile's store in bytes (default sheets' VINTAGE_MAX_BYTES, 50 MB). */
  maxBytes?: number;
}

/** The range a query asks for, left out: a saved or watched series is kept whatever years a view widens to. */
function identity(query: SeriesQuery): string {
  const { start_year: _a, end_year: _b, ...rest } = query as SeriesQuery & { start_year?: number; end_year?: number };
  const { start_period: _c, end_period: _d, start_date: _e, end_date: _f, ...bare } = rest as typeof rest & Record<string, unknown>;
  return seriesId(bare as SeriesQuery);
}

/** How many raw answers main remembers for a save that follows a view (the chart's series were fetched a moment ago). */
const RECENT = 200;

export class VintageService {
  readonly folder: string;
  readonly #stores = new Map<string, VintageStore>();
  /** The last raw answers fetched, by key: a save keeps them without asking again. */
  readonly #recent = new Map<string, Series>();
  #saved: { changed: number; ids: string[] } | undefined;
  #watched: (profile: string) => Promise<readonly SeriesQuery[]> = () => Promise.resolve([]);

  constructor(
    home: string,
    private readonly session: Session,
    private readonly library: ExportLibrary,
    private readonly options: VintageOptions = {},
  ) {
    this.folder = join(home, 'vintages');
  }

  /** Tells which series the active profile watches (the watchlist); their answers are kept too. */
  keepWatched(watched: (profile: string) => Promise<readonly SeriesQuery[]>): void {
    this.#watched = watched;
  }

  /** The active profile's name: what vintages are kept under. */
  async profile(): Promise<string> {
    return (await this.session.profiles.active())?.name ?? SANDBOX_PROFILE.name;
  }

  /** A profile's store (its folder: the name as a file stem and a tag of it, so two names never share one). */
  store(profile: string): VintageStore {
    let store = this.#stores.get(profile);
    if (!store) {
      const tag = createHash('sha256').update(profile).digest('hex').slice(0, 8);
      const storage = new FileVintageStorage(join(this.folder, `${fileStem(profile, 40) || 'profile'}-${tag}`));
      store = new VintageStore({ storage, ...(this.options.maxBytes === undefined ? {} : { maxBytes: this.options.maxBytes }) });
      this.#stores.set(profile, store);
    }
    return store;
  }

  /** The identities of the series the active profile keeps: saved in the library, or watched. */
  async #kept(profile: string): Promise<Set<string>> {
    // The library is listed again only when its folder changed (a save, a removal: both add or remove a file).
    const changed = await stat(this.library.folder).then((s) => s.mtimeMs, () => -1);
    if (this.#saved?.changed !== changed) {
      const { exports } = await this.library.list();
      this.#saved = { changed, ids: exports.flatMap((m) => m.queries).map(identity) };
    }
    return new Set([...this.#saved.ids, ...(await this.#watched(profile)).map(identity)]);
  }

  /** Keeps answers (all of them, or those of saved and watched series); a failure to keep is logged, never the fetch's. */
  async keep(answers: readonly Series[], options: { all?: boolean } = {}): Promise<void> {
    if (answers.length === 0) return;
    try {
      const profile = await this.profile();
      const kept = options.all ? undefined : await this.#kept(profile);
      const store = this.store(profile);
      for (const series of answers) {
        const key = watchKey(profile, series.provenance.query);
        this.#recent.delete(key);
        this.#recent.set(key, series);
        if (this.#recent.size > RECENT) this.#recent.delete(this.#recent.keys().next().value!);
        if (kept && !kept.has(identity(series.provenance.query))) continue;
        const outcome = await store.record(key, series);
        if (outcome.problem) console.warn(outcome.problem.error.message);
        if (outcome.dropped.length > 0) console.warn(`Kept vintages over ${store.maxBytes} bytes: dropped the oldest release of ${outcome.dropped.map((d) => `${d.key} (${d.retrieved_at})`).join(', ')}.`);
      }
    } catch (error) {
      console.warn('Could not keep vintages:', error instanceof Error ? error.message : error);
    }
  }

  /**
   * A fetch that keeps what it gets: every answer of a saved or watched series (with `all`, every
   * answer: the watch's checks fetch watched series only). The one function other services call:
   * the watch's check should fetch through `vintages.recording(fetch, { all: true })`.
   * @example const { fetch } = fromClient(client); await fetchShown(vintages.recording(fetch), queries, transform)
   */
  recording<E>(fetch: SeriesFetch<E>, options: { all?: boolean } = {}): SeriesFetch<E> {
    return async (queries, fetchOptions) => {
      const results = await fetch(queries, fetchOptions);
      await this.keep(results.flatMap((r) => (r.ok ? [r.series] : [])), options);
      return results;
    };
  }

  /**
   * After a save to the library or a pin to the watchlist: keeps the answers the view was made from
   * (the ones just fetched, else from the client's cache), so the series has its first release at once.
   */
  async keepShown(queries: readonly SeriesQuery[], transform: string | undefined, client: () => Promise<EconDataClient>): Promise<void> {
    const profile = await this.profile();
    const asked = planShown(queries, transform).queries;
    const held = asked.map((q) => this.#recent.get(watchKey(profile, q)));
    const missing = asked.filter((_q, i) => !held[i]);
    const fetched = missing.length === 0 ? [] : (await (await client()).fetchSeries(missing).catch(() => [])).flatMap((r) => (r.ok ? [r.series] : []));
    await this.keep([...held.flatMap((s) => (s ? [s] : [])), ...fetched]);
  }

  /** The releases kept of each query as the explorer shows it under `transform` (one entry per fetched query). */
  async releases(queries: readonly SeriesQuery[], transform: string | undefined): Promise<VintageReleases> {
    const profile = await this.profile();
    const store = this.store(profile);
    const series = await Promise.all(planShown(queries, transform).queries.map(async (query) => ({ query, releases: await store.releases(watchKey(profile, query)) })));
    return { profile, series };
  }

  /** The kept store as a fetch function: each query's release on `date`; nothing else is asked. */
  #asOfFetch(profile: string, date: string): SeriesFetch<unknown> {
    const store = this.store(profile);
    return (queries) => Promise.all(queries.map((q) => store.asOf(watchKey(profile, q), date).then(
      (v) => ({ ok: true as const, series: v.series }),
      (error: unknown) => ({ ok: false as const, error }),
    )));
  }

  /** The queries as the explorer shows them under `transform`, as this machine knew them on `date` (offline). */
  async asOf(queries: readonly SeriesQuery[], transform: string | undefined, date: string): Promise<ResponseOf<'vintages.asOf'>> {
    const results = await fetchShown(this.#asOfFetch(await this.profile(), date), queries, transform);
    return results.map((r) => (r.ok ? r : { ok: false as const, error: toWireError(r.error, this.session.secrets()) }));
  }

  /** Every kept release of one query, each shown under `transform` (the vintage chart's lines), oldest first. */
  async history(query: SeriesQuery, transform: string | undefined): Promise<VintageHistory> {
    const profile = await this.profile();
    const store = this.store(profile);
    const [asked] = planShown([query], transform).queries;
    const kept = asked ? await store.history(watchKey(profile, asked)) : [];
    const releases: VintageHistory['releases'] = [];
    for (const { release, series } of kept) {
      const [shown] = await fetchShown(() => Promise.resolve([{ ok: true as const, series }]), [query], transform);
      if (shown?.ok) releases.push({ release, series: shown.series });
    }
    return { profile, releases };
  }
}
