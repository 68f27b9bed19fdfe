/**
 * Search + Query + Insert: @econdata/ui's search across every source above its QueryBuilder (indicators, trade, stocks), then either the
 * data as a formatted block at the selection or the ECON.* formulas that fetch it. A job that costs
 * more than a few requests shows its cost against the quota first (CostPreview).
 */
import { fetchShown, fromClient, planShown, sentQueries } from '@econdata/analysis';
import type { Estimate, Series, SeriesQuery } from '@econdata/core';
import { Checkbox, Field, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CostPreview, keyValueMemoryStore, needsCostPreview, ProgressPanel, SearchQueryBuilder, useDescribeContext, useEconData, useNameLanguage } from '@econdata/ui';
import { defaultStorage } from '../runtime/storage.ts';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatSpill, insertFormulas } from '../office/insert-formula.ts';
import { insertParameterFormula } from '../office/parameters.ts';
import { chartFits, insertBlock } from '../office/insert.ts';
import type { ExcelHost } from '../office/excel-api.ts';
import type { CommandRegistry } from '../runtime/index.ts';
import { errorSentence } from './messages.ts';
import { NoticeBar, type Notice } from './NoticeBar.tsx';
import { LayoutFields } from './LayoutFields.tsx';
import { formatArrangement, type Arrangement } from '@econdata/sheets';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground3 },
  // A written formula is one long word (=ECON.INDICATOR("WB",...)): it must wrap in a 320 px taskpane.
});

type Mode = 'values' | 'formula';
/** What to insert: the asked queries and the transform's canonical text ('' for none). */
interface Job {
  queries: SeriesQuery[];
  transform: string;
}
interface Progress {
  label: string;
  value?: number;
  max?: number;
  unit?: string;
}

export interface InsertPanelProps {
  excel: ExcelHost;
  commands: CommandRegistry;
  /** Called after a block was written (the Blocks list reloads). */
  onInserted(): void;
}

