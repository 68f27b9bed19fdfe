/**
 * The Explore view's state, in one place: what each tab of the query builder shows, the one job
 * running (a fetch or a derivation, its progress, its error), the cost preview waiting for a yes,
 * and every transition the view's controls ask for. The view (`ExploreView.tsx`) only renders
 * `exploreModel(state)` and calls the store's transitions; the store holds no React and is tested
 * with a fake bridge (`explore-store.test.ts`). `useExplore` ties it to React.
 *
 * What is shown is what the renderer got from main's one path (`series.fetch`, `series.derive`:
 * analysis's fetchShown / fetchDerived): the chart, the table and the files written here all take
 * these series; an export sends them, so nothing is fetched again (`exportOf`).
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Estimate, Frequency, GsoFrequency, IndicatorInfo, NameLanguage, Series, SeriesQuery } from '@econdata/core';
import { parseTransform, transformWords, type DerivedRequest } from '@econdata/analysis';
import { buildIndicatorQueries, needsCostPreview, useCatalogue, useNameLanguage, type QueryKind } from '@econdata/ui';
import type { DesktopApi, JobOptions } from '../../shared/client.ts';
import type { ExportDone } from '../exports/ExportMenu.tsx';
import { fetchName } from '../exports/export-name.ts';
import { derivedWords, operandQueries, resultTransform, withResultTransform } from '../derived/derived-plan.ts';
import { gsoFrequencies, isGsoFetch, withFrequency } from '../series/gso-frequency.ts';
import { nativeLowest, seasonalOf, withoutSeasonal } from '../series/transform-choices.ts';

/** What the store asks of the desktop client (the real one over the bridge; a fake bridge in tests). */
export type ExploreClient = Pick<DesktopApi, 'fetchSeries' | 'deriveSeries' | 'estimate'>;

type ExampleForm = Parameters<typeof buildIndicatorQueries>[0];

/**
 * One click from an empty screen to real data: World Bank GDP for Vietnam and Thailand, charted and
 * put in the query form (issue 28: the form stayed empty), so the user changes one thing.
 */
const EXAMPLE: ExampleForm = { source: 'WB', indicators: ['NY.GDP.MKTP.CD'], countries: ['VN', 'TH'], startYear: '2000', endYear: '', frequency: '' };
const built = buildIndicatorQueries(EXAMPLE);
const EXAMPLE_QUERIES: SeriesQuery[] = built.ok ? built.queries : [];

/** What to do first, on each tab of the query builder. */
const EMPTY_TEXT: Record<QueryKind, string> = {
  indicators: 'Pick a source, search its indicators and tick one or more countries, or switch to Trade or Stocks. Get data charts the series here; large fetches show their cost against your quota first.',
  trade: 'Choose a flow, and a partner or HS code if you want one, then Get data: Vietnam\'s customs trade, month by month, charted here.',
  stocks: 'Type a stock symbol (VNM) or an index (VNINDEX) and the dates, then Get data: daily prices as candlesticks, with the table below.',
};

interface Failure {
  query: SeriesQuery;
  error: unknown;
  /** A derived request's formula. */
  expression?: string;
}

/** One fetch (or derivation) as it came back: what was asked, the series, what failed. */
interface Shown {
  queries: SeriesQuery[];
  /** The transform the series are shown with ('' for none). */
  transform: string;
  /** A derived view's recipes (then `queries` are their operands and `transform` the result's). */
  derived?: DerivedRequest[];
  /** The series under `transform`, one per query (or recipe) that succeeded, in the asked order. */
  series: Series[];
  /** The query (or recipe) of each of `series`: what a file of them keeps for its re-run. */
  of: { queries: SeriesQuery[]; derived?: DerivedRequest[] };
  /** The same series without seasonal adjustment, drawn beside the adjusted ones (not in files). */
  originals: Series[];
  failures: Failure[];
}

/** A run: queries under a transform (and the originals beside seasonally adjusted series), or derived recipes. */
type Ask = { queries: SeriesQuery[]; transform: string; original: boolean } | { derived: DerivedRequest[] };

type Progress = Parameters<NonNullable<JobOptions['onProgress']>>[0] | { phase: 'starting'; loaded: number; total: null };

