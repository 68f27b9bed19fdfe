/**
 * The wide layout: periods down, one column per series column (and per series flag), the
 * provenance block above with one column group per series.
 *
 * Several frequencies cannot share one period column (a quarter is not a month), so a wide grid
 * takes series of one frequency; mixing them is refused with a clear error. Callers that hold mixed
 * series split them with `groupByFrequency` (one sheet each, what the XLSX writer does) or use the
 * long layout, where every row carries its own period and format.
 */
import type { Frequency, Series } from '@econdata/core';
import { SheetsError } from '../errors.ts';
import { cell, textWidth, wrappedRowHeights } from './cells.ts';
import { displayWidth, valueFormat } from './formats.ts';
import { periodFormat, periodToSerial } from './periods.ts';
import { derivationText, dimensionLabel, forecastText, LABEL, monthsText, queryText, STALE_TEXT, warningsText } from './provenance.ts';
import type { BodyColumn, Cell, Grid, GridColumn, Range } from './types.ts';

const MIN_WIDTH = 12;
const MAX_WIDTH = 30;
/** Provenance text (ids, queries) wraps rather than widening the data columns past this. */
const MAX_META_WIDTH = 20;
/**
 * A column is as wide as its header, up to this: a header is read whole on one line (and is the
 * column's name in the sheet's Excel table); only a header longer than this wraps.
 */
const MAX_HEADER_WIDTH = 60;

/** Splits series by frequency, in the order frequencies first appear. */
export function groupByFrequency(series: readonly Series[]): Array<{ frequency: Frequency; series: Series[] }> {
  const groups = new Map<Frequency, Series[]>();
  for (const s of series) {
    const group = groups.get(s.frequency);
    if (group) group.push(s);
    else groups.set(s.frequency, [s]);
  }
  return [...groups].map(([frequency, list]) => ({ frequency, series: list }));
}

/**
 * The period axis: every period of every series, in order (period strings of one frequency sort as
 * text). When every series has the same periods, that array is the axis (no copy: big data).
 */
function periodAxis(series: readonly Series[]): readonly string[] {
  const first = series[0]?.periods ?? [];
  const same = series.every((s) => s.periods === first || (s.periods.length === first.length && s.periods.every((p, i) => p === first[i])));
  if (same) return first;
  const axis = new Set<string>();
  for (const s of series) for (const p of s.periods) axis.add(p);
  return [...axis].sort();
}

interface ColumnPlan {
  series: number;
  kind: 'value' | 'flag';
  key: string;
  label: string;
  unit: string | null;
}

