/**
 * Explore: the query builder on the left (sources -> indicators -> countries, trade, stocks), the
 * result on the right. A fetch is estimated first; a large one, or one the quota cannot take, shows
 * the cost preview before anything is spent. Fetches show progress and can be cancelled; each
 * failed query says what happened and what to do; the series open in the series view with export.
 */
import { useState } from 'react';
import type { Estimate, GsoFrequency, Series, SeriesQuery } from '@econdata/core';
import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { DataLine24Regular } from '@fluentui/react-icons';
import { CostPreview, EmptyState, needsCostPreview, ProgressPanel, SearchQueryBuilder, type QueryKind } from '@econdata/ui';
import { useSession } from '../app/session.tsx';
import { useJob } from '../app/use-job.ts';
import { ExportMenu, type ExportDone } from '../exports/ExportMenu.tsx';
import { ExportResultBar } from '../exports/ExportResultBar.tsx';
import { SeriesView } from '../series/SeriesView.tsx';
import { FailureList } from './FailureList.tsx';
import { nativeLowest } from '../series/transform-choices.ts';
import { parseTransform, transformWords } from '@econdata/analysis';
import { fetchName, isGsoFetch, kindOfQueries, withFrequency } from './fetch-plan.ts';
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
  sideTitle: { margin: `0 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  result: {
    flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL, boxSizing: 'border-box', overflowY: 'auto', overflowX: 'hidden',
    // Message bars hide their overflow, so a flex column would squeeze them to nothing under a tall
    // series view: every child keeps its own height and the column scrolls instead.
    '& > *': { flexShrink: 0 },
  },
  failures: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  center: { margin: 'auto', maxWidth: '520px' },
});

/** One click from an empty screen to real data: World Bank GDP for Vietnam and Thailand. */
const EXAMPLE: SeriesQuery[] = ['VN', 'TH'].map((country) => ({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country, start_year: 2000 }));

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
  series: Series[];
  failures: Array<{ query: SeriesQuery; error: unknown }>;
}

/** The Explore view. */
export function ExploreView({ onOpenConnection }: { onOpenConnection(): void }) {
  const styles = useStyles();
  const { client } = useSession();
  const job = useJob<Fetched>();
  const [pending, setPending] = useState<{ queries: SeriesQuery[]; estimate: Estimate } | null>(null);
  const [estimating, setEstimating] = useState(false);
  const [estimateError, setEstimateError] = useState<{ kind: QueryKind; error: unknown } | null>(null);
  // The tab of the query builder: what is shown belongs to it (issue 22: a GSO chart stayed under
  // the Trade form, errors of one tab stacked under another). Each tab keeps its own last series.
  const [kind, setKind] = useState<QueryKind>('indicators');
  // The kind of data the job now running, or last run, fetched: its progress, error and failures show on that tab only.
  const [runKind, setRunKind] = useState<QueryKind>('indicators');
  // What the series view shows, per tab: the last fetch that brought series. A frequency switch
  // that finds nothing leaves it (and the switch) in place, with the error above.
  const [shownByKind, setShownByKind] = useState<Partial<Record<QueryKind, Fetched>>>({});
  const [wanted, setWanted] = useState<GsoFrequency | null>(null);
  const [exported, setExported] = useState<ExportDone | null>(null);

  const fetchNow = (queries: SeriesQuery[], transform: string, keepShown = false): void => {
    const k = kindOfQueries(queries);
    setPending(null);
    setExported(null);
    setRunKind(k);
    void job.run(async (options) => {
      const results = await client.fetchSeries(queries, { ...options, ...(transform ? { transform } : {}) });
      const fetched: Fetched = { queries, transform, series: [], failures: [] };
      results.forEach((r, i) => {
        if (r.ok) fetched.series.push(r.series);
        else fetched.failures.push({ query: queries[i] ?? queries[0]!, error: r.error });
      });
      return fetched;
    }).then((fetched) => {
      if (fetched && fetched.series.length > 0) setShownByKind((m) => ({ ...m, [k]: fetched }));
      else if (fetched && !keepShown) setShownByKind((m) => ({ ...m, [k]: undefined }));
    });
  };

  const submit = (queries: SeriesQuery[]): void => {
    const k = kindOfQueries(queries);
    setEstimating(true);
    setEstimateError(null);
    client.estimate(queries).then((estimate) => {
      setEstimating(false);
      if (needsCostPreview(estimate)) setPending({ queries, estimate });
      else fetchNow(queries, '');
    }, (e: unknown) => {
      setEstimating(false);
      setEstimateError({ kind: k, error: e });
    });
  };

  const here = runKind === kind;
  const latest = here ? job.result : null;
  const data = shownByKind[kind] ?? null;
  const p = here ? job.progress : null;
  const shownError = estimateError?.kind === kind ? estimateError.error : null;
  const gso = data ? isGsoFetch(data.queries) : false;
  const shownName = data ? fetchName(data.series.map((s) => s.title), data.transform ? transformWords(parseTransform(data.transform)) : '') : '';
  const gsoFrequency = (data?.series[0]?.frequency ?? 'monthly') as GsoFrequency;

  return (
    <div className={styles.root}>
      <aside className={styles.side} aria-label="Query">
        <h1 className={styles.sideTitle}>Explore</h1>
        <SearchQueryBuilder
          memory={client.searchMemory}
          onSubmit={submit}
          busy={job.running || estimating}
          submitLabel={estimating ? 'Estimating…' : 'Get data'}
          onKindChange={(k) => { setKind(k); setExported(null); }}
        />
      </aside>
      <div className={styles.result}>
        {shownError ? <AppError error={shownError} onRetry={() => setEstimateError(null)} onOpenSettings={onOpenConnection} /> : null}
        {job.running && p ? (
          <ProgressPanel label={p.phase === 'fetching' && p.total ? 'Fetching series' : 'Fetching series…'} {...(p.total ? { value: p.loaded, max: p.total, unit: 'requests' } : {})} onCancel={job.cancel} />
        ) : null}
        {here && job.error ? <AppError error={job.error} onRetry={() => latest && fetchNow(latest.queries, latest.transform)} onOpenSettings={onOpenConnection} /> : null}
        {latest ? <FailureList failures={latest.failures} total={latest.queries.length} onOpenConnection={onOpenConnection} /> : null}
        {exported ? <ExportResultBar done={exported} onDismiss={() => setExported(null)} /> : null}
        {data && data.series.length > 0 ? (
          <SeriesView
            series={data.series}
            title={shownName}
            actions={<ExportMenu queries={data.queries} transform={data.transform} title={shownName} onExported={setExported} />}
            transform={{ value: data.transform, native: nativeLowest(data.queries), busy: job.running, onChange: (text: string) => fetchNow(data.queries, text, true) }}
            {...(gso ? { gsoFrequency: { value: job.running && wanted ? wanted : gsoFrequency, busy: job.running, onChange: (f: GsoFrequency) => { setWanted(f); fetchNow(withFrequency(data.queries, f), data.transform, true); } } } : {})}
          />
        ) : !(here && job.running) && !data && !latest ? (
          <div className={styles.center}>
            <EmptyState
              icon={<DataLine24Regular />}
              title="Choose what to look at"
              description={EMPTY_TEXT[kind]}
              {...(kind === 'indicators' ? { action: <Button appearance="primary" onClick={() => submit(EXAMPLE)}>Show an example: GDP of Vietnam and Thailand</Button> } : {})}
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
              {pending ? <CostPreview estimate={pending.estimate} onConfirm={() => fetchNow(pending.queries, '')} onCancel={() => setPending(null)} /> : null}
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
