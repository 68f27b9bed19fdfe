/**
 * The long (tidy) layout: one row per series, period and column, with the series' identity and
 * dimensions on every row so the block filters and pivots on its own. Rows of missing values are
 * kept (with an empty value cell), so the block says which periods exist. Frequencies may mix:
 * each row carries its own period format. Above it, the provenance block is a table, one row per
 * series.
 */
import type { Series } from '@econdata/core';
import { cell, textWidth } from './cells.ts';
import { valueFormat } from './formats.ts';
import { periodFormat, periodToSerial } from './periods.ts';
import { derivationText, dimensionLabel, LABEL, monthsText, queryText, STALE_TEXT, warningsText } from './provenance.ts';
import type { BodyColumn, Cell, CellValue, ColumnRole, Grid, GridColumn } from './types.ts';

const MIN_WIDTH = 10;
const MAX_WIDTH = 40;

/** Lays out series long; see the module comment. */
export function layoutLong(series: readonly Series[], provenance: boolean, name: string): Grid {
  const dimensionKeys = [...new Set(series.flatMap((s) => Object.keys(s.dimensions)))];
  const flagKeys = [...new Set(series.flatMap((s) => Object.keys(s.flags ?? {})))];
  const rows: Cell[][] = [];

  if (provenance) {
    const hasStale = series.some((s) => s.provenance.stale !== undefined);
    const hasTransform = series.some((s) => s.provenance.transform);
    const hasWarnings = series.some((s) => warningsText(s.provenance.warnings));
    const hasFormula = series.some((s) => s.provenance.derivation);
    const hasMonths = series.some((s) => monthsText(s.provenance.query));
    const heads: string[] = [LABEL.series, LABEL.title, LABEL.kind, LABEL.frequency, LABEL.source, LABEL.lastUpdated, LABEL.retrievedAt, LABEL.query];
    if (hasMonths) heads.push(LABEL.months);
    if (hasTransform) heads.push(LABEL.transform);
    if (hasFormula) heads.push(LABEL.formula);
    if (hasWarnings) heads.push(LABEL.warnings);
    if (hasStale) heads.push(LABEL.stale);
    rows.push([...heads, ...dimensionKeys.map(dimensionLabel)].map((h) => cell(h, 'label')));
    for (const s of series) {
      const p = s.provenance;
      const values: CellValue[] = [s.id, s.title, s.kind, s.frequency, p.source, p.last_updated, p.retrieved_at, queryText(p.endpoint, p.query)];
      if (hasMonths) values.push(monthsText(p.query));
      if (hasTransform) values.push(p.transform ?? null);
      if (hasFormula) values.push(derivationText(p.derivation));
      if (hasWarnings) values.push(warningsText(p.warnings));
      if (hasStale) values.push(p.stale === undefined ? null : p.stale ? STALE_TEXT : 'no');
      // Plain text, not wrapped: this table's columns are sized for the data block below.
      rows.push([...values, ...dimensionKeys.map((k) => s.dimensions[k] ?? null)].map((v) => cell(v, 'text')));
    }
    rows.push([]);
  }
  const provenanceBottom = rows.length - 2;

  const roles: Array<{ role: ColumnRole; key?: string; label: string }> = [
    { role: 'series', label: LABEL.series },
    ...dimensionKeys.map((k) => ({ role: 'dimension' as const, key: k, label: dimensionLabel(k) })),
    { role: 'period', label: LABEL.period },
    { role: 'field', label: LABEL.field },
    { role: 'label', label: LABEL.column },
    { role: 'value', label: LABEL.value },
    { role: 'unit', label: LABEL.unit },
    ...flagKeys.map((k) => ({ role: 'flag' as const, key: k, label: k })),
  ];
  const headerRow = rows.length;
  rows.push(roles.map((r) => cell(r.label, 'header')));

  // Column-major body: strings are shared references, so repeated ids cost one pointer per row.
  const cols: CellValue[][] = roles.map(() => []);
  const periodFormats: string[] = [];
  const periodTexts: string[] = [];
  const valueFormats: string[] = [];
  const at = (i: number): CellValue[] => cols[i] ?? [];
  const d = dimensionKeys.length;
  for (const s of series) {
    const dates = s.periods.map((p) => periodToSerial(p, s.frequency));
    const fmts = s.frequency === 'quarterly' ? s.periods.map((p) => periodFormat('quarterly', p)) : null;
    const fmt = s.frequency === 'quarterly' ? '' : periodFormat(s.frequency);
    s.columns.forEach((column, c) => {
      const vfmt = valueFormat(column.unit, column.key);
      const values = s.values[c] ?? [];
      s.periods.forEach((period, p) => {
        at(0).push(s.id);
        dimensionKeys.forEach((k, j) => at(1 + j).push(s.dimensions[k] ?? null));
        at(1 + d).push(dates[p] ?? null);
        periodFormats.push(fmts?.[p] ?? fmt);
        periodTexts.push(period);
        at(2 + d).push(column.key);
        at(3 + d).push(column.label);
        at(4 + d).push(values[p] ?? null);
        valueFormats.push(vfmt);
        at(5 + d).push(column.unit);
        flagKeys.forEach((k, j) => at(6 + d + j).push(s.flags?.[k]?.[p] ?? null));
      });
    });
  }

  const body: BodyColumn[] = roles.map((r, i) => {
    if (r.role === 'period') return { values: at(i), formats: periodFormats, texts: periodTexts, style: 'period' };
    if (r.role === 'value') return { values: at(i), formats: valueFormats, style: 'value' };
    return { values: at(i) };
  });
  const columns: GridColumn[] = roles.map((r, i) => {
    let width = Math.max(MIN_WIDTH, r.label.length + 2);
    if (r.role === 'value') width = 16;
    else if (r.role !== 'period') for (const v of new Set(at(i))) width = Math.max(width, textWidth(v) + 1);
    else width = 12;
    return { width: Math.min(width, MAX_WIDTH), role: r.role, ...(r.key === undefined ? {} : { key: r.key }) };
  });
  const lastCol = roles.length - 1;
  const rowCount = at(0).length;
  return {
    name,
    orientation: 'long',
    rows,
    body: { rowCount, columns: body },
    columns,
    merges: [],
    notes: [],
    rowHeights: {},
    frozenRows: headerRow + 1,
    frozenColumns: 0,
    regions: {
      ...(provenance ? { provenance: { top: 0, left: 0, bottom: provenanceBottom, right: Math.max(lastCol, rows[0]?.length ?? 0) } } : {}),
      header: { top: headerRow, left: 0, bottom: headerRow, right: lastCol },
      data: { top: headerRow + 1, left: 0, bottom: headerRow + rowCount, right: lastCol },
    },
  };
}
