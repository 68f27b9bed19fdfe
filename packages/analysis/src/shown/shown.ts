/**
 * One path from queries and a transform to the series a user sees: widen each query for the
 * transform (2000's growth needs 1999), fetch everything in ONE job through the fetch function the
 * caller gives (core's `client.fetchSeries`, or the add-in's collector: analysis never fetches by
 * itself), name the series in the chosen language (core's `seriesNamer`), apply the transform back
 * to the asked range, and bring series of mixed frequencies to the lowest of them. The explorer's
 * chart, table and exports, the taskpane's blocks and every ECON.* formula call this module; no
 * app widens or transforms on its own.
 *
 * A refusal (a `Per` above a query's frequency, a `Rebase` period without a value, a derived
 * recipe analysis refuses) fails its own query alone; the others are still shown.
 *
 * Two steps, so a caller that shows several things at once (a refresh of every block of a
 * workbook) still sends one job: `planShown` / `planDerived` say what to fetch, `fetchPlans` fetches
 * every plan's queries together and finishes each plan. `fetchShown` / `fetchDerived` are the one-
 * plan forms.
 */
import { isEconError, seriesNamer, type CallOptions, type Catalogue, type EconError, type FetchSeriesOptions, type Frequency, type NameLanguage, type Series, type SeriesQuery } from '@econdata/core';
import { FREQUENCY_RANK } from '../calendar/calendar.ts';
import { DERIVED_PRESETS } from '../derive/presets.ts';
import { computeDerived, derivedQueries } from '../derive/request.ts';
import type { DerivedRequest } from '../derive/types.ts';
import { applyTransforms, PER_FREQUENCY } from '../transform/apply.ts';
import { isIdentity, parseTransform, type Per, type Transform } from '../transform/spec.ts';
import { queryFrequency, widenQuery } from '../transform/widen.ts';

/** One query's outcome: its series, or why it failed (core's SeriesResult when `E` is EconError). */
export type Fetched<E = EconError> = { ok: true; series: Series } | { ok: false; error: E };

/**
 * A fetch shaped like core's `client.fetchSeries(queries, options)`: one result per query, in
 * order. `E` is what a failure carries (core's EconError; the add-in's loader may also fail with
 * its own "not connected").
 */
export type SeriesFetch<E = EconError> = (queries: SeriesQuery[], options: FetchSeriesOptions) => Promise<Array<Fetched<E>>>;

/** Where names in a language other than English come from. */
export interface ShownNames {
  /** The catalogue (core's `client.catalogue`, which core keeps in its cache). */
  catalogue: (options: CallOptions) => Promise<Catalogue>;
  /**
   * A catalogue that cannot be had: 'fail' (default) throws its error; 'keep' leaves the names as
   * the service sent them (a formula's cell still shows its data rather than failing for a header).
   */
  unavailable?: 'fail' | 'keep';
}

/** What the one job is given: core's job options, and the catalogue when a plan names in another language. */
export interface ShownOptions extends FetchSeriesOptions {
  names?: ShownNames;
}

/** What one plan shows, besides its queries. */
export interface PlanOptions {
  /**
   * The language its series are named in (default English: as sent, no catalogue asked). A promise
   * is awaited only once the answers are in (a formula reads its setting while the collector waits).
   */
  language?: NameLanguage | PromiseLike<NameLanguage>;
  /**
   * Series of different frequencies: 'common' (default) brings the faster ones to the lowest of
   * them (the explorer's chart and files); 'own' keeps each at its own (a worksheet block or a
   * spill lays mixed frequencies out long, one row per value).
   */
  calendar?: 'common' | 'own';
}

/** What to fetch for one thing shown, and how to turn the answers into what is shown. */
export interface ShownPlan {
  /** The queries to fetch (widened; a refused query is left out: it costs nothing). */
  readonly queries: readonly SeriesQuery[];
  /** What was refused before any request, in the asked order (the cost preview may stop on the first). */
  readonly refused: readonly EconError[];
  readonly language: NameLanguage | PromiseLike<NameLanguage>;
  /** One result per asked query (or request), in order, from the answers to `queries`, the namer and the language it names in. */
  finish<E>(fetched: ReadonlyArray<Fetched<E>>, name: (series: Series) => Series, language: NameLanguage): Array<Fetched<E | EconError>>;
}

