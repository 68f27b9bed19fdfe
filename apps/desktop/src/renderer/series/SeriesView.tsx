/**
 * Series shown as a product view: a toolbar (what to show, chart style for stocks, the GSO
 * frequency switch, a frequency picker when series of several frequencies are open), the transform
 * control with the conversion and warnings it led to, the uPlot chart, the virtualized table, and
 * the provenance of every series with stale ones marked.
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { GSO_FREQUENCIES, type Frequency, type GsoFrequency, type Series } from '@econdata/core';
import {
  Accordion, AccordionHeader, AccordionItem, AccordionPanel, Badge, makeStyles, MessageBar, MessageBarBody, mergeClasses, Radio, RadioGroup, Tab, TabList, Text, tokens, Toolbar,
} from '@fluentui/react-components';
import { CopyAsCode, ProvenanceBlock, sourceLine } from '@econdata/ui';
import { parseTransform, transformWords } from '@econdata/analysis';
import { chartData, frequenciesOf } from './chart-data.ts';
import { chartFigure, lineKey, type ChartMark } from './chart-figure.ts';
import type { SavedChart } from '../../shared/contract.ts';
import { ChartImageMenu } from './ChartImageMenu.tsx';
import { AxisChoice, MarksMenu } from './ChartMarksMenu.tsx';
import { SeriesChart, type ChartMode } from './SeriesChart.tsx';
import { SeriesTable } from './SeriesTable.tsx';
import { tableModel, type TableColumn } from './table-model.ts';
import { TransformBar } from './TransformBar.tsx';
import { conversionNote, transformWarnings } from './transform-choices.ts';
import type { CellChange } from '../library/compare-model.ts';

const useStyles = makeStyles({
  // Below this height the chart and table would overlap: the view scrolls instead.
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, height: '100%', minHeight: '680px', flexShrink: 0 },
  // Provenance open: the chart and table keep the height they had, and the view grows below them by
  // the provenance's height (its column scrolls). A view of fixed height would let the provenance
  // overflow onto what is around it (issue 22, item 2: it drew over the legend and the table rows).
  grown: { height: 'auto' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: {
    flex: 1, minWidth: '220px', margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, fontWeight: tokens.fontWeightSemibold,
    // Two lines at most: long comparisons ("GDP (current US$): Viet Nam, Thailand") stay readable.
    display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden',
  },
  controls: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  group: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  // Never below the chart's and the table's own minimum: with notes above, the view grows and scrolls
  // instead of letting the table slide under the provenance.
  body: { flex: 1, minHeight: '448px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  chart: { flex: 1, minHeight: '260px', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground1, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalS, overflow: 'hidden' },
  table: { flex: 1, minHeight: '180px' },
  only: { flex: 1 },
  // A message bar hides its overflow: in this flex column it would be squeezed under the controls.
  note: { flexShrink: 0 },
  noteBox: { flexShrink: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  provenance: { flexShrink: 0, backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
  provenanceBody: { maxHeight: '240px', overflowY: 'auto' },
  summary: { color: tokens.colorNeutralForeground2 },
});

type Show = 'both' | 'chart' | 'table';

export interface SeriesViewProps {
  series: readonly Series[];
  title: string;
  /** Buttons on the right of the toolbar (export, save); given the chart's right axis and shading, for an export to keep. */
  actions?: ReactNode | ((chart: SavedChart) => ReactNode);
  /** The right axis and shading to start with (a saved export's). */
  chart?: SavedChart;
  /** The GSO frequency switch: shown when given, offering `options` (the frequencies the series have; all three when unknown). */
  gsoFrequency?: { value: GsoFrequency; onChange(f: GsoFrequency): void; busy: boolean; options?: readonly GsoFrequency[] | null };
  /** A change to highlight per table cell, by row's period and column (compare). */
  changeAt?: (period: string, column: TableColumn) => CellChange | undefined;
  /** A line under the title (compare summary). */
  note?: ReactNode;
  /** The transform control: shown when given (Explore). */
  transform?: { value: string; onChange(text: string): void; native: Frequency | undefined; busy: boolean; original?: { on: boolean; onChange(on: boolean): void } };
}

const MAX_CHART_SERIES = 12;

const FREQUENCY_LABEL: Record<Frequency, string> = { annual: 'Annual', quarterly: 'Quarterly', monthly: 'Monthly', daily: 'Daily' };

