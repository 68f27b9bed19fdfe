/**
 * Explore: the query builder on the left (sources -> indicators -> countries, trade, stocks), the
 * result on the right. A fetch is estimated first; a large one, or one the quota cannot take, shows
 * the cost preview before anything is spent. Fetches show progress and can be cancelled; each
 * failed query says what happened and what to do; the series open in the series view with export.
 * Derived series (a preset on a chart, or "New derived series") open in the same view: computed by
 * main from their operands (series.derive), transformed, exported and saved like any other.
 *
 * This view only renders: its state and every transition live in `explore-store.ts` (useExplore).
 * A file written here holds the series the chart shows (`shown.exportOf`): nothing is fetched again.
 */
import { useEffect } from 'react';
import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { DataLine24Regular, MathFormula20Regular } from '@fluentui/react-icons';
import { CostPreview, EmptyState, ProgressPanel, SearchQueryBuilder } from '@econdata/ui';
import { useSession } from '../app/session.tsx';
import { ExportResultBar } from '../exports/ExportResultBar.tsx';
import { FailureList } from './FailureList.tsx';
import { DerivedDialog, DerivedMenu, ExportMenu, preloadSeriesView, SeriesView, WatchToggle } from '../app/later.tsx';
import { AppError } from '../app/AppError.tsx';
import { useExplore } from './explore-store.ts';

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

/** The Explore view. */
export function ExploreView({ onOpenConnection }: { onOpenConnection(): void }) {
  const styles = useStyles();
  const { client } = useSession();
  const { model: m, store } = useExplore(client);
  // The chart's script comes once the first screen is idle (it is not part of the start bundle).
  useEffect(() => preloadSeriesView(), []);
  const shown = m.shown;

  return (
    <div className={styles.root}>
      <aside className={styles.side} aria-label="Query">
        <div className={styles.sideHead}>
          <h1 className={styles.sideTitle}>Explore</h1>
          <Button size="small" icon={<MathFormula20Regular />} disabled={m.busy} onClick={store.openDerived}>New derived series</Button>
        </div>
        <SearchQueryBuilder
          memory={client.searchMemory}
          onSubmit={store.submit}
          busy={m.busy}
          submitLabel={m.estimating ? 'Estimating…' : 'Get data'}
          onKindChange={store.setKind}
          filled={m.filled}
        />
      </aside>
      <div className={styles.result}>
        {m.estimateError ? <AppError error={m.estimateError} onRetry={store.dismissEstimateError} onOpenSettings={onOpenConnection} /> : null}
        {m.progress ? <ProgressPanel {...m.progress} onCancel={store.cancel} /> : null}
        {m.error ? <AppError error={m.error} onRetry={store.retry} onOpenSettings={onOpenConnection} /> : null}
        {m.failures ? <FailureList failures={m.failures.list} total={m.failures.total} onOpenConnection={onOpenConnection} /> : null}
        {m.exported ? <ExportResultBar done={m.exported} onDismiss={store.dismissExported} /> : null}
        {shown ? (
          <SeriesView
            series={shown.series}
            title={shown.title}
            actions={(chart) => (
              <div className={styles.actions}>
                <WatchToggle {...shown.exportOf} />
                <DerivedMenu {...(shown.queries ? { queries: shown.queries } : {})} transform={shown.transform} busy={m.running} onDerive={store.submitDerived} />
                <ExportMenu {...shown.exportOf} title={shown.title} chart={chart} onExported={store.exportDone} />
              </div>
            )}
            transform={{
              value: shown.transform, native: shown.native, busy: m.running, onChange: store.changeTransform,
              ...(shown.original === undefined ? {} : { original: { on: shown.original, onChange: store.showOriginal } }),
            }}
            {...(shown.gso ? { gsoFrequency: { ...shown.gso, busy: m.running, onChange: store.changeGsoFrequency } } : {})}
          />
        ) : null}
        {m.empty?.kind === 'choose' ? (
          <div className={styles.center}>
            <EmptyState
              icon={<DataLine24Regular />}
              title="Choose what to look at"
              description={m.empty.text}
              {...(m.empty.example ? { action: <Button appearance="primary" onClick={store.showExample}>Show an example: GDP of Vietnam and Thailand</Button> } : {})}
            />
          </div>
        ) : null}
        {m.empty?.kind === 'no-data' ? <EmptyState title="No data" description="The service answered with no series for this query. Widen the years or pick other countries." /> : null}
      </div>
      <Dialog open={m.pending !== null} onOpenChange={(_, d) => { if (!d.open) store.dismissPending(); }}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Before fetching</DialogTitle>
            <DialogContent>
              {m.pending ? <CostPreview estimate={m.pending.estimate} onConfirm={store.confirm} onCancel={store.dismissPending} /> : null}
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {m.deriving ? <DerivedDialog open {...(m.deriveFrom ? { series: { query: m.deriveFrom } } : {})} onDerive={store.submitDerived} onClose={store.closeDerived} /> : null}
    </div>
  );
}