/**
 * The queries a plan sends, for a cost preview that stops on a refusal: throws the first query (or
 * recipe) the engine refused, before any request.
 */
export function sentQueries(plan: ShownPlan): SeriesQuery[] {
  if (plan.refused[0]) throw plan.refused[0];
  return [...plan.queries];
}

const PER_OF: Readonly<Partial<Record<Frequency, Per>>> = { annual: 'A', quarterly: 'Q', monthly: 'M' };

/** The lower of two frequencies (either may be missing). */
function lower(a: Frequency | null | undefined, b: Frequency | null | undefined): Frequency | undefined {
  if (!a) return b ?? undefined;
  return b && FREQUENCY_RANK[b] < FREQUENCY_RANK[a] ? b : a;
}

/** The lowest of some frequencies (undefined for none). */
function lowest(frequencies: ReadonlyArray<Frequency | null | undefined>): Frequency | undefined {
  let low: Frequency | undefined;
  for (let i = 0; i < frequencies.length; i++) low = lower(low, frequencies[i]);
  return low;
}

/** The lowest frequency among the series that came, and `also` (a loop: this runs over every answer of a job). */
function lowestFetched<E>(fetched: ReadonlyArray<Fetched<E>>, also: Frequency | undefined): Frequency | undefined {
  let low = also;
  for (let i = 0; i < fetched.length; i++) {
    const r = fetched[i]!;
    if (r.ok) low = lower(low, r.series.frequency);
  }
  return low;
}

/**
 * The transform one series gets: the user's, plus `Per` down to the common frequency when it is
 * faster. `Per` folds in first, so the user's Units/MA/Rebase work at the shown frequency (a
 * year-on-year change of annual averages, not an average of monthly changes); the conversion is
 * named in the series' title and `provenance.transform`, as `Per=` always is.
 */
function transformAt(t: Transform, own: Frequency | null | undefined, common: Frequency | undefined): Transform {
  if (t.per !== undefined || !own || !common || FREQUENCY_RANK[own] <= FREQUENCY_RANK[common]) return t;
  const per = PER_OF[common];
  return per === undefined ? t : { ...t, per };
}

/** A refusal of the engine becomes that query's failure (nothing is sent for it); anything else is a bug. */
function refused(error: unknown): { ok: false; error: EconError } {
  if (isEconError(error)) return { ok: false, error };
  throw error;
}

/**
 * What showing `queries` under `transform` (the text form, or parsed; '' or undefined: none) fetches
 * and how the answers become what is shown: one result per query, in order.
 */
export function planShown(queries: readonly SeriesQuery[], transform: string | Transform | undefined, options: PlanOptions = {}): ShownPlan {
  const t = typeof transform === 'object' ? transform : parseTransform(transform ?? '');
  const common = (options.calendar ?? 'common') === 'common';
  const userPer = t.per === undefined ? undefined : PER_FREQUENCY[t.per];
  // Widen for the frequency each query will be shown at (known from the query before any request).
  const expected = common ? lowest([userPer, ...queries.map(queryFrequency)]) : undefined;
  const refusals = new Map<number, { ok: false; error: EconError }>();
  const toFetch: Array<{ at: number; query: SeriesQuery }> = [];
  queries.forEach((query, at) => {
    try {
      toFetch.push({ at, query: widenQuery(query, transformAt(t, queryFrequency(query), expected)) });
    } catch (error) {
      refusals.set(at, refused(error));
    }
  });
  return {
    queries: toFetch.map((f) => f.query),
    refused: [...refusals.values()].map((r) => r.error),
    language: options.language ?? 'en',
    finish<E>(fetched: ReadonlyArray<Fetched<E>>, name: (series: Series) => Series): Array<Fetched<E | EconError>> {
      if (fetched.length < toFetch.length) missing();
      const results = new Array<Fetched<E | EconError> | undefined>(queries.length);
      for (const [at, refusal] of refusals) results[at] = refusal;
      // The frequencies that came (a GSO query without one says only now), and the lowest of them.
      const at = common ? lowestFetched(fetched, userPer) : undefined;
      // The series to transform, one batch per frequency (each frequency has its own transform):
      // the engine reads the transform once and each shared axis once for the whole batch.
      const batches = new Map<Frequency, { own: Transform; identity: boolean; series: Series[]; asked: SeriesQuery[]; at: number[] }>();
      for (let i = 0; i < fetched.length; i++) {
        const r = fetched[i]!;
        const asked = toFetch[i]!.at;
        if (!r.ok) {
          results[asked] = r;
          continue;
        }
        const frequency = r.series.frequency;
        let batch = batches.get(frequency);
        if (batch === undefined) {
          const own = transformAt(t, frequency, at);
          batches.set(frequency, (batch = { own, identity: isIdentity(own), series: [], asked: [], at: [] }));
        }
        try {
          const named = name(r.series);
          if (batch.identity) results[asked] = { ok: true, series: named };
          else {
            batch.series.push(named);
            batch.asked.push(queries[asked]!);
            batch.at.push(asked);
          }
        } catch (error) {
          results[asked] = refused(error);
        }
      }
      for (const batch of batches.values()) {
        const outcomes = applyTransforms(batch.series, batch.own, batch.asked);
        for (let k = 0; k < outcomes.length; k++) {
          const outcome = outcomes[k]!;
          results[batch.at[k]!] = outcome.ok ? outcome : refused(outcome.error);
        }
      }
      return results as Array<Fetched<E | EconError>>;
    },
  };
}

