/**
 * What the explorer shows, and so what its exports and saved exports hold: the asked queries
 * fetched through one core job under the user's transform (@econdata/analysis's text form), and
 * series of different frequencies brought to the lowest of them.
 *
 * Applied here, in main, rather than in the renderer: exports, saved exports and their re-runs run
 * in main, so the chart, the table and every file come from this one function (the renderer holds
 * only the transform's text, and the cache answers an export of what was just shown).
 *
 * The common frequency is the engine's `Per` folded into each faster series' transform, so it
 * applies first and the user's Units/MA/Rebase then work at the shown frequency (a year-on-year
 * change of annual averages, not an average of monthly changes); the conversion is named in the
 * series' title and `provenance.transform`, as `Per=` always is.
 */
import {
  applyTransform, computeDerived, derivedQueries, DERIVED_PRESETS, FREQUENCY_RANK, isIdentity, parseTransform, PER_FREQUENCY, queryFrequency, widenQuery,
  type DerivedRequest, type Per, type Transform,
} from '@econdata/analysis';
import { isEconError, seriesNamer, type EconDataClient, type FetchSeriesOptions, type Frequency, type NameLanguage, type Series, type SeriesQuery, type SeriesResult } from '@econdata/core';

/** What fetchShown takes besides the core job's options: the language series are named in (default English). */
export type ShownOptions = FetchSeriesOptions & { language?: NameLanguage };

/**
 * How fetched series are named: core's seriesNamer over the catalogue (kept in core's cache) for
 * Vietnamese; nothing to look up for English. Applied before a transform adds to the title.
 */
async function namer(client: EconDataClient, options: ShownOptions): Promise<(series: Series) => Series> {
  if ((options.language ?? 'en') === 'en') return (series) => series;
  return seriesNamer(await client.catalogue(options.signal ? { signal: options.signal } : {}), options.language ?? 'en');
}

/** The core job's options alone (a language is main's, not the client's). */
function jobOptions(options: ShownOptions): FetchSeriesOptions {
  const { language: _language, ...rest } = options;
  return rest;
}

const PER_OF: Readonly<Partial<Record<Frequency, Per>>> = { annual: 'A', quarterly: 'Q', monthly: 'M' };

/** The lowest of some frequencies (undefined for none). */
function lowest(frequencies: Iterable<Frequency | null | undefined>): Frequency | undefined {
  let low: Frequency | undefined;
  for (const f of frequencies) if (f && (low === undefined || FREQUENCY_RANK[f] < FREQUENCY_RANK[low])) low = f;
  return low;
}

/** The transform one series gets: the user's, plus `Per` down to the common frequency when it is faster. */
function transformAt(t: Transform, own: Frequency | null | undefined, common: Frequency | undefined): Transform {
  if (t.per !== undefined || !own || !common || FREQUENCY_RANK[own] <= FREQUENCY_RANK[common]) return t;
  const per = PER_OF[common];
  return per === undefined ? t : { ...t, per };
}

/** A refusal of the engine becomes that query's failure (nothing is sent for it); anything else is a bug. */
function failure(error: unknown): SeriesResult {
  if (isEconError(error)) return { ok: false, error };
  throw error;
}

/**
 * Fetches `queries` as they are to be shown under `transform` (canonical text; '' or undefined: none):
 * one result per query, in order, each transformed and at the common frequency. A transform the
 * engine refuses for one query (a `Per` above its frequency, a `Rebase` period without a value)
 * fails that query alone.
 */