/** The transform in words for an image's subtitle (analysis's words), or null for values as published. */
function transformSubtitle(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    const words = transformWords(parseTransform(text));
    return words === '' ? null : `Shown as: ${words}`;
  } catch {
    return `Transform: ${text}`; // not readable here: the text itself still says what was done
  }
}

/** Chart, table and provenance of some series. */
export function SeriesView({ series, title, actions, gsoFrequency, changeAt, note, transform, chart: saved }: SeriesViewProps) {
  const styles = useStyles();
  const [show, setShow] = useState<Show>('both');
  const [mode, setMode] = useState<ChartMode>('candles');
  const frequencies = useMemo(() => frequenciesOf(series), [series]);
  const [picked, setPicked] = useState<Frequency | undefined>(undefined);
  const frequency = picked && frequencies.includes(picked) ? picked : frequencies[0];
  const shown = useMemo(() => series.filter((s) => s.frequency === frequency), [series, frequency]);
  const model = useMemo(() => tableModel(shown), [shown]);
  // A chart of hundreds of lines (a wide fetch) reads as noise: it draws the first few, the table all.
  const charted = useMemo(() => shown.slice(0, MAX_CHART_SERIES), [shown]);
  const hasStock = shown.some((s) => s.kind === 'stock');
  const stale = series.filter((s) => s.provenance.stale);
  const sources = [...new Set(series.map((s) => s.provenance.source))].join(', ');
  const conversion = transform ? conversionNote(series, transform.value) : null;
  const warnings = useMemo(() => transformWarnings(series), [series]);
  // The body's height when the provenance opened (null: closed), kept while it is open.
  const body = useRef<HTMLDivElement>(null);
  const [bodyHeight, setBodyHeight] = useState<number | null>(null);
  // The lines as both the screen and the saved image draw them, with the chart's own choices.
  const lineMode = !hasStock || mode === 'line';
  const chart = useMemo(() => (lineMode && charted.length > 0 ? chartData(charted, frequency) : undefined), [lineMode, charted, frequency]);
  const [chosenRight, setRight] = useState<ReadonlySet<string>>(() => new Set(saved?.right_axis ?? []));
  const [marks, setMarks] = useState<ChartMark[]>(() => [...(saved?.marks ?? [])]);
  // Only lines shown count: a choice made for series no longer shown neither applies nor hides the offer.
  const right = useMemo(() => new Set([...chosenRight].filter((k) => chart?.lines.some((l) => lineKey(l) === k))), [chosenRight, chart]);
  const savedChart: SavedChart = { ...(right.size > 0 ? { right_axis: [...right] } : {}), ...(marks.length > 0 ? { marks } : {}) };
  const chartBox = useRef<HTMLDivElement>(null);
  const shownTransform = transform?.value ?? shown[0]?.provenance.transform ?? '';
  const figure = () => (chart ? chartFigure({ data: chart, title, subtitle: transformSubtitle(shownTransform), source: sourceLine(shown), right, marks }) : null);
  const screenSize = () => ({ width: Math.max(320, Math.round(chartBox.current?.clientWidth ?? 800)), height: Math.max(240, Math.round(chartBox.current?.clientHeight ?? 500)) });
  const cellChange = changeAt ? (r: number, c: number) => { const col = model.columns[c]; return col ? changeAt(model.period(r), col) : undefined; } : undefined;

  return (
    <div className={mergeClasses(styles.root, bodyHeight !== null && styles.grown)}>
      <div className={styles.head}>
        <h2 className={styles.title} title={title}>{title}</h2>
        {stale.length > 0 ? <Badge color="warning" appearance="filled">{`Stale: ${stale.length} of ${series.length} from an old cached copy`}</Badge> : null}
        <Toolbar aria-label="Series view" className={styles.controls}>
          <TabList size="small" selectedValue={show} onTabSelect={(_, d) => setShow(d.value as Show)} aria-label="Show">
            <Tab value="both">Both</Tab>
            <Tab value="chart">Chart</Tab>
            <Tab value="table">Table</Tab>
          </TabList>
          {typeof actions === 'function' ? actions(savedChart) : actions}
        </Toolbar>
      </div>
      {/* The caller's note (a comparison's summary and legend) is never squeezed either: its text would run over what follows. */}
      {note ? <div className={styles.noteBox}>{note}</div> : null}
      {conversion ? <MessageBar className={styles.note} intent="info" layout="multiline" data-testid="conversion-note"><MessageBarBody>{conversion}</MessageBarBody></MessageBar> : null}
      {warnings.map((w) => <MessageBar key={w} className={styles.note} intent="warning" layout="multiline"><MessageBarBody>{w}</MessageBarBody></MessageBar>)}
      <div className={styles.controls}>
        {transform && frequency ? (
          <TransformBar {...transform} shown={frequency} baseYear={shown[0]?.periods[0]?.slice(0, 4) ?? ''} />
        ) : null}
        {chart && show !== 'table' ? <AxisChoice lines={chart.lines} right={right} onChange={setRight} /> : null}
        {chart && show !== 'table' ? <MarksMenu marks={marks} onChange={setMarks} /> : null}
        <ChartImageMenu figure={figure} table={model} title={title} screenSize={screenSize} />
        {frequencies.length > 1 ? (
          <RadioGroup layout="horizontal" value={frequency ?? ''} onChange={(_, d) => setPicked(d.value as Frequency)} aria-label="Frequency shown">
            {frequencies.map((f) => <Radio key={f} value={f} label={FREQUENCY_LABEL[f]} />)}
          </RadioGroup>
        ) : null}
        {/* Series that share no frequency (monthly retail sales with quarterly GDP) have nothing to switch to. */}
        {gsoFrequency && (gsoFrequency.options ?? GSO_FREQUENCIES).length > 0 ? (
          <div className={styles.group}>
            <Text id="gso-frequency-label" weight="semibold" size={200}>GSO frequency</Text>
            <RadioGroup layout="horizontal" value={gsoFrequency.value} disabled={gsoFrequency.busy} onChange={(_, d) => gsoFrequency.onChange(d.value as GsoFrequency)} aria-labelledby="gso-frequency-label">
              {(gsoFrequency.options ?? GSO_FREQUENCIES).map((f) => <Radio key={f} value={f} label={FREQUENCY_LABEL[f]} />)}
            </RadioGroup>
          </div>
        ) : null}
        {hasStock && show !== 'table' ? (
          <div className={styles.group}>
            <Text id="chart-style-label" weight="semibold" size={200}>Chart</Text>
            <RadioGroup layout="horizontal" value={mode} onChange={(_, d) => setMode(d.value as ChartMode)} aria-labelledby="chart-style-label">
              <Radio value="candles" label="Candlesticks" />
              <Radio value="ohlc" label="OHLC bars" />
              <Radio value="line" label="Close (line)" />
            </RadioGroup>
          </div>
        ) : null}
      </div>
      <div ref={body} className={styles.body} style={bodyHeight === null ? undefined : { flex: 'none', height: `${bodyHeight}px` }}>
        {show !== 'table' ? (
          <div ref={chartBox} className={mergeClasses(styles.chart, show === 'chart' && styles.only)}>
            <SeriesChart series={charted} mode={hasStock ? mode : 'line'} label={`Chart of ${title}`} right={right} marks={marks} {...(chart ? { chart } : {})} {...(frequency ? { frequency } : {})} />
            {shown.length > charted.length ? <Text size={200} className={styles.summary}>{`The chart draws the first ${charted.length} of ${shown.length.toLocaleString('en-US')} series; the table and exports hold them all.`}</Text> : null}
          </div>
        ) : null}
        {show !== 'chart' ? (
          <div className={mergeClasses(styles.table, show === 'table' && styles.only)}>
            <SeriesTable model={model} label={`Table of ${title}`} {...(cellChange ? { changeAt: cellChange } : {})} />
          </div>
        ) : null}
      </div>
      <Accordion
        collapsible
        className={styles.provenance}
        onToggle={(_, d) => setBodyHeight(d.openItems.includes('provenance') ? (body.current?.offsetHeight ?? null) : null)}
        data-testid="provenance"
      >
        <AccordionItem value="provenance">
          <AccordionHeader size="small">
            <span className={styles.summary}>{`Provenance: ${sources || 'unknown source'} · ${model.rowCount.toLocaleString('en-US')} periods · ${series.length} series`}</span>
          </AccordionHeader>
          <AccordionPanel>
            <div className={styles.provenanceBody} data-testid="provenance-body" tabIndex={0} role="region" aria-label="Provenance of every series">
              <CopyAsCode series={series} of={title} />
              <ProvenanceBlock series={series} max={12} />
            </div>
          </AccordionPanel>
        </AccordionItem>
      </Accordion>
    </div>
  );
}
