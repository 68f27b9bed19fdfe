/**
 * "Insert as formula": the ECON.* custom-function call that stands for a query, written at the
 * selection instead of values, so the cells recalculate through the shared runtime's cache.
 * Signatures: ECON.INDICATOR(source, indicator, country, [start_year], [end_year], [frequency], [options]),
 * ECON.TRADE(flow, [partner], [hs_code], [period: a month or 2024-01:2024-06], [options]), ECON.STOCK(symbol_or_index, [start_date],
 * [end_date], [field], [options]), ECON.DERIVED(expression, operands, [start_year], [end_year], [options]);
 * `options` holds the transform in @econdata/analysis's canonical text ('Units=pc1'), and the layout options.
 */
import { formatDerived, type DerivedRequest } from '@econdata/analysis';
import type { Series, SeriesQuery } from '@econdata/core';
import { layoutSeries, readArrangement } from '@econdata/sheets';
import { optionPairs } from '@econdata/analysis';
import type { ExcelHost } from './excel-api.ts';
import { splitAddress } from './a1.ts';
import { FUNCTIONS_NAMESPACE } from '../functions/namespace.ts';

type Arg = string | number | string[] | undefined;

function literal(a: Exclude<Arg, undefined>): string {
  if (typeof a === 'number') return String(a);
  // Several countries or indicators: an array constant, one column per series when it spills.
  if (Array.isArray(a)) return `{${a.map((s) => literal(s)).join(',')}}`;
  return `"${a.replace(/"/g, '""')}"`;
}

/** A function call with trailing omitted arguments dropped and inner ones left empty. */
function call(name: string, args: Arg[]): string {
  let last = args.length;
  while (last > 0 && args[last - 1] === undefined) last -= 1;
  return `=${FUNCTIONS_NAMESPACE}.${name}(${args.slice(0, last).map((a) => (a === undefined ? '' : literal(a))).join(',')})`;
}

/** A trade query's range of months as ECON.TRADE's period argument (`2024-01:2024-06`); undefined without one. */
function monthRange(q: SeriesQuery & { kind: 'trade' }): string | undefined {
  if (q.start_period === undefined && q.end_period === undefined) return undefined;
  return `${q.start_period ?? ''}:${q.end_period ?? ''}`;
}

/** The formula text of one query, with its transform as the trailing argument ('' or none: left out). */
export function formulaFor(q: SeriesQuery, transform?: string): string {
  const t = transform || undefined;
  switch (q.kind) {
    case 'indicator':
      return call('INDICATOR', [q.source, q.indicator, q.country ?? '', q.start_year, q.end_year, q.frequency, t]);
    case 'trade':
      return call('TRADE', [q.flow ?? 'exports', q.partner, q.hs_code, q.period ?? monthRange(q), t]);
    case 'stock':
      return call('STOCK', [q.symbol ?? q.index ?? '', q.start_date, q.end_date, undefined, t]);
  }
}

/**
 * Formulas for a set of queries: indicator queries that differ only by indicator or country
 * become one call with array constants (it spills a column per series); the rest one call each.
 */
export function formulasFor(queries: readonly SeriesQuery[], transform?: string): string[] {
  const groups = new Map<string, { q: SeriesQuery & { kind: 'indicator' }; indicators: string[]; countries: string[] }>();
  const out: Array<string | { group: string }> = [];
  for (const q of queries) {
    if (q.kind !== 'indicator') {
      out.push(formulaFor(q, transform));
      continue;
    }
    const key = JSON.stringify([q.source, q.start_year, q.end_year, q.frequency]);
    const g = groups.get(key);
    if (!g) {
      groups.set(key, { q, indicators: [q.indicator], countries: [q.country ?? ''] });
      out.push({ group: key });
      continue;
    }
    if (!g.indicators.includes(q.indicator)) g.indicators.push(q.indicator);
    const country = q.country ?? '';
    if (!g.countries.includes(country)) g.countries.push(country);
  }
  return out.map((item) => {
    if (typeof item === 'string') return item;
    const g = groups.get(item.group);
    if (!g) return '';
    const one = (list: string[]): string | string[] => (list.length === 1 ? (list[0] ?? '') : list);
    return call('INDICATOR', [g.q.source, one(g.indicators), one(g.countries), g.q.start_year, g.q.end_year, g.q.frequency, transform || undefined]);
  });
}