/** Lays out series of one frequency wide; see the module comment. */
export function layoutWide(series: readonly Series[], provenance: boolean, name: string): Grid {
  const groups = groupByFrequency(series);
  if (groups.length > 1) {
    const list = groups.map((g) => `${g.frequency}: ${g.series.map((s) => s.id).join(', ')}`).join('; ');
    throw new SheetsError(
      'mixed_frequencies',
      `Series of different frequencies cannot share one wide period column (${list}). ` +
        'Lay out each frequency on its own sheet (groupByFrequency) or use orientation "long".',
    );
  }
  const frequency: Frequency = groups[0]?.frequency ?? 'annual';

  const plan: ColumnPlan[] = [];
  series.forEach((s, i) => {
    for (const c of s.columns) plan.push({ series: i, kind: 'value', key: c.key, label: c.label, unit: c.unit });
    for (const flag of Object.keys(s.flags ?? {})) plan.push({ series: i, kind: 'flag', key: flag, label: flag, unit: null });
  });

  const axis = periodAxis(series);

  const rows: Cell[][] = [];
  const merges: Range[] = [];
  const widths: number[] = [MIN_WIDTH, ...plan.map(() => MIN_WIDTH)];
  const firstColumn = series.map((_, i) => 1 + plan.findIndex((p) => p.series === i));
  const lastColumn = series.map((_, i) => plan.length - [...plan].reverse().findIndex((p) => p.series === i));

  // One row of series-level facts: the value under the series' first column, merged across its group.
  const seriesRow = (label: string, value: (s: Series) => string | null, style: 'meta' | 'warning' = 'meta'): void => {
    const row: Cell[] = [cell(label, 'label')];
    series.forEach((s, i) => {
      const left = firstColumn[i] ?? 1;
      const right = lastColumn[i] ?? left;
      const v = value(s);
      row[left] = cell(v, v !== null && style === 'warning' ? 'warning' : 'meta');
      for (let c = left + 1; c <= right; c += 1) row[c] = cell(null, 'meta');
      if (right > left) merges.push({ top: rows.length, left, bottom: rows.length, right });
      // A merged group shares its width; a long value should not make every column wide.
      const share = Math.ceil(textWidth(v) / (right - left + 1));
      for (let c = left; c <= right; c += 1) widths[c] = Math.max(widths[c] ?? 0, Math.min(share + 1, MAX_META_WIDTH));
    });
    widths[0] = Math.max(widths[0] ?? 0, label.length + 1);
    rows.push(row);
  };
  const columnRow = (label: string, value: (p: ColumnPlan) => string | null): void => {
    rows.push([cell(label, 'label'), ...plan.map((p) => cell(value(p), 'meta'))]);
  };

  if (provenance) {
    seriesRow(LABEL.series, (s) => s.id);
    seriesRow(LABEL.title, (s) => s.title);
    seriesRow(LABEL.kind, (s) => s.kind);
    const dimensionKeys = [...new Set(series.flatMap((s) => Object.keys(s.dimensions)))];
    for (const key of dimensionKeys) seriesRow(dimensionLabel(key), (s) => s.dimensions[key] ?? null);
    seriesRow(LABEL.frequency, (s) => s.frequency);
    seriesRow(LABEL.source, (s) => s.provenance.source);
    seriesRow(LABEL.lastUpdated, (s) => s.provenance.last_updated);
    seriesRow(LABEL.retrievedAt, (s) => s.provenance.retrieved_at);
    seriesRow(LABEL.query, (s) => queryText(s.provenance.endpoint, s.provenance.query));
    // Months trimmed on the client (a trade range): not part of the request above, so said apart.
    if (series.some((s) => monthsText(s.provenance.query))) seriesRow(LABEL.months, (s) => monthsText(s.provenance.query));
    // An @econdata/analysis transform (canonical text, which re-applies it) and its warnings.
    if (series.some((s) => s.provenance.transform)) seriesRow(LABEL.transform, (s) => s.provenance.transform ?? null);
    if (series.some((s) => s.provenance.derivation)) seriesRow(LABEL.formula, (s) => derivationText(s.provenance.derivation));
    if (series.some((s) => warningsText(s.provenance.warnings))) seriesRow(LABEL.warnings, (s) => warningsText(s.provenance.warnings), 'warning');
    if (series.some((s) => s.provenance.stale !== undefined)) {
      seriesRow(LABEL.stale, (s) => (s.provenance.stale === undefined ? null : s.provenance.stale ? STALE_TEXT : 'no'), 'warning');
    }
    // IMF projections: a legend line; sinks that can shade cells mark the projected rows.
    if (series.some((s) => forecastText(s.periods, s.flags?.['is_projection']))) seriesRow(LABEL.forecasts, (s) => forecastText(s.periods, s.flags?.['is_projection']));
    columnRow(LABEL.column, (p) => p.label);
    columnRow(LABEL.unit, (p) => p.unit);
    columnRow(LABEL.field, (p) => (p.kind === 'flag' ? `flag:${p.key}` : p.key));
    rows.push([]);
  }
  const provenanceBottom = rows.length - 2;
  const headerRow = rows.length;
  // Headers say whose column it is (two 'GDP (current US$)' or 'is_projection' columns would be
  // ambiguous): the series title for a one-column series, its symbol (or title) and the column
  // label otherwise; a flag is named alone only when the grid has one series.
  const header = plan.map((p) => {
    const s = series[p.series];
    if (s === undefined) return p.label;
    const who = s.dimensions['symbol'] ?? s.dimensions['index'] ?? s.title;
    if (p.kind === 'flag') return series.length === 1 ? p.label : `${who}: ${p.label}`;
    return s.columns.length === 1 ? s.title : `${who}: ${p.label}`;
  });
  rows.push([cell(LABEL.period, 'header'), ...header.map((h) => cell(h, 'header'))]);
  const headerWidths = header.map((h) => Math.min(textWidth(h) + 3, MAX_HEADER_WIDTH));

  const body = wideBody(series, plan, axis, frequency, widths);
  const columns: GridColumn[] = [
    { width: widths[0] ?? MIN_WIDTH, role: 'period' },
    // Content (numbers, provenance) widens a column up to MAX_WIDTH; its header, up to MAX_HEADER_WIDTH.
    ...plan.map((p, i) => ({ width: Math.max(Math.min(widths[i + 1] ?? MIN_WIDTH, MAX_WIDTH), headerWidths[i] ?? 0), role: p.kind, series: p.series, key: p.key })),
  ];
  const lastCol = plan.length;
  const rowHeights = wrappedRowHeights(rows, columns.map((c) => c.width), merges, (c) => c.style === 'meta' || c.style === 'warning' || c.style === 'header');
  return {
    name,
    orientation: 'wide',
    rows,
    body,
    columns,
    merges,
    notes: [],
    rowHeights,
    frozenRows: headerRow + 1,
    frozenColumns: 1,
    regions: {
      ...(provenance ? { provenance: { top: 0, left: 0, bottom: provenanceBottom, right: lastCol } } : {}),
      header: { top: headerRow, left: 0, bottom: headerRow, right: lastCol },
      data: { top: headerRow + 1, left: 0, bottom: headerRow + axis.length, right: lastCol },
    },
  };
}

