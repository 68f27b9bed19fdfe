/**
 * Explore: the query builder on the left (sources -> indicators -> countries, trade, stocks), the
 * result on the right. A fetch is estimated first; a large one, or one the quota cannot take, shows
 * the cost preview before anything is spent. Fetches show progress and can be cancelled; each
 * failed query says what happened and what to do; the series open in the series view with export.
 * Derived series (a preset on a chart, or "New derived series") open in the same view: computed by
 * main from their operands (series.derive), transformed, exported and saved like any other.
 */
import { useEffect, useRef, useState } from 'react';
import type { Estimate, GsoFrequency, Series, SeriesQuery } from '@econdata/core';
import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { DataLine24Regular, MathFormula20Regular } from '@fluentui/react-icons';
import { buildIndicatorQueries, CostPreview, EmptyState, needsCostPreview, ProgressPanel, SearchQueryBuilder, useCatalogue, useNameLanguage, type QueryKind } from '@econdata/ui';
import { useSession } from '../app/session.tsx';
import { useJob } from '../app/use-job.ts';
import type { ExportDone } from '../exports/ExportMenu.tsx';
import { ExportResultBar } from '../exports/ExportResultBar.tsx';
import { FailureList } from './FailureList.tsx';
import { nativeLowest, seasonalOf, withoutSeasonal } from '../series/transform-choices.ts';
import { parseTransform, transformWords, type DerivedRequest } from '@econdata/analysis';
import { DerivedDialog, DerivedMenu, ExportMenu, preloadSeriesView, SeriesView } from '../app/later.tsx';
import { derivedWords, operandQueries, resultTransform, withResultTransform } from '../derived/derived-plan.ts';
import { fetchName } from '../exports/export-name.ts';
import { gsoFrequencies, isGsoFetch, withFrequency } from '../series/gso-frequency.ts';
import { AppError } from '../app/AppError.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', height: '100%', minHeight: 0 },
  side: {
    width: '384px', flexShrink: 0, overflowY: 'auto', padding: tokens.spacingHorizontalL, boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1, borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    // Pickers size to their longest option; in this column they take its width instead.
    '& .fui-Dropdown, & .fui-Select, & .fui-Combobox': { minWidth: 0, maxWidth: '100%', width: '100%' },
    '& .fui-Field': { minWidth: 0 },
    '& .fui-Input': { minWidth: 0, maxWidth: '100%' },
  },
  sideHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, margin: `0 0 ${tokens.spacingVerticalS}` },
  sideTitle: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  result: {
    flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL, boxSizing: 'border-box', overflowY: 'auto', overflowX: 'hidden',
    // Message bars hide their overflow, so a flex column would squeeze them to nothing under a tall
    // series view: every child keeps its own height and the column scrolls instead.
    '& > *': { flexShrink: 0 },
  },
  failures: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  center: { margin: 'auto', maxWidth: '520px' },
});

/**
 * One click from an empty screen to real data: World Bank GDP for Vietnam and Thailand, charted and
 * put in the query form (issue 28: the form stayed empty), so the user changes one thing.
 */
const EXAMPLE: Parameters<typeof buildIndicatorQueries>[0] = { source: 'WB', indicators: ['NY.GDP.MKTP.CD'], countries: ['VN', 'TH'], startYear: '2000', endYear: '', frequency: '' };
const built = buildIndicatorQueries(EXAMPLE);
const EXAMPLE_QUERIES: SeriesQuery[] = built.ok ? built.queries : [];

/** What to do first, on each tab of the query builder. */
const EMPTY_TEXT: Record<QueryKind, string> = {
  indicators: 'Pick a source, search its indicators and tick one or more countries, or switch to Trade or Stocks. Get data charts the series here; large fetches show their cost against your quota first.',
  trade: 'Choose a flow, and a partner or HS code if you want one, then Get data: Vietnam\'s customs trade, month by month, charted here.',
  stocks: 'Type a stock symbol (VNM) or an index (VNINDEX) and the dates, then Get data: daily prices as candlesticks, with the table below.',
};

interface Fetched {
  queries: SeriesQuery[];
  /** The transform the series are shown with ('' for none). */
  transform: string;
  /** A derived view's recipes (then `queries` are their operands and `transform` the result's). */
  derived?: DerivedRequest[];
  series: Series[];
  failures: Array<{ query: SeriesQuery; error: unknown; expression?: string }>;
}