/** Only reached when a fetch function breaks its contract (fewer answers than queries). */
function missing(): never {
  throw new Error('The fetch function answered fewer results than the queries it was given (it must answer one per query, in order).');
}

/**
 * What showing derived series fetches (every operand of every request) and how the answers become
 * them: each operand named in the plan's language, then `computeDerived` per request in that
 * language (its title is made of the operands' names and a preset's words). One result per request:
 * a request analysis refuses (a currency conversion of a percentage), or one whose operand failed
 * (that operand's own result), fails alone; its unit warnings travel in the series' provenance.
 */
export function planDerived(requests: readonly DerivedRequest[], options: Pick<PlanOptions, 'language'> = {}): ShownPlan {
  const asked = options.language ?? 'en';
  const plans = requests.map((request): { queries: SeriesQuery[] } | { refused: { ok: false; error: EconError } } => {
    try {
      return { queries: derivedQueries(request) };
    } catch (error) {
      return { refused: refused(error) };
    }
  });
  return {
    queries: plans.flatMap((p) => ('queries' in p ? p.queries : [])),
    refused: plans.flatMap((p) => ('refused' in p ? [p.refused.error] : [])),
    language: asked,
    finish<E>(fetched: ReadonlyArray<Fetched<E>>, name: (series: Series) => Series, language: NameLanguage): Array<Fetched<E | EconError>> {
      let at = 0;
      return requests.map((request, i) => {
        const plan = plans[i]!;
        if ('refused' in plan) return plan.refused;
        const answers = fetched.slice(at, (at += plan.queries.length));
        if (answers.length < plan.queries.length) missing();
        const failed = answers.find((a) => !a.ok);
        if (failed) return failed;
        try {
          return { ok: true, series: computeDerived(request, answers.map((a) => name((a as Extract<Fetched<E>, { ok: true }>).series)), { language }) };
        } catch (error) {
          return refused(error);
        }
      });
    },
  };
}

const same = (series: Series): Series => series;

/**
 * The namer of each language the plans need, from one catalogue: asked only when an indicator
 * series came back to be named in a language other than English.
 */
async function namers<E>(languages: readonly NameLanguage[], fetched: ReadonlyArray<ReadonlyArray<Fetched<E>>>, options: ShownOptions): Promise<(language: NameLanguage) => (series: Series) => Series> {
  const needed = languages.some((language, i) => language !== 'en' && fetched[i]!.some((r) => r.ok && r.series.kind === 'indicator'));
  if (!needed || !options.names) return () => same;
  let catalogue: Catalogue;
  try {
    catalogue = await options.names.catalogue(options.signal ? { signal: options.signal } : {});
  } catch (error) {
    if (options.names.unavailable === 'keep') return () => same;
    throw error;
  }
  return (language) => seriesNamer(catalogue, language);
}

/** Core's job options alone (what the fetch function is given). */
function jobOptions(options: ShownOptions): FetchSeriesOptions {
  const { names: _names, ...rest } = options;
  return rest;
}