function wideBody(series: readonly Series[], plan: ColumnPlan[], axis: readonly string[], frequency: Frequency, widths: number[]): { rowCount: number; columns: BodyColumn[] } {
  const periodColumn: BodyColumn = { values: axis.map((p) => periodToSerial(p, frequency)), texts: axis, style: 'period' };
  if (frequency === 'quarterly') periodColumn.formats = axis.map((p) => periodFormat('quarterly', p));
  else periodColumn.fmt = periodFormat(frequency);

  // Row index of each period on the shared axis, built only when a series does not cover the axis.
  let position: Map<string, number> | undefined;
  const columns: BodyColumn[] = [periodColumn];
  plan.forEach((p, i) => {
    const s = series[p.series];
    if (s === undefined) return;
    const source: ReadonlyArray<number | boolean | null> =
      p.kind === 'value' ? (s.values[s.columns.findIndex((c) => c.key === p.key)] ?? []) : (s.flags?.[p.key] ?? []);
    let values: ReadonlyArray<number | boolean | null>;
    if (s.periods.length === axis.length) {
      values = source; // same axis: share the Series' array, no copy
    } else {
      position ??= new Map(axis.map((period, j) => [period, j]));
      const at = position;
      const spread: Array<number | boolean | null> = new Array<number | boolean | null>(axis.length).fill(null);
      s.periods.forEach((period, j) => (spread[at.get(period) ?? 0] = source[j] ?? null));
      values = spread;
    }
    const fmt = p.kind === 'value' ? valueFormat(p.unit, p.key) : undefined;
    if (fmt !== undefined) {
      let max = 0;
      let min = 0;
      for (const v of values) {
        if (typeof v !== 'number') continue;
        if (v > max) max = v;
        if (v < min) min = v;
      }
      widths[i + 1] = Math.max(widths[i + 1] ?? 0, displayWidth(max, fmt) + 2, displayWidth(min, fmt) + 2);
    }
    columns.push({ values, ...(fmt === undefined ? {} : { fmt }), style: 'value' });
  });
  return { rowCount: axis.length, columns };
}
