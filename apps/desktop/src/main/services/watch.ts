/**
 * The new-data watch of the explorer (issue 33), in main: series pinned per profile (the watchlist
 * store), and a check that asks the catalogue once past the client's one-hour cache and fetches
 * again only the series whose source has a newer `last_updated` (sheets' checkWatch), through the
 * one path under each series' transform. A series whose fresh values differ from the last look is
 * news ("N series updated since you last looked") until the user marks it seen; its revision diff
 * (sheets' compareSeries, series by series) is one call away. Checks run once soon after a window
 * listens, every few hours while it does, and when asked ("Check now").
 */
import { fetchPlans, fromClient, planShown, type SeriesFetch } from '@econdata/analysis';
import { InvalidParameterError, type Series, type SeriesQuery, type SeriesResult, type SourceInfo } from '@econdata/core';
import { SANDBOX_PROFILE } from '@econdata/keychain';
import { checkWatch, compareSeries, seriesWithNewData, watchKey, type RevisionDiff, type WatchedSeries } from '@econdata/sheets';
import type { BridgeEvent } from '../../shared/bridge.ts';
import type { RequestOf, WatchChanges, WatchCheckRecord, WatchEntry, WatchState } from '../../shared/contract.ts';
import type { LibraryService } from './library.ts';
import type { PreferencesService } from './preferences.ts';
import type { Session } from './session.ts';
import { WatchlistStore } from './watchlist.ts';

export interface WatchOptions {
  /**
   * The first check after a window starts listening (default at once: it waits for the session, and
   * with nothing watched it asks nothing); null: none.
   */
  firstAfterMs?: number | null;
  /** Checks while a window listens (default every 4 hours); null: none. */
  everyMs?: number | null;
  now?: () => Date;
}

const HOUR = 3_600_000;

/** Whether two fetches of a series hold the same values (sheets' revision diff finds nothing). */
function sameValues(a: Series | undefined, b: Series): boolean {
  if (a === undefined) return false;
  const d = compareSeries([a], [b]);
  return d.changed.length === 0 && d.seriesAdded.length === 0 && d.seriesRemoved.length === 0;
}

/** Several revision diffs as one (each watched series is compared alone: two transforms of one query share a series id). */
function joinDiffs(diffs: readonly RevisionDiff[]): RevisionDiff {
  return {
    seriesAdded: diffs.flatMap((d) => d.seriesAdded),
    seriesRemoved: diffs.flatMap((d) => d.seriesRemoved),
    changed: diffs.flatMap((d) => d.changed),
    unchanged: diffs.flatMap((d) => d.unchanged),
  };
}

export class WatchService {
  readonly store: WatchlistStore;
  readonly #now: () => Date;
  #checking: Promise<WatchState> | undefined;
  #timers: Array<ReturnType<typeof setTimeout>> = [];
  #through: (fetch: SeriesFetch) => SeriesFetch = (fetch) => fetch;

  constructor(
    home: string,
    private readonly session: Session,
    private readonly library: LibraryService,
    private readonly preferences: PreferencesService,
    private readonly emit: (event: BridgeEvent) => void,
    private readonly options: WatchOptions = {},
  ) {
    this.#now = options.now ?? (() => new Date());
    this.store = new WatchlistStore(home, this.#now);
  }

  /** What a check's fetch goes through besides the client (the vintages service keeps every answer it gets). */
  fetchThrough(wrap: (fetch: SeriesFetch) => SeriesFetch): void {
    this.#through = wrap;
  }

  /** The active profile's name: what the watchlist is kept under. */
  async profile(): Promise<string> {
    return (await this.session.profiles.active())?.name ?? SANDBOX_PROFILE.name;
  }

  /** The active profile's watchlist. */
  async state(): Promise<WatchState> {
    const profile = await this.profile();
    const entries = await this.store.entries(profile);
    const { problem } = this.store;
    return { profile, entries, news: entries.filter((e) => e.news).length, lastCheck: await this.store.lastCheck(profile), ...(problem ? { problem } : {}) };
  }

  async #changed(found = 0): Promise<WatchState> {
    const state = await this.state();
    this.emit({ type: 'watch', state, found });
    return state;
  }