/**
 * Fetches every plan's queries in ONE job through `fetch` (so the planner batches them like any
 * other queries), names and finishes each plan: one list of results per plan.
 */
export async function fetchPlans<E = EconError>(fetch: SeriesFetch<E>, plans: readonly ShownPlan[], options: ShownOptions = {}): Promise<Array<Array<Fetched<E | EconError>>>> {
  const all = plans.flatMap((p) => p.queries);
  const answers = all.length === 0 ? [] : await fetch(all, jobOptions(options));
  let at = 0;
  const mine = plans.map((p) => answers.slice(at, (at += p.queries.length)));
  const languages = await Promise.all(plans.map((p) => p.language));
  const name = await namers(languages, mine, options);
  return plans.map((p, i) => p.finish(mine[i]!, name(languages[i]!), languages[i]!));
}

/**
 * Fetches `queries` as they are to be shown under `transform`: one result per query, in order, each
 * named, transformed and (by default) at the common frequency.
 *
 * @example const [gdp] = await fetchShown((q, o) => client.fetchSeries(q, o), [gdpQuery], 'Units=pc1');
 */
export async function fetchShown<E = EconError>(fetch: SeriesFetch<E>, queries: readonly SeriesQuery[], transform: string | Transform | undefined, options: ShownOptions & PlanOptions = {}): Promise<Array<Fetched<E | EconError>>> {
  const { language, calendar, ...rest } = options;
  const plan = planShown(queries, transform, { ...(language ? { language } : {}), ...(calendar ? { calendar } : {}) });
  return (await fetchPlans(fetch, [plan], rest))[0]!;
}

/** Derived series as they are shown: one result per request (see planDerived). */
export async function fetchDerived<E = EconError>(fetch: SeriesFetch<E>, requests: readonly DerivedRequest[], options: ShownOptions & Pick<PlanOptions, 'language'> = {}): Promise<Array<Fetched<E | EconError>>> {
  const { language, ...rest } = options;
  return (await fetchPlans(fetch, [planDerived(requests, language ? { language } : {})], rest))[0]!;
}

/**
 * Series already at hand (a saved export read from its file, offline) shown under `transform`
 * through the same plans as fetched ones: each series answers its own query as saved, planned alone
 * so a refusal fails that series only; one result per series, in order. Nothing is fetched: a
 * change that needs earlier periods (2000's growth needs 1999) has them where the file does, and a
 * series saved transformed is transformed again on top (its provenance says both, 'Units=pc1 | MA=3').
 *
 * @example const [growth] = await showHeld(opened.series, 'Units=pc1');
 */
export async function showHeld(series: readonly Series[], transform: string | Transform | undefined): Promise<Array<Fetched>> {
  const plans = series.map((s) => planShown([s.provenance.query], transform));
  const held: Fetched[] = plans.flatMap((p, i) => p.queries.map(() => ({ ok: true as const, series: series[i]! })));
  const results = await fetchPlans(async () => held, plans);
  return results.map((r) => r[0]!);
}

/** What `fromClient` reads: core's client, or anything of its shape (the add-in's taskpane api). */
export interface ShownClient {
  fetchSeries(queries: readonly SeriesQuery[], options?: FetchSeriesOptions): Promise<Array<Fetched<EconError>>>;
  catalogue(options?: CallOptions): Promise<Catalogue>;
}

/**
 * The fetch and the names of a client, for the functions above.
 *
 * @example const { fetch, names } = fromClient(client); await fetchShown(fetch, queries, 'Units=pc1', { names, language: 'vi' });
 */
export function fromClient(client: ShownClient): { fetch: SeriesFetch; names: ShownNames } {
  return { fetch: (queries, options) => client.fetchSeries(queries, options), names: { catalogue: (options) => client.catalogue(options) } };
}

/** A recipe as a saved export or a block keeps it (plain data) read back as analysis's request: a preset it does not know is dropped (it only names the formula). */
export function savedRecipe(saved: { expression: string; operands: DerivedRequest['operands']; transform?: string; words?: string; preset?: string }): DerivedRequest {
  const { preset, ...rest } = saved;
  const known = DERIVED_PRESETS.find((p) => p.id === preset);
  return known ? { ...rest, preset: known.id } : rest;
}