export interface ExploreState {
  /** The tab of the query builder: what is shown belongs to it (issue 22: a GSO chart stayed under the Trade form). */
  kind: QueryKind;
  /** The tab the job now running (or last run) was started on: its progress, error and failures show there only. */
  runKind: QueryKind;
  /** What the series view shows, per tab: the last run that brought series (a run that brings none leaves it, when asked to). */
  shown: Partial<Record<QueryKind, Shown>>;
  running: boolean;
  progress: Progress | null;
  /** The last run that finished (its failures and "no data" show on its tab). */
  latest: Shown | null;
  /** Why the last run failed as a whole (a connection, a cancel). */
  error: unknown;
  /** What the last run asked, on which tab: Retry runs it again. */
  asked: { kind: QueryKind; ask: Ask } | null;
  /** A fetch waiting for the cost preview's yes. */
  pending: { queries: SeriesQuery[]; derived?: DerivedRequest[]; estimate: Estimate } | null;
  estimating: boolean;
  estimateError: { kind: QueryKind; error: unknown } | null;
  /** The "New derived series" dialog is open. */
  deriving: boolean;
  /** The GSO frequency asked for while its fetch runs. */
  wanted: GsoFrequency | null;
  /** The original series beside a seasonally adjusted one, on the same chart. */
  withOriginal: boolean;
  exported: ExportDone | null;
  /** The query form filled by "Show an example" (a new `seq` fills it again). */
  filled: { form: ExampleForm; seq: number } | undefined;
}

const INITIAL: ExploreState = {
  kind: 'indicators', runKind: 'indicators', shown: {}, running: false, progress: null, latest: null, error: null, asked: null,
  pending: null, estimating: false, estimateError: null, deriving: false, wanted: null, withOriginal: false, exported: null, filled: undefined,
};

export interface ExploreStore {
  get(): ExploreState;
  subscribe(listener: () => void): () => void;
  /** Another tab of the query builder. */
  setKind(kind: QueryKind): void;
  /** Get data: the estimate first; a costly fetch waits for the preview's yes. */
  submit(queries: SeriesQuery[]): void;
  /** Derived series (a preset on the chart, or the dialog), estimated like any fetch. */
  submitDerived(derived: DerivedRequest[]): void;
  /** Fills the form with the example and fetches it. */
  showExample(): void;
  /** The cost preview's yes / no. */
  confirm(): void;
  dismissPending(): void;
  /** Runs again what the last run asked. */
  retry(): void;
  dismissEstimateError(): void;
  /** The transform bar: what is shown, under another transform (kept when nothing comes back). */
  changeTransform(text: string): void;
  /** The original beside a seasonally adjusted series, on or off. */
  showOriginal(on: boolean): void;
  /** The GSO frequency switch. */
  changeGsoFrequency(frequency: GsoFrequency): void;
  /** The language series are named in: a new one fetches what is shown again (main's cache answers). */
  namesIn(language: NameLanguage): void;
  openDerived(): void;
  closeDerived(): void;
  exportDone(done: ExportDone): void;
  dismissExported(): void;
  /** Cancels the running job. */
  cancel(): void;
}

/** The series a run drew: the adjusted ones, then the originals beside them. */
const drawn = (shown: Shown): Series[] => (shown.originals.length === 0 ? shown.series : [...shown.series, ...shown.originals]);