  /**
   * Watches series: the chart's (its queries, transform and the series it shows, kept as the last
   * look) or a saved export's (read from its file). Nothing is fetched. A series already watched
   * keeps its entry.
   */
  async pin(request: RequestOf<'watch.pin'>): Promise<WatchState> {
    let pins: Array<{ query: SeriesQuery; transform?: string; series: Series }>;
    if (request.from === 'saved') {
      const opened = await this.library.open(request.id);
      if (opened.manifest.derived) {
        throw new InvalidParameterError('id', `"${opened.manifest.name}" holds derived series (computed from other series): the watch follows series the service publishes. Watch its operands from a chart instead.`);
      }
      const transform = opened.manifest.transform;
      pins = opened.series.map((series) => ({ query: series.provenance.query, ...(transform ? { transform } : {}), series }));
    } else {
      if (request.series.length !== request.queries.length) {
        throw new InvalidParameterError('series', `Invalid request: series must hold one series per query (${request.queries.length}), in order; got ${request.series.length}.`);
      }
      pins = request.queries.map((query, i) => ({ query, ...(request.transform ? { transform: request.transform } : {}), series: request.series[i]! }));
    }
    const profile = await this.profile();
    const now = this.#now().toISOString();
    await this.store.update(async (file) => {
      const list = (file.profiles[profile] ??= []);
      for (const pin of pins) {
        const key = watchKey(profile, pin.query, pin.transform);
        if (list.some((e) => e.key === key)) continue;
        await this.store.saveSnapshot(key, 'seen', pin.series);
        await this.store.removeSnapshot(key, 'news');
        list.push({
          key, query: pin.query, ...(pin.transform ? { transform: pin.transform } : {}), title: pin.series.title, pinnedAt: now,
          lastUpdated: pin.series.provenance.last_updated ?? null, lookedAt: now,
        });
      }
    });
    return this.#changed();
  }

  /** Stops watching the given keys (their kept series go too). */
  async unpin(keys: readonly string[]): Promise<WatchState> {
    const profile = await this.profile();
    const gone = new Set(keys);
    await this.store.update(async (file) => {
      file.profiles[profile] = (file.profiles[profile] ?? []).filter((e) => !gone.has(e.key));
      for (const key of gone) {
        await this.store.removeSnapshot(key, 'seen');
        await this.store.removeSnapshot(key, 'news');
      }
    });
    return this.#changed();
  }