/** The Explore view. */
export function ExploreView({ onOpenConnection }: { onOpenConnection(): void }) {
  const styles = useStyles();
  const { client } = useSession();
  const job = useJob<Fetched>();
  const [pending, setPending] = useState<{ queries: SeriesQuery[]; derived?: DerivedRequest[]; estimate: Estimate } | null>(null);
  const [deriving, setDeriving] = useState(false);
  // The chart's script comes once the first screen is idle (it is not part of the start bundle).
  useEffect(() => preloadSeriesView(), []);
  const [estimating, setEstimating] = useState(false);
  const [estimateError, setEstimateError] = useState<{ kind: QueryKind; error: unknown } | null>(null);
  // The tab of the query builder: what is shown belongs to it (issue 22: a GSO chart stayed under
  // the Trade form, errors of one tab stacked under another). Each tab keeps its own last series.
  const [kind, setKind] = useState<QueryKind>('indicators');
  // The tab the job now running (or last run) was started on: its progress, error and failures show there only.
  const [runKind, setRunKind] = useState<QueryKind>('indicators');
  // What the series view shows, per tab: the last fetch that brought series. A frequency switch
  // that finds nothing leaves it (and the switch) in place, with the error above.
  const [shownByKind, setShownByKind] = useState<Partial<Record<QueryKind, Fetched>>>({});
  const setShown = (k: QueryKind, fetched: Fetched | null): void => setShownByKind((m) => ({ ...m, [k]: fetched ?? undefined }));
  const [wanted, setWanted] = useState<GsoFrequency | null>(null);
  // The original series beside a seasonally adjusted one, on the same chart (one click in the transform bar).
  const [withOriginal, setWithOriginal] = useState(false);
  const [exported, setExported] = useState<ExportDone | null>(null);
  const [filled, setFilled] = useState<{ form: typeof EXAMPLE; seq: number } | undefined>();

  const fetchNow = (queries: SeriesQuery[], transform: string, keepShown = false, original = withOriginal): void => {
    const k = kind;
    setRunKind(k);
    setPending(null);
    setExported(null);
    void job.run(async (options) => {
      const results = await client.fetchSeries(queries, { ...options, ...(transform ? { transform } : {}) });
      const fetched: Fetched = { queries, transform, series: [], failures: [] };
      results.forEach((r, i) => {
        if (r.ok) fetched.series.push(r.series);
        else fetched.failures.push({ query: queries[i] ?? queries[0]!, error: r.error });
      });
      if (original && seasonalOf(transform)) {
        // The same series without SA (the rest of the transform kept), drawn beside the adjusted ones.
        const plain = withoutSeasonal(transform);
        const originals = await client.fetchSeries(queries, { ...options, ...(plain ? { transform: plain } : {}) });
        originals.forEach((r) => { if (r.ok) fetched.series.push(r.series); });
      }
      return fetched;
    }).then((fetched) => {
      if (fetched && fetched.series.length > 0) setShown(k, fetched);
      else if (fetched && !keepShown) setShown(k, null);
    });
  };

  // Derived series: every operand in one job in main; each request that fails (an operand missing, a
  // currency conversion of a percentage) says why with its formula, the others are shown.
  const deriveNow = (derived: DerivedRequest[], keepShown = false): void => {
    const k = kind;
    setRunKind(k);
    setPending(null);
    setExported(null);
    void job.run(async (options) => {
      const results = await client.deriveSeries(derived, options);
      const fetched: Fetched = { queries: operandQueries(derived), transform: resultTransform(derived), derived, series: [], failures: [] };
      results.forEach((r, i) => {
        const request = derived[i] ?? derived[0]!;
        if (r.ok) fetched.series.push(r.series);
        else fetched.failures.push({ query: request.operands[0]!.query, error: r.error, expression: request.expression });
      });
      return fetched;
    }).then((fetched) => {
      if (fetched && fetched.series.length > 0) setShown(k, fetched);
      else if (fetched && !keepShown) setShown(k, null);
    });
  };

  const estimateThenRun = (queries: SeriesQuery[], derived?: DerivedRequest[]): void => {
    const k = kind;
    setEstimating(true);
    setEstimateError(null);
    client.estimate(queries, derived ? { derived } : {}).then((estimate) => {
      setEstimating(false);
      if (needsCostPreview(estimate)) setPending({ queries, estimate, ...(derived ? { derived } : {}) });
      else if (derived) deriveNow(derived);
      else fetchNow(queries, '');
    }, (e: unknown) => {
      setEstimating(false);
      setEstimateError({ kind: k, error: e });
    });
  };

  // Series names come from main in the chosen language: a new choice fetches what is shown again
  // (from the cache: no request spent) so the chart and the table follow it.
  const nameLanguage = useNameLanguage();
  const namedIn = useRef(nameLanguage);
  useEffect(() => {
    if (namedIn.current === nameLanguage) return;
    namedIn.current = nameLanguage;
    const shown = shownByKind[kind];
    if (shown && !shown.derived) fetchNow(shown.queries, shown.transform, true);
  });

  const submit = (queries: SeriesQuery[]): void => estimateThenRun(queries);
  const submitDerived = (derived: DerivedRequest[]): void => estimateThenRun([], derived);

  const here = runKind === kind;
  const latest = here ? job.result : null;
  const data = shownByKind[kind] ?? null;
  const p = here ? job.progress : null;
  const shownError = estimateError?.kind === kind ? estimateError.error : null;
  const gso = data && !data.derived ? isGsoFetch(data.queries) : false;
  const shownName = data ? fetchName(data.series.map((s) => s.title), [data.derived ? derivedWords(data.derived) : '', data.transform ? transformWords(parseTransform(data.transform)) : ''].filter(Boolean).join(', ')) : '';
  const gsoFrequency = (data?.series[0]?.frequency ?? 'monthly') as GsoFrequency;
  // Only the frequencies the indicator list says these series have: another one is a certain "no data".
  const catalogue = useCatalogue();
  const gsoOptions = gso && data ? gsoFrequencies(data.queries, catalogue.data?.entries) : null;

  return (
    <div className={styles.root}>
      <aside className={styles.side} aria-label="Query">
        <div className={styles.sideHead}>
          <h1 className={styles.sideTitle}>Explore</h1>
          <Button size="small" icon={<MathFormula20Regular />} disabled={job.running || estimating} onClick={() => setDeriving(true)}>New derived series</Button>
        </div>
        <SearchQueryBuilder
          memory={client.searchMemory}
          onSubmit={submit}
          busy={job.running || estimating}
          submitLabel={estimating ? 'Estimating…' : 'Get data'}
          onKindChange={(k) => { setKind(k); setExported(null); }}
          filled={filled}
        />
      </aside>
      <div className={styles.result}>
        {shownError ? <AppError error={shownError} onRetry={() => setEstimateError(null)} onOpenSettings={onOpenConnection} /> : null}
        {job.running && p ? (
          <ProgressPanel label={p.phase === 'fetching' && p.total ? 'Fetching series' : 'Fetching series…'} {...(p.total ? { value: p.loaded, max: p.total, unit: 'requests' } : {})} onCancel={job.cancel} />
        ) : null}
        {here && job.error ? <AppError error={job.error} onRetry={() => latest && (latest.derived ? deriveNow(latest.derived) : fetchNow(latest.queries, latest.transform))} onOpenSettings={onOpenConnection} /> : null}
        {latest ? <FailureList failures={latest.failures} total={latest.derived?.length ?? latest.queries.length} onOpenConnection={onOpenConnection} /> : null}
        {exported ? <ExportResultBar done={exported} onDismiss={() => setExported(null)} /> : null}
        {data && data.series.length > 0 ? (
          <SeriesView
            series={data.series}
            title={shownName}
            actions={(chart) => (
              <div className={styles.actions}>
                <DerivedMenu {...(data.derived ? {} : { queries: data.queries })} transform={data.transform} busy={job.running} onDerive={submitDerived} />
                <ExportMenu queries={data.queries} transform={data.transform} {...(data.derived ? { derived: data.derived } : {})} title={shownName} chart={chart} onExported={setExported} />
              </div>
            )}
            transform={{
              value: data.transform, native: nativeLowest(data.queries), busy: job.running,
              onChange: (text: string) => (data.derived ? deriveNow(withResultTransform(data.derived, text), true) : fetchNow(data.queries, text, true)),
              ...(data.derived ? {} : { original: { on: withOriginal, onChange: (on: boolean) => { setWithOriginal(on); fetchNow(data.queries, data.transform, true, on); } } }),
            }}
            {...(gso ? { gsoFrequency: { value: job.running && wanted ? wanted : gsoFrequency, busy: job.running, options: gsoOptions, onChange: (f: GsoFrequency) => { setWanted(f); fetchNow(withFrequency(data.queries, f), data.transform, true); } } } : {})}
          />
        ) : !(here && job.running) && !data && !latest ? (
          <div className={styles.center}>
            <EmptyState
              icon={<DataLine24Regular />}
              title="Choose what to look at"
              description={EMPTY_TEXT[kind]}
              {...(kind === 'indicators' ? { action: <Button appearance="primary" onClick={() => { setFilled((f) => ({ form: EXAMPLE, seq: (f?.seq ?? 0) + 1 })); submit(EXAMPLE_QUERIES); }}>Show an example: GDP of Vietnam and Thailand</Button> } : {})}
            />
          </div>
        ) : latest && latest.series.length === 0 && latest.failures.length === 0 ? (
          <EmptyState title="No data" description="The service answered with no series for this query. Widen the years or pick other countries." />
        ) : null}
      </div>
      <Dialog open={pending !== null} onOpenChange={(_, d) => { if (!d.open) setPending(null); }}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Before fetching</DialogTitle>
            <DialogContent>
              {pending ? <CostPreview estimate={pending.estimate} onConfirm={() => (pending.derived ? deriveNow(pending.derived) : fetchNow(pending.queries, ''))} onCancel={() => setPending(null)} /> : null}
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {deriving ? <DerivedDialog open {...(data && !data.derived && data.queries[0] ? { series: { query: data.queries[0] } } : {})} onDerive={submitDerived} onClose={() => setDeriving(false)} /> : null}
    </div>
  );
}