/** The store of one Explore view, over the client it fetches through. */
export function createExploreStore(client: ExploreClient): ExploreStore {
  let state = INITIAL;
  const listeners = new Set<() => void>();
  const set = (change: Partial<ExploreState>): void => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };
  // The job whose outcome is shown; a newer run makes an older one's outcome irrelevant.
  let current: AbortController | null = null;
  let namedIn: NameLanguage | undefined;

  const work = async (ask: Ask, options: Required<JobOptions>): Promise<Shown> => {
    if ('derived' in ask) {
      // Every operand in one job in main; each request that fails (an operand missing, a currency
      // conversion of a percentage) says why with its formula, the others are shown.
      const { derived } = ask;
      const results = await client.deriveSeries(derived, options);
      const shown: Shown = { queries: operandQueries(derived), transform: resultTransform(derived), derived, series: [], of: { queries: [], derived: [] }, originals: [], failures: [] };
      results.forEach((r, i) => {
        const request = derived[i] ?? derived[0]!;
        if (r.ok) {
          shown.series.push(r.series);
          shown.of.derived!.push(request);
          shown.of.queries.push(...operandQueries([request]));
        } else {
          shown.failures.push({ query: request.operands[0]!.query, error: r.error, expression: request.expression });
        }
      });
      return shown;
    }
    const { queries, transform } = ask;
    const results = await client.fetchSeries(queries, { ...options, ...(transform ? { transform } : {}) });
    const shown: Shown = { queries, transform, series: [], of: { queries: [] }, originals: [], failures: [] };
    results.forEach((r, i) => {
      const query = queries[i] ?? queries[0]!;
      if (r.ok) {
        shown.series.push(r.series);
        shown.of.queries.push(query);
      } else {
        shown.failures.push({ query, error: r.error });
      }
    });
    if (ask.original && seasonalOf(transform)) {
      // The same series without SA (the rest of the transform kept), drawn beside the adjusted ones.
      const plain = withoutSeasonal(transform);
      const originals = await client.fetchSeries(queries, { ...options, ...(plain ? { transform: plain } : {}) });
      for (const r of originals) if (r.ok) shown.originals.push(r.series);
    }
    return shown;
  };

  /** Runs `ask` for the tab `kind`; `keepShown`: a run that brings nothing leaves what is shown. */
  const run = (kind: QueryKind, ask: Ask, keepShown: boolean): void => {
    const controller = new AbortController();
    current = controller;
    const mine = (): boolean => current === controller;
    set({ runKind: kind, pending: null, exported: null, running: true, error: null, progress: { phase: 'starting', loaded: 0, total: null }, asked: { kind, ask } });
    const options: Required<JobOptions> = { signal: controller.signal, onProgress: (progress) => { if (mine()) set({ progress }); } };
    work(ask, options).then((shown) => {
      if (!mine()) return;
      current = null;
      const brought = drawn(shown).length > 0;
      set({ running: false, progress: null, latest: shown, ...(brought || !keepShown ? { shown: { ...state.shown, [kind]: brought ? shown : undefined } } : {}) });
    }, (error: unknown) => {
      if (!mine()) return;
      current = null;
      set({ running: false, progress: null, error });
    });
  };

  const fetchNow = (queries: SeriesQuery[], transform: string, keepShown = false, original = state.withOriginal): void =>
    run(state.kind, { queries, transform, original }, keepShown);
  const deriveNow = (derived: DerivedRequest[], keepShown = false): void => run(state.kind, { derived }, keepShown);

  const estimateThenRun = (queries: SeriesQuery[], derived?: DerivedRequest[]): void => {
    const kind = state.kind;
    set({ estimating: true, estimateError: null });
    client.estimate(queries, derived ? { derived } : {}).then((estimate) => {
      set({ estimating: false });
      if (needsCostPreview(estimate)) set({ pending: { queries, estimate, ...(derived ? { derived } : {}) } });
      else run(kind, derived ? { derived } : { queries, transform: '', original: state.withOriginal }, false);
    }, (error: unknown) => set({ estimating: false, estimateError: { kind, error } }));
  };

  const here = (): Shown | undefined => state.shown[state.kind];

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setKind: (kind) => set({ kind, exported: null }),
    submit: (queries) => estimateThenRun(queries),
    submitDerived: (derived) => estimateThenRun([], derived),
    showExample() {
      set({ filled: { form: EXAMPLE, seq: (state.filled?.seq ?? 0) + 1 } });
      estimateThenRun(EXAMPLE_QUERIES);
    },
    confirm() {
      const pending = state.pending;
      if (!pending) return;
      if (pending.derived) deriveNow(pending.derived);
      else fetchNow(pending.queries, '');
    },
    dismissPending: () => set({ pending: null }),
    retry() {
      if (state.asked) run(state.asked.kind, state.asked.ask, true);
    },
    dismissEstimateError: () => set({ estimateError: null }),
    changeTransform(text) {
      const shown = here();
      if (!shown) return;
      if (shown.derived) deriveNow(withResultTransform(shown.derived, text), true);
      else fetchNow(shown.queries, text, true);
    },
    showOriginal(on) {
      set({ withOriginal: on });
      const shown = here();
      if (shown && !shown.derived) fetchNow(shown.queries, shown.transform, true, on);
    },
    changeGsoFrequency(frequency) {
      const shown = here();
      if (!shown || shown.derived) return;
      set({ wanted: frequency });
      fetchNow(withFrequency(shown.queries, frequency), shown.transform, true);
    },
    namesIn(language) {
      const before = namedIn;
      namedIn = language;
      if (before === undefined || before === language) return;
      const shown = here();
      if (shown && !shown.derived) fetchNow(shown.queries, shown.transform, true);
    },
    openDerived: () => set({ deriving: true }),
    closeDerived: () => set({ deriving: false }),
    exportDone: (done) => set({ exported: done }),
    dismissExported: () => set({ exported: null }),
    cancel: () => current?.abort(),
  };
}

/** What a file written here holds of a view: the series shown (not the originals beside them), what they are of, the transform. */
interface ExportOf {
  queries: SeriesQuery[];
  series: Series[];
  transform: string;
  derived?: DerivedRequest[];
}