  /** Checks now (one check at a time: a second call while one runs gets the same answer). */
  check(): Promise<WatchState> {
    if (this.#checking === undefined) {
      const checking = this.#check();
      this.#checking = checking;
      void checking.finally(() => { if (this.#checking === checking) this.#checking = undefined; }).catch(() => undefined);
    }
    return this.#checking;
  }

  async #check(): Promise<WatchState> {
    const profile = await this.profile();
    const entries = await this.store.entries(profile);
    if (entries.length === 0) return this.state(); // nothing watched: nothing asked
    const client = await this.session.client();
    const language = await this.preferences.nameLanguage();
    const byKey = new Map(entries.map((e) => [e.key, e]));
    // What a check compares the catalogue with: the newest values known (news not yet seen, else the last look).
    const watched: WatchedSeries[] = entries.map((e) => {
      const lastUpdated = e.news ? e.news.lastUpdated : e.lastUpdated;
      return { key: e.key, query: e.query, lastUpdated, ...(lastUpdated === null ? { lookedAt: e.news?.foundAt ?? e.lookedAt } : {}) };
    });
    let sources: readonly SourceInfo[] = [];
    let requests = 0;
    const check = await checkWatch({
      listSources: async () => {
        requests += 1;
        sources = (await client.listSources({}, { cache: 'reload' })).data;
        return sources;
      },
      // checkWatch asks for the due series' queries in order: the same due list gives each its transform.
      fetchSeries: async (): Promise<SeriesResult[]> => {
        const due = seriesWithNewData(watched, sources);
        const { fetch, names } = fromClient(client.withOptions({ priority: 'background' }));
        let planned = 0;
        const counted = this.#through((queries, options) => fetch(queries, { ...options, onProgress: (p) => { planned = p.planned; } }));
        const plans = due.map((w) => planShown([w.query], byKey.get(w.key)?.transform, { language }));
        const results = await fetchPlans(counted, plans, { cache: 'reload', names });
        requests += planned;
        return results.map((r) => r[0]!);
      },
    }, watched, new Map());

    const now = this.#now().toISOString();
    let found = 0;
    const updates = new Map<string, Pick<WatchEntry, 'lastUpdated' | 'news'>>();
    for (const w of check.refreshed) {
      const entry = byKey.get(w.key)!;
      const fresh = check.series.get(w.key)!;
      if (sameValues(await this.store.snapshot(w.key, 'seen'), fresh)) {
        // The source moved on but this series did not change since the last look: nothing to tell.
        await this.store.removeSnapshot(w.key, 'news');
        updates.set(w.key, { lastUpdated: w.lastUpdated });
        continue;
      }
      const again = entry.news !== undefined && sameValues(await this.store.snapshot(w.key, 'news'), fresh);
      if (!again) {
        found += 1;
        await this.store.saveSnapshot(w.key, 'news', fresh);
      }
      updates.set(w.key, { lastUpdated: entry.lastUpdated, news: { lastUpdated: w.lastUpdated, foundAt: again ? entry.news!.foundAt : now } });
    }
    const record: WatchCheckRecord = { at: now, requests, saved: check.skipped, refreshed: check.refreshed.length, changed: found };
    await this.store.update((file) => {
      // Applied to the watchlist as it is now: a series unpinned during the check stays unpinned.
      file.profiles[profile] = (file.profiles[profile] ?? []).map((e) => {
        const u = updates.get(e.key);
        if (!u) return e;
        const { news: _old, ...rest } = e;
        return { ...rest, lastUpdated: u.lastUpdated, ...(u.news ? { news: u.news } : {}) };
      });
      file.checks[profile] = record;
    });
    return this.#changed(found);
  }

  /** What changed since the last look, series by series, for the entries with news. */
  async changes(): Promise<WatchChanges> {
    const entries = (await this.store.entries(await this.profile())).filter((e) => e.news);
    const diffs: RevisionDiff[] = [];
    for (const e of entries) {
      const [seen, news] = [await this.store.snapshot(e.key, 'seen'), await this.store.snapshot(e.key, 'news')];
      if (news) diffs.push(compareSeries(seen ? [seen] : [], [news]));
    }
    return { ...joinDiffs(diffs), entries };
  }

  /** Marks news as seen (all, or `keys`): each series' last look is now, at the values found. */
  async seen(keys?: readonly string[]): Promise<WatchState> {
    const profile = await this.profile();
    const only = keys === undefined ? undefined : new Set(keys);
    const now = this.#now().toISOString();
    await this.store.update(async (file) => {
      const list = file.profiles[profile] ?? [];
      file.profiles[profile] = await Promise.all(list.map(async (e) => {
        if (only && !only.has(e.key)) return e;
        const { news, ...rest } = e;
        if (!news) return { ...rest, lookedAt: now };
        const fresh = await this.store.snapshot(e.key, 'news');
        if (fresh) await this.store.saveSnapshot(e.key, 'seen', fresh);
        await this.store.removeSnapshot(e.key, 'news');
        return { ...rest, lastUpdated: news.lastUpdated, lookedAt: now };
      }));
    });
    return this.#changed();
  }

  /** Starts the checks of a listening window: one soon, then every few hours. */
  start(): void {
    if (this.#timers.length > 0) return;
    const first = this.options.firstAfterMs === undefined ? 0 : this.options.firstAfterMs;
    const every = this.options.everyMs === undefined ? 4 * HOUR : this.options.everyMs;
    const run = (): void => {
      // A failed scheduled check (offline, a locked keychain) waits for the next one or "Check now".
      this.check().catch((error: unknown) => console.warn('The new-data check failed:', error instanceof Error ? error.message : error));
    };
    if (first !== null) this.#timers.push(setTimeout(run, first));
    if (every !== null) this.#timers.push(setInterval(run, every));
  }

  stop(): void {
    for (const t of this.#timers) clearTimeout(t);
    this.#timers = [];
  }
}