/** The query builder with "Insert at selection" and "Insert as formula". */
export function InsertPanel({ excel, commands, onInserted }: InsertPanelProps): ReactNode {
  const styles = useStyles();
  const api = useEconData();
  const describe = useDescribeContext();
  const nameLanguage = useNameLanguage();
  const [mode, setMode] = useState<Mode>('values');
  // A chart beside every time-series block unless the user turns it off (a single period gets none).
  const [chart, setChart] = useState(true);
  // Formulas whose arguments live in a labelled block of cells (change one cell, the block re-queries).
  const [inCells, setInCells] = useState(false);
  const [arrangement, setArrangement] = useState<Arrangement>({ dir: 'V', sort: 'A', header: true, dates: true });
  // A block keeps its table's header row; the rest of the layout applies to blocks and formulas alike.
  const layoutText = (m: Mode): string => formatArrangement(m === 'values' ? { ...arrangement, header: true, dates: arrangement.dates || arrangement.dir === 'H' } : arrangement);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState<{ job: Job; estimate: Estimate } | null>(null);
  const last = useRef<Job | null>(null);
  // Recent and favourite searches in the add-in's own storage (never the workbook), beside its settings.
  const memory = useMemo(() => keyValueMemoryStore(defaultStorage(), 'econdata.search'), []);

  const insertValues = async ({ queries, transform }: Job): Promise<void> => {
    setProgress({ label: `Fetching ${queries.length === 1 ? '1 series' : `${queries.length} series`}…` });
    // Through the transform, if any: its widened queries fetched, then applied back to the asked range.
    // Named in the chosen language before the transform adds to the title (header, table and chart follow).
    const { fetch, names } = fromClient(api);
    const results = await fetchShown(fetch, queries, transform, { names, language: nameLanguage, calendar: 'own' });
    const series: Series[] = [];
    const kept: SeriesQuery[] = [];
    const failed: string[] = [];
    results.forEach((r, i) => {
      const q = queries[i];
      if (r.ok && q) {
        series.push(r.series);
        kept.push(q);
      } else if (!r.ok) failed.push(errorSentence(r.error, describe));
    });
    if (series.length === 0) throw results.find((r) => !r.ok)?.error ?? new Error('No series came back: try again.');
    setProgress({ label: 'Writing to the worksheet…', value: 0, max: series[0]?.periods.length ?? 0, unit: 'rows' });
    const layout = layoutText('values');
    const block = await insertBlock(excel, series, kept, { language: nameLanguage, ...(transform ? { transform } : {}), ...(layout ? { arrangement: layout } : {}), chart, onProgress: (p) => setProgress({ label: `Writing to the worksheet (request ${p.chunk} of ${p.chunks})…`, value: p.rowsDone, max: p.rowsTotal, unit: 'rows' }) });
    // The first sync only looked at the target cells; the rest wrote.
    const writes = block.syncs - 1;
    const requests = writes === 1 ? 'written in one request to Excel' : `written in ${writes} requests to Excel`;
    const text = `Inserted “${block.binding.title}” at ${block.address}${block.binding.chart ? ', with a chart beside it' : ''} (${requests}).`;
    setNotice(failed.length === 0 ? { intent: 'success', text } : { intent: 'warning', text: `${text} Left out: ${failed.join(' ')}` });
    onInserted();
  };

  const run = async (job: Job, confirmed: boolean): Promise<void> => {
    setBusy(true);
    setNotice(null);
    last.current = job;
    try {
      if (mode === 'formula' && inCells) {
        // The Options cell holds the one options text: the transform, then the layout.
        const options = [job.transform, layoutText('formula')].filter((t) => t !== '').join(' ');
        const { binding, address } = await insertParameterFormula(excel, job.queries, options);
        setNotice({ intent: 'success', text: `Wrote the parameters and ${binding.formula} at ${address}: change a parameter cell and the formula asks again. The Blocks tab lists it.` });
        onInserted();
        return;
      }
      if (mode === 'formula') {
        // One options text: the transform, then the layout (`Units=pc1 Dir=H`).
        const options = [job.transform, layoutText('formula')].filter((t) => t !== '').join(' ');
        const { formulas, address } = await insertFormulas(excel, job.queries, options);
        setNotice({ intent: 'success', text: `Wrote ${formulas.join(' and ')} at ${address}. Excel fills the cells when the ECON functions calculate.` });
        // The cells it spills into get a block's number formats and widths (the same series, from
        // the cache the formula fills): one formula, every series back; otherwise they stay as they are.
        if (formulas.length === 1) {
          const { fetch, names } = fromClient(api);
          const results = await fetchShown(fetch, job.queries, job.transform, { names, language: nameLanguage, calendar: 'own' });
          const series = results.flatMap((r) => (r.ok ? [r.series] : []));
          if (series.length === results.length) await formatSpill(excel, address, series, options);
        }
        return;
      }
      if (!confirmed) {
        // The cost of what will be fetched: the widened queries (refused here, before any request, when the transform cannot apply).
        const estimate = await api.estimate(sentQueries(planShown(job.queries, job.transform, { calendar: 'own' })));
        if (needsCostPreview(estimate)) {
          setPending({ job, estimate });
          return;
        }
      }
      await insertValues(job);
    } catch (error) {
      setNotice({ intent: 'error', text: errorSentence(error, describe) });
    } finally {
      setProgress(null);
      setBusy(false);
    }
  };

  // The ribbon's "Insert at selection" repeats the last query built here.
  useEffect(
    () =>
      commands.register('insertAtSelection', async () => {
        if (!last.current) throw new Error('Build a query in the Econdata taskpane first (Data tab), then insert.');
        await run(last.current, true);
      }),
  );

  return (
    <div className={styles.root}>
      {pending ? (
        <CostPreview
          estimate={pending.estimate}
          confirmLabel="Fetch and insert"
          onConfirm={() => {
            const job = pending.job;
            setPending(null);
            void run(job, true);
          }}
          onCancel={() => setPending(null)}
        />
      ) : null}
      <SearchQueryBuilder
        memory={memory}
        between={(
          <>
            <Field label="Insert as">
              <RadioGroup value={mode} onChange={(_, d) => setMode(d.value as Mode)} layout="horizontal">
                <Radio value="values" label="Values (formatted table)" />
                <Radio value="formula" label="Formulas (=ECON…)" />
              </RadioGroup>
            </Field>
            <LayoutFields value={arrangement} onChange={setArrangement} table={mode === 'values'} />
            {/* The chart needs the periods down the block's first column: no chart for a block laid across or without dates. */}
            {mode === 'values' ? (
              chartFits(layoutText('values')) ? (
                <Checkbox checked={chart} onChange={(_, d) => setChart(d.checked === true)} label="Chart beside the block (lines; a stock chart for one ticker)" />
              ) : null
            ) : (
              <Checkbox checked={inCells} onChange={(_, d) => setInCells(d.checked === true)} label="Arguments in cells (Source, Indicator, Country, From, To, Options) that the formula refers to" />
            )}
            <Text size={200} className={styles.hint}>
              {mode === 'values'
                ? 'Select the top-left cell, build a query, then insert: a provenance header, an Excel table with real dates, and the query kept for Refresh.'
                : 'Select a cell, build a query, then insert: the ECON formula spills the series and recalculates through the add-in’s cache.'}
            </Text>
          </>
        )}
        transform
        onSubmit={(queries, _kind, transform) => void run({ queries, transform }, false)}
        // The outcome shown belongs to the kind of query it came from: another tab starts clean.
        onKindChange={() => { if (!busy) setNotice(null); }}
        submitLabel={mode === 'values' ? 'Insert at selection' : 'Insert as formula'}
        busy={busy}
      />
      {progress ? <ProgressPanel label={progress.label} {...(progress.value === undefined ? {} : { value: progress.value })} {...(progress.max === undefined ? {} : { max: progress.max })} {...(progress.unit ? { unit: progress.unit } : {})} /> : null}
      <NoticeBar notice={notice} />
    </div>
  );
}