/** What the series view shows of one run. */
interface ShownModel {
  /** Every series drawn (the originals after the adjusted ones). */
  series: Series[];
  title: string;
  transform: string;
  /** The lowest frequency the queries have (the transform bar offers conversions below it). */
  native: Frequency | undefined;
  derived?: DerivedRequest[];
  /** A plain view's queries (the derived menu builds on them). */
  queries?: SeriesQuery[];
  exportOf: ExportOf;
  /** The original-beside switch (plain views only): whether it is on. */
  original?: boolean;
  /** The GSO frequency switch, for a GSO fetch: the frequency shown (or asked), and the ones the indicator list has. */
  gso?: { value: GsoFrequency; options: GsoFrequency[] | null };
}

/** Everything the Explore view renders, from the state and the catalogue's entries. */
export interface ExploreModel {
  kind: QueryKind;
  /** A job or an estimate is running: the form and the menus wait. */
  busy: boolean;
  estimating: boolean;
  running: boolean;
  filled: ExploreState['filled'];
  /** The estimate's error, on the tab it was asked on. */
  estimateError: unknown;
  /** The running job's progress, on its tab. */
  progress: { label: string; value?: number; max?: number; unit?: string } | null;
  /** The last run's error, on its tab. */
  error: unknown;
  /** The last run's failed queries, on its tab. */
  failures: { list: Failure[]; total: number } | null;
  exported: ExportDone | null;
  shown: ShownModel | null;
  /** Nothing shown: what to do first ('choose', with the example on the indicators tab), or the last run found nothing ('no-data'). */
  empty: { kind: 'choose'; text: string; example: boolean } | { kind: 'no-data' } | null;
  pending: ExploreState['pending'];
  deriving: boolean;
  /** The query the derived dialog starts from (the first of a plain view). */
  deriveFrom: SeriesQuery | undefined;
}

/** The view's model of a state (`entries`: the catalogue's, for the GSO frequencies each indicator has). */
export function exploreModel(state: ExploreState, entries?: ReadonlyArray<IndicatorInfo & { source: string }>): ExploreModel {
  const here = state.runKind === state.kind;
  const latest = here ? state.latest : null;
  const data = state.shown[state.kind] ?? null;
  const p = here && state.running ? state.progress : null;
  const series = data ? drawn(data) : [];
  let shown: ShownModel | null = null;
  if (data && series.length > 0) {
    const words = [data.derived ? derivedWords(data.derived) : '', data.transform ? transformWords(parseTransform(data.transform)) : ''].filter(Boolean).join(', ');
    const gso = !data.derived && isGsoFetch(data.queries);
    const shownFrequency = (series[0]?.frequency ?? 'monthly') as GsoFrequency;
    shown = {
      series, title: fetchName(series.map((s) => s.title), words), transform: data.transform, native: nativeLowest(data.queries),
      exportOf: { queries: data.of.queries, series: data.series, transform: data.transform, ...(data.of.derived ? { derived: data.of.derived } : {}) },
      ...(data.derived ? { derived: data.derived } : { queries: data.queries, original: state.withOriginal }),
      ...(gso ? { gso: { value: state.running && state.wanted ? state.wanted : shownFrequency, options: gsoFrequencies(data.queries, entries) } } : {}),
    };
  }
  const empty: ExploreModel['empty'] = shown ? null
    : !(here && state.running) && !data && !latest ? { kind: 'choose', text: EMPTY_TEXT[state.kind], example: state.kind === 'indicators' }
      : latest && latest.series.length === 0 && latest.failures.length === 0 ? { kind: 'no-data' }
        : null;
  return {
    kind: state.kind,
    busy: state.running || state.estimating,
    estimating: state.estimating,
    running: state.running,
    filled: state.filled,
    estimateError: state.estimateError?.kind === state.kind ? state.estimateError.error : null,
    progress: p ? { label: p.phase === 'fetching' && p.total ? 'Fetching series' : 'Fetching series…', ...(p.total ? { value: p.loaded, max: p.total, unit: 'requests' } : {}) } : null,
    error: here ? state.error : null,
    failures: latest ? { list: latest.failures, total: latest.derived?.length ?? latest.queries.length } : null,
    exported: state.exported,
    shown,
    empty,
    pending: state.pending,
    deriving: state.deriving,
    deriveFrom: data && !data.derived ? data.queries[0] : undefined,
  };
}

/** The Explore view's store and model, in React: names follow the language chosen, GSO switches the catalogue. */
export function useExplore(client: ExploreClient): { model: ExploreModel; store: ExploreStore } {
  const store = useMemo(() => createExploreStore(client), [client]);
  const state = useSyncExternalStore(store.subscribe, store.get);
  const language = useNameLanguage();
  useEffect(() => store.namesIn(language), [store, language]);
  const catalogue = useCatalogue();
  return { model: exploreModel(state, catalogue.data?.entries), store };
}