/** Columns left between formulas written side by side, so one spill does not block the next. */
const FORMULA_SPACING = 8;

/** Writes the formulas of some queries (with the transform, if any) at the selection (see writeFormulas). */
export async function insertFormulas(excel: ExcelHost, queries: readonly SeriesQuery[], transform?: string): Promise<{ formulas: string[]; address: string }> {
  return writeFormulas(excel, formulasFor(queries, transform));
}

/**
 * The =ECON.DERIVED call of a derived request: a preset by its id over one series, else the
 * expression and every operand in analysis's operand text form, operand a's years, the transform.
 */
export function derivedFormulaText(request: DerivedRequest): string {
  const t = formatDerived(request);
  const operands = t.operands.length === 1 ? t.operands[0]! : t.operands;
  return call('DERIVED', [t.expression, operands, t.years.start_year, t.years.end_year, t.transform || undefined]);
}

/** Writes formulas at the selection, side by side (one sync), and returns the cells they went to. */
export async function writeFormulas(excel: ExcelHost, formulas: string[]): Promise<{ formulas: string[]; address: string }> {
  return excel.run(async (context) => {
    const anchor = context.workbook.getSelectedRange().getCell(0, 0);
    context.workbook.application.suspendApiCalculationUntilNextSync();
    formulas.forEach((f, i) => (anchor.getOffsetRange(0, i * FORMULA_SPACING).formulas = [[f]]));
    const cells = anchor.load('address');
    await context.sync();
    return { formulas, address: cells.address };
  });
}

/** Points per character of a column's width, as inserted blocks set them (block-writer.ts). */
const POINTS_PER_CHAR = 6;

/**
 * Sets the number formats and column widths of the cells a formula spills into, from the Grid an
 * inserted block of the same series holds (sheets' layout, without the provenance rows, as the
 * spill itself): a long number is then shown whole ("5,688.12", not "5688.…") where the column
 * was narrow (issue 28). Periods down only (`Dir=V`, the default): across, the spill's columns are
 * periods and keep the sheet's widths. One sync.
 *
 * @example await formatSpill(excel, 'Sheet1!B61', series, 'Units=pc1')
 */
export async function formatSpill(excel: ExcelHost, address: string, series: readonly Series[], options = ''): Promise<void> {
  const arrangement = readArrangement(optionPairs(options));
  if (series.length === 0 || arrangement.dir === 'H') return;
  const grid = layoutSeries(series, { orientation: 'auto', provenance: false, arrangement });
  const head = grid.rows.length;
  await excel.run(async (context) => {
    // Excel's address of the anchor ('Sheet1!B61', a quoted sheet name 'My sheet'!B61): its cell, not the selection, which may have moved.
    const { sheet, cells } = splitAddress(address);
    const anchor = context.workbook.worksheets.getItem(sheet).getRange(cells);
    grid.columns.forEach((col, c) => (anchor.getOffsetRange(0, c).format.columnWidth = col.width * POINTS_PER_CHAR));
    if (grid.body.rowCount > 0) {
      grid.body.columns.forEach((col, c) => {
        const cells = anchor.getOffsetRange(head, c).getResizedRange(grid.body.rowCount - 1, 0);
        if (col.formats) cells.numberFormat = col.formats.map((f) => [f]);
        else if (col.fmt !== undefined) cells.numberFormat = col.fmt;
      });
    }
    await context.sync();
  });
}