export async function fetchShown(client: EconDataClient, queries: readonly SeriesQuery[], transform: string | undefined, options: ShownOptions = {}): Promise<SeriesResult[]> {
  const name = await namer(client, options);
  const t = parseTransform(transform ?? '');
  const userPer = t.per === undefined ? undefined : PER_FREQUENCY[t.per];
  // Widen for the frequency each query will be shown at (known from the query before any request).
  const expected = lowest([userPer, ...queries.map(queryFrequency)]);
  const results: Array<SeriesResult | undefined> = new Array(queries.length);
  const toFetch: Array<{ at: number; query: SeriesQuery }> = [];
  queries.forEach((query, at) => {
    try {
      toFetch.push({ at, query: widenQuery(query, transformAt(t, queryFrequency(query), expected)) });
    } catch (error) {
      results[at] = failure(error);
    }
  });
  const fetched = toFetch.length === 0 ? [] : await client.fetchSeries(toFetch.map((f) => f.query), jobOptions(options));
  // The frequencies that came (a GSO query without one says only now), and the lowest of them.
  const common = lowest([userPer, ...fetched.map((r) => (r.ok ? r.series.frequency : undefined))]);
  fetched.forEach((r, i) => {
    const { at } = toFetch[i]!;
    if (!r.ok) {
      results[at] = r;
      return;
    }
    const own = transformAt(t, r.series.frequency, common);
    try {
      const named = name(r.series);
      results[at] = { ok: true, series: isIdentity(own) ? named : applyTransform(named, own, queries[at]) };
    } catch (error) {
      results[at] = failure(error);
    }
  });
  return results as SeriesResult[];
}

/** The queries a fetch of `queries` under `transform` sends (what the cost preview estimates). */
export function shownQueries(queries: readonly SeriesQuery[], transform: string | undefined): SeriesQuery[] {
  const t = parseTransform(transform ?? '');
  const expected = lowest([t.per === undefined ? undefined : PER_FREQUENCY[t.per], ...queries.map(queryFrequency)]);
  return queries.flatMap((q) => {
    try {
      return [widenQuery(q, transformAt(t, queryFrequency(q), expected))];
    } catch (error) {
      if (isEconError(error)) return []; // refused before any request: it costs nothing
      throw error;
    }
  });
}

/**
 * Derived series (@econdata/analysis's DerivedRequest) as the explorer shows them: every operand of
 * every request in ONE core job (so the planner batches them like any other queries), each operand
 * named in `options.language`, then `computeDerived` per request in that language (its title is
 * made of the operands' names and a preset's words). One result per request: a request analysis
 * refuses (a currency conversion of a percentage), or one whose operand failed, fails alone; its
 * unit warnings travel in the series' provenance.
 */
export async function fetchDerived(client: EconDataClient, requests: readonly DerivedRequest[], options: ShownOptions = {}): Promise<SeriesResult[]> {
  const plans = requests.map((request): { queries: SeriesQuery[] } | { refused: SeriesResult } => {
    try {
      return { queries: derivedQueries(request) };
    } catch (error) {
      return { refused: failure(error) };
    }
  });
  const all = plans.flatMap((p) => ('queries' in p ? p.queries : []));
  const fetched = all.length === 0 ? [] : await client.fetchSeries(all, jobOptions(options));
  const name = all.length === 0 ? (s: Series): Series => s : await namer(client, options);
  let at = 0;
  return requests.map((request, i) => {
    const plan = plans[i]!;
    if ('refused' in plan) return plan.refused;
    const answers = fetched.slice(at, (at += plan.queries.length));
    const failed = answers.find((a) => !a.ok);
    if (failed) return failed;
    try {
      return { ok: true, series: computeDerived(request, answers.map((a) => name((a as Extract<SeriesResult, { ok: true }>).series)), { language: options.language ?? 'en' }) };
    } catch (error) {
      return failure(error);
    }
  });
}

/** The queries derived series send (what the cost preview estimates); a refused request costs nothing. */
export function derivedFetchQueries(requests: readonly DerivedRequest[]): SeriesQuery[] {
  return requests.flatMap((r) => {
    try {
      return derivedQueries(r);
    } catch (error) {
      if (isEconError(error)) return [];
      throw error;
    }
  });
}

/** A recipe as a saved export keeps it (plain data) read back as analysis's request: a preset it does not know is dropped (it only names the formula). */
export function savedRecipe(saved: { expression: string; operands: DerivedRequest['operands']; transform?: string; words?: string; preset?: string }): DerivedRequest {
  const { preset, ...rest } = saved;
  const known = DERIVED_PRESETS.find((p) => p.id === preset);
  return known ? { ...rest, preset: known.id } : rest;
}
